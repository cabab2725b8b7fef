// Taking a held fax back to edit, under SIGKILL: the app is killed at every checkpoint of the edit (the fax
// stopped from going by itself, the draft in progress set aside, the held fax's draft written, the fax removed
// from the outbox), restarted — with the account topped up, so a fax that could still go would — and then:
// nothing was sent, the held fax's contents are in the draft or still in the outbox (never neither), and the
// draft that was in progress is still there, current or set aside.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleChild, doneReport, killAtEachPointChained, runChildApp, signInChildProfile } from '../helpers/child-app';
import { startTestSandbox, type ListJson, type TestSandbox } from '../fax-service/testkit';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'edit-kill-'));
let bundle = '';
let t: TestSandbox;

beforeAll(async () => {
  t = await startTestSandbox();
  bundle = await bundleChild('test/fixtures/edit-child.ts', 'edit-child');
});

afterAll(async () => {
  await t.close();
  fs.rmSync(work, { recursive: true, force: true });
});

interface Done {
  checkpoints: number;
  outbox: Array<{ state: string; subject: string }>;
  draft: string | null;
  aside: string[];
}

async function prepare(tag: string): Promise<{ env: Record<string, string>; key: string; accountId: string }> {
  // Paused: the first fax is held (402) until the account is topped up.
  const { accountId, key } = await t.fullAccess({ page_limit: 10, pages_used: 11 });
  const dataDir = path.join(work, tag);
  const service = `Fax Desktop edit kill test ${tag}`;
  await signInChildProfile(t, { dataDir, keychainService: service, key });
  return { accountId, key, env: { CHILD_DATA: dataDir, CHILD_KEYCHAIN: service } };
}

async function sentCount(key: string): Promise<number> {
  return ((await t.api(key, 'GET', '/faxes?direction=outbound&limit=100')).json as ListJson<unknown>).data.data.length;
}

function judge(tag: string, done: Done | null, sent: number): string[] {
  if (!done) return [`${tag}: the restarted app reported nothing`];
  const problems: string[] = [];
  if (sent !== 0) problems.push(`${tag}: ${String(sent)} fax(es) sent`);
  const held = done.draft === 'held' || done.outbox.some((item) => item.subject === 'held');
  if (!held) problems.push(`${tag}: the held fax is gone (${JSON.stringify(done)})`);
  if (done.outbox.some((item) => item.subject === 'held' && item.state !== 'held' && item.state !== 'failed')) problems.push(`${tag}: the held fax may go by itself (${JSON.stringify(done.outbox)})`);
  if (done.draft !== 'working' && !done.aside.includes('working')) problems.push(`${tag}: the draft in progress is gone (${JSON.stringify(done)})`);
  if (done.aside.filter((subject) => subject === 'working').length + (done.draft === 'working' ? 1 : 0) > 1) problems.push(`${tag}: the draft in progress is there twice`);
  return problems;
}

describe('editing a held fax under SIGKILL', () => {
  it('a run without a kill: the held fax is in the draft, the one in progress set aside, the outbox empty', async () => {
    const { env, key } = await prepare('baseline');
    const run = await runChildApp(bundle, { ...env, CHILD_MODE: 'first' });
    expect(run.code, run.output).toBe(0);
    expect(doneReport(run.output)).toMatchObject({ outbox: [], draft: 'held', aside: ['working'] });
    expect(await sentCount(key)).toBe(0);
  });

  it('killed at each checkpoint of the edit and restarted: nothing sent, nothing lost, nothing doubled', async () => {
    const probe = await prepare('probe');
    const baseline = await runChildApp(bundle, { ...probe.env, CHILD_MODE: 'first' });
    const editFrom = Number(/^EDIT_FROM (\d+)$/m.exec(baseline.output)?.[1] ?? 'NaN');
    const total = (doneReport(baseline.output) as Done).checkpoints;
    const points = total - editFrom;
    expect(points).toBeGreaterThanOrEqual(5);
    // Each lane chains its points: the fresh process that resumes a killed profile then makes the next first run.
    const result = await killAtEachPointChained(bundle, points, {
      prepare: async (offset) => ({ ...(await prepare(`kill-${String(editFrom + offset)}`)), killAt: editFrom + offset }),
      // Topped up while the app was down: a fax that could still go, would.
      afterFirst: async ({ accountId }) => {
        await t.control('PATCH', `/accounts/${accountId}`, { pages_used: 0 });
      },
      judge: async ({ killAt, key }, _first, resumed) => {
        const tag = `kill-${String(killAt)}`;
        return resumed.code === 0 ? judge(tag, doneReport(resumed.output) as Done | null, await sentCount(key)) : [`${tag}: resume exited ${String(resumed.code)}: ${resumed.output}`];
      },
    });
    expect(result.failures).toEqual([]);
    expect(result.unreached, 'kill points a first run never reached').toEqual([]);
    expect(result.killedRuns).toBe(points);
  });
});
