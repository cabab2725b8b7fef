/**
 * A desk waiting to join (main/triage/office-joining.ts) against a real hub: it keeps waiting through a restart
 * (what it asked with is sealed on disk), takes its key once the administrator confirms, says so when the
 * administrator removed the sign-in instead or nobody confirmed before the code ran out, and forgets the join when
 * the person stops waiting.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/log/logger';
import { addPerson } from '../../main/hub/office-setup';
import type { HubAddress } from '../../main/hub/hub-address';
import { createJoiningDesk, type JoiningDesk } from '../../main/triage/office-joining';
import { confirmWhenAsked, useTestOffice } from '../helpers/hub-office';
import { waitUntil } from '../helpers/wait';

const hub = useTestOffice();

function joiningDesk(dataDir: string, arrived: Array<{ address: HubAddress; officeKey: Buffer }>, now: () => number = Date.now): JoiningDesk {
  return createJoiningDesk({
    dataDir,
    fileKey: Buffer.alloc(32, 7),
    log: silentLogger,
    joined: (joined) => Promise.resolve(void arrived.push(joined)),
    changed: () => undefined,
    pollMs: 50,
    now,
  });
}

const code = (login: string, validMs?: number): Promise<string> =>
  addPerson(hub.office.address, { password: hub.office.adminPassword }, hub.office.officeKey, { login, name: login, validMs }, 'admin-desk');

describe('a desk waiting to join', () => {
  it('keeps waiting through a restart, then takes its key once confirmed, and the join file goes', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joining-'));
    const login = `wait_${process.pid}`;
    const arrived: Array<{ address: HubAddress; officeKey: Buffer }> = [];
    const first = joiningDesk(dataDir, arrived);
    await first.begin(await code(login));
    const shown = first.view();
    expect(shown).toMatchObject({ login, safetyCode: expect.stringMatching(/^\d{3} \d{3}$/) as string, problem: null });
    // What it asked with is on disk, sealed: no password, key or code in the clear.
    const stored = fs.readFileSync(path.join(dataDir, 'office-joining.sealed'));
    expect(stored.includes(Buffer.from('PRIVATE KEY'))).toBe(false);
    first.stop();

    const second = joiningDesk(dataDir, arrived);
    await second.resume();
    expect(second.view()).toEqual(shown);
    await confirmWhenAsked(hub.office, login);
    await waitUntil(() => arrived.length, (count) => count === 1, { what: 'the office key' });
    expect(arrived[0]?.officeKey.equals(hub.office.officeKey)).toBe(true);
    await waitUntil(() => second.view() === null && !fs.existsSync(path.join(dataDir, 'office-joining.sealed')), (gone) => gone, { what: 'the join forgotten once joined' });
    second.stop();
  });

  it('says so when the administrator removed the sign-in instead, or nobody confirmed before the code ran out; stopping forgets it', async () => {
    const arrived: Array<{ address: HubAddress; officeKey: Buffer }> = [];
    const refusedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joining-'));
    const refused = joiningDesk(refusedDir, arrived);
    const refusedLogin = `refused_${process.pid}`;
    await refused.begin(await code(refusedLogin));
    await hub.office.remove(refusedLogin, 0);
    await waitUntil(() => refused.view()?.problem, (problem) => problem === 'refused', { what: 'the refusal on the joining desk' });
    refused.stop();

    // A code given for two seconds: asked in time, never confirmed; the desk's clock says when it ran out.
    const expiredDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joining-'));
    const expired = joiningDesk(expiredDir, arrived);
    await expired.begin(await code(`late_${process.pid}`, 2_000));
    expect(expired.view()?.problem).toBeNull();
    await waitUntil(() => expired.view()?.problem, (problem) => problem === 'expired', { what: 'the expiry on the joining desk', timeoutMs: 10_000 });
    await expired.cancel();
    expect(expired.view()).toBeNull();
    expect(fs.existsSync(path.join(expiredDir, 'office-joining.sealed'))).toBe(false);
    expect(arrived).toEqual([]);
    expired.stop();
    // A code nobody can still use is refused before anything is asked.
    await expect(joiningDesk(fs.mkdtempSync(path.join(os.tmpdir(), 'joining-')), arrived, () => Date.now() + 3 * 86_400_000).begin(await code(`gone_${crypto.randomBytes(2).toString('hex')}`))).rejects.toMatchObject({
      details: { code: 'hub_join_code_expired' },
    });
  });
});
