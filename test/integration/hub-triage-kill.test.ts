/**
 * The desk's triage journal under SIGKILL: a desk doing seven triage actions is killed at each checkpoint
 * (journaled, applied on the hub, removed from the journal — for every action) and started again. Then the hub
 * holds exactly the actions the desk had journaled before it died — each once, in order, in the audit trail and in
 * the triage itself — and nothing the desk never journaled.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleChild, doneReport, killAtEachPointChained, runChildApp } from '../helpers/child-app';
import { createTestOffice, type TestOffice } from '../helpers/hub-office';
import { startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres';

const actions = ['claimed', 'noted', 'handled', 'noted', 'assigned', 'labelled', 'released'];
const checkpointsPerAction = 3;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'triage-kill-'));
let server: PrivatePostgres;
let office: TestOffice;
let bundle = '';
let person: { login: string; password: string; address: string };

beforeAll(async () => {
  server = await startPrivatePostgres();
  office = await createTestOffice(server);
  const joined = await office.person('killed', 'Killed Desk');
  await joined.session.close();
  person = { login: joined.address.user, password: joined.password, address: JSON.stringify(joined.address) };
  bundle = await bundleChild('test/fixtures/triage-child.ts', 'triage-child');
});

afterAll(() => {
  server.destroy();
  fs.rmSync(work, { recursive: true, force: true });
});

function childEnvironment(tag: string, killAt: number): Record<string, string> {
  const dir = path.join(work, tag);
  fs.mkdirSync(dir, { recursive: true });
  return {
    CHILD_DATA: dir,
    CHILD_PROGRESS: path.join(dir, 'progress'),
    CHILD_PREFIX: `95${String(killAt).padStart(4, '0')}000000`,
    CHILD_HUB: person.address,
    CHILD_PASSWORD: person.password,
    CHILD_OFFICE_KEY: office.officeKey.toString('base64url'),
    CHILD_DESK: `desk-${tag}`,
    CHILD_FILE_KEY: crypto.createHash('sha256').update(tag).digest('hex'),
  };
}

const query = (statement: string): string[] => server.sql(office.address.database, statement).trim().split('\n').filter((line) => line !== '');

/** What the hub holds for one desk's run, against what that desk had journaled. */
function verdict(tag: string, prefix: string, journaled: number): string[] {
  const problems: string[] = [];
  const expect = <T>(what: string, actual: T, wanted: T): void => {
    if (JSON.stringify(actual) !== JSON.stringify(wanted)) problems.push(`${tag}: ${what} ${JSON.stringify(actual)}, expected ${JSON.stringify(wanted)}`);
  };
  const [first, second] = [`${prefix}1`, `${prefix}2`];
  expect('audit', query(`SELECT action FROM fax_hub.audit WHERE desk_id = 'desk-${tag}' ORDER BY seq`), actions.slice(0, journaled));
  expect('notes', query(`SELECT fax_id FROM fax_hub.notes WHERE fax_id LIKE '${prefix}%' ORDER BY created_at`), [...(journaled >= 2 ? [first] : []), ...(journaled >= 4 ? [second] : [])]);
  expect('claim', query(`SELECT claimed_by FROM fax_hub.claims WHERE fax_id = '${first}'`), journaled >= 1 && journaled < 7 ? [person.login] : []);
  expect('handled', query(`SELECT handled_by FROM fax_hub.triage WHERE fax_id = '${first}' AND handled_by IS NOT NULL`), journaled >= 3 ? [person.login] : []);
  expect('assignee', query(`SELECT assignee FROM fax_hub.triage WHERE fax_id = '${second}' AND assignee IS NOT NULL`), journaled >= 5 ? [person.login] : []);
  expect('labels', query(`SELECT count(*) FROM fax_hub.triage WHERE fax_id = '${second}' AND labels_sealed IS NOT NULL`), [journaled >= 6 ? '1' : '0']);
  return problems;
}

describe('the triage journal under SIGKILL', () => {
  it('a run without a kill passes every checkpoint and puts every action on the hub once', async () => {
    const env = childEnvironment('whole', 0);
    const run = await runChildApp(bundle, { ...env, CHILD_MODE: 'first', KILL_AT: '0' });
    expect(doneReport(run.output), run.output).toEqual({ checkpoints: actions.length * checkpointsPerAction });
    expect(verdict('whole', env.CHILD_PREFIX ?? '', actions.length)).toEqual([]);
  });

  it('killed at each checkpoint and started again: the hub holds what was journaled, each once, and nothing else', async () => {
    const points = actions.length * checkpointsPerAction;
    // Each lane chains its points: the fresh process that resumes a killed desk then makes the next first run.
    const { failures, killedRuns, unreached } = await killAtEachPointChained(bundle, points, {
      prepare: (point) => Promise.resolve({ tag: `kill-${String(point)}`, env: childEnvironment(`kill-${String(point)}`, point), journaled: 0 }),
      // What the desk had journaled when it died, read before the restart adds its own lines.
      afterFirst: (profile) => {
        const passed = fs.readFileSync(profile.env.CHILD_PROGRESS ?? '', 'utf8').trim().split('\n');
        profile.journaled = passed.filter((line) => line.endsWith(' triage.journaled')).length;
        return Promise.resolve();
      },
      judge: ({ tag, env, journaled }, _first, resumed) => {
        if (doneReport(resumed.output) === null) return Promise.resolve([`${tag}: the resumed desk did not finish (${String(resumed.code ?? resumed.signal)}): ${resumed.output.slice(0, 400)}`]);
        return Promise.resolve(verdict(tag, env.CHILD_PREFIX ?? '', journaled));
      },
    });
    console.log(`triage SIGKILL test: ${points} kill points, ${killedRuns} runs killed, ${failures.length} failures`);
    expect(failures).toEqual([]);
    expect(unreached).toEqual([]);
    expect(killedRuns).toBe(points);
  }, 240_000);
});
