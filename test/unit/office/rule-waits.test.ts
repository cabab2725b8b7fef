/**
 * The status bar's "rule actions could not finish" counts failures only: an action waiting for its fax to be read,
 * for the hub, or for another desk that is doing it has not failed (it said so while both copies were saved within
 * half a minute). Random mixes of both kinds of reason, in any order.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { msg, type MessageId } from '../../../preload/i18n/translator';
import { createLogger } from '../../../main/log/logger';
import { waitingReasons } from '../../../main/office/rules/rule-waits';
import { openCache } from '../../../main/store/cache/cache';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rule-waits-'));
const cache = openCache(dir, crypto.randomBytes(32).toString('hex'), createLogger({ sinks: [] }));
afterAll(() => {
  cache.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const waits = [...waitingReasons] as MessageId[];
const failures: MessageId[] = ['fileWrite.diskFull', 'rules.stoppedBeforeFinishing'];

describe('rule actions that could not finish', () => {
  it('leave out the ones only waiting, whatever the mix; the reason and next try shown are a failure\'s', () => {
    let faxNumber = 500_000;
    fc.assert(
      fc.property(fc.array(fc.record({ reason: fc.constantFrom(...waits, ...failures), nextTry: fc.integer({ min: 1, max: 10_000_000 }) }), { minLength: 0, maxLength: 12 }), (actions) => {
        const ruleId = `r${String((faxNumber += 1))}`;
        for (const [index, action] of actions.entries()) {
          const faxId = String(faxNumber * 100 + index);
          cache.ruleActions.journal([{ faxId, ruleId, action: 'save', state: 'pending' }], 0);
          cache.ruleActions.failed(faxId, ruleId, msg(action.reason), action.nextTry);
        }
        const failed = actions.filter((action) => !waitingReasons.has(action.reason));
        const seen = cache.ruleActions.failing(waitingReasons);
        // Each run leaves nothing pending behind it (below), so these are this run's actions alone.
        expect(cache.ruleActions.failing().count).toBe(actions.length);
        expect(seen.count).toBe(failed.length);
        expect(seen.problem?.id).toBe(failed.at(-1)?.reason);
        expect(seen.nextTryMs).toBe(failed.length === 0 ? null : Math.min(...failed.map((action) => action.nextTry)));
        for (const index of actions.keys()) cache.ruleActions.skip(String(faxNumber * 100 + index), ruleId, msg('fileWrite.diskFull'));
        expect(cache.ruleActions.failing(waitingReasons).count).toBe(0);
      }),
      { numRuns: 200, seed: 5_720 },
    );
  });
});
