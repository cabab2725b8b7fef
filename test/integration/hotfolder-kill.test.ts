// Hot folders under SIGKILL: the app is killed at every checkpoint of taking files from a hot folder (claiming,
// moving to Sending, journaling in the outbox, sending, deciding the outcome, writing the reason, moving the file,
// ending the claim), restarted, and then the service holds exactly one fax per good file, every good file is in
// Sent, the unreadable one is in Failed with its reason, and nothing is left behind or lost.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleChild, doneReport, killAtEachPointChained, runChildApp, signInChildProfile } from '../helpers/child-app';
import { onePagePdf, startTestSandbox, type FaxJson, type ListJson, type TestSandbox } from '../fax-service/testkit';

const parallelRuns = 4;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hotfolder-kill-'));
let bundle = '';
const goodFiles = ['first.pdf', 'second.pdf'];
const badFile = 'broken.pdf';
let t: TestSandbox;

beforeAll(async () => {
  t = await startTestSandbox();
  bundle = await bundleChild('test/fixtures/hotfolder-child.ts', 'hotfolder-child');
});

afterAll(async () => {
  await t.close();
  fs.rmSync(work, { recursive: true, force: true });
});

interface Done {
  checkpoints: number;
  sent: string[];
  failed: string[];
  outbox: Array<{ state: string; origin: string }>;
}

async function runChild(env: Record<string, string>): Promise<{ signal: NodeJS.Signals | null; code: number | null; done: Done | null; output: string }> {
  const run = await runChildApp(bundle, env);
  return { ...run, done: doneReport(run.output) as Done | null };
}

async function prepare(tag: string): Promise<{ env: Record<string, string>; key: string; folder: string }> {
  const { key } = await t.fullAccess();
  const dataDir = path.join(work, tag, 'data');
  const folder = path.join(work, tag, 'hot');
  fs.mkdirSync(folder, { recursive: true });
  for (const name of goodFiles) fs.writeFileSync(path.join(folder, name), onePagePdf);
  fs.writeFileSync(path.join(folder, badFile), 'not a document');
  const service = `Fax Desktop hot folder kill test ${tag}`;
  await signInChildProfile(t, { dataDir, keychainService: service, key });
  return { key, folder, env: { CHILD_DATA: dataDir, CHILD_KEYCHAIN: service, CHILD_FOLDER: folder, CHILD_TAG: tag } };
}

async function faxCount(key: string): Promise<number> {
  return ((await t.api(key, 'GET', '/faxes?direction=outbound&limit=100')).json as ListJson<FaxJson>).data.data.length;
}

function verdict(tag: string, done: Done, faxes: number, folder: string): string[] {
  const problems: string[] = [];
  if (faxes !== goodFiles.length) problems.push(`${tag}: the service holds ${faxes} faxes for ${goodFiles.length} files`);
  if (JSON.stringify(done.sent) !== JSON.stringify(goodFiles)) problems.push(`${tag}: Sent holds ${JSON.stringify(done.sent)}`);
  if (JSON.stringify(done.failed) !== JSON.stringify([badFile, `${badFile}.txt`])) problems.push(`${tag}: Failed holds ${JSON.stringify(done.failed)}`);
  const reason = fs.existsSync(path.join(folder, 'Failed', `${badFile}.txt`)) ? fs.readFileSync(path.join(folder, 'Failed', `${badFile}.txt`), 'utf8') : '';
  if (!/not a PDF/i.test(reason)) problems.push(`${tag}: the reason reads ${JSON.stringify(reason)}`);
  if (done.outbox.filter((item) => item.origin === 'hotfolder' && item.state === 'accepted').length !== goodFiles.length) problems.push(`${tag}: outbox ${JSON.stringify(done.outbox)}`);
  return problems;
}

describe('hot folders under SIGKILL', () => {
  let totalCheckpoints = 0;

  it('a run without a kill passes every checkpoint: two files sent, the broken one in Failed', async () => {
    const { env, key, folder } = await prepare('baseline');
    const run = await runChild({ ...env, CHILD_MODE: 'first' });
    expect(run.code, run.output).toBe(0);
    if (!run.done) throw new Error(run.output);
    expect(verdict('baseline', run.done, await faxCount(key), folder)).toEqual([]);
    totalCheckpoints = run.done.checkpoints;
    expect(totalCheckpoints).toBeGreaterThanOrEqual(20);
  });

  it('killed at each checkpoint and restarted: one fax per good file, each file in Sent or Failed, none lost', async () => {
    expect(totalCheckpoints).toBeGreaterThanOrEqual(20);
    // Each lane chains its points: the fresh process that resumes a killed profile then makes the next first run.
    const { failures, killedRuns, unreached } = await killAtEachPointChained(
      bundle,
      totalCheckpoints,
      {
        prepare: async (point, attempt) => {
          const tag = `k${String(point)}${attempt > 0 ? `-again${String(attempt)}` : ''}`;
          return { tag, ...(await prepare(tag)) };
        },
        judge: async ({ tag, key, folder }, _first, resumed) => {
          const done = doneReport(resumed.output) as Done | null;
          if (resumed.code !== 0 || !done) return [`${tag}: resume failed: ${resumed.output.slice(0, 300)}`];
          return verdict(tag, done, await faxCount(key), folder);
        },
      },
      parallelRuns,
      2,
    );
    console.log(`hot folder SIGKILL test: ${totalCheckpoints} kill points, ${killedRuns} runs killed, ${failures.length} failures`);
    expect(failures).toEqual([]);
    expect(unreached, 'kill points a first run never reached').toEqual([]);
    expect(killedRuns).toBe(totalCheckpoints);
  }, 600_000);
});
