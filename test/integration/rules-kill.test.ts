// Inbound rules under SIGKILL: the app is killed at every checkpoint of the rule journal (journaling what the
// rules will do, naming the file, writing the copy, renaming it into place, printing, marking done), restarted,
// and then each received fax is saved exactly once, with no half-written file left, and printed — once, except
// when the kill fell between the printer taking the job and the journal saying so (a real printer cannot be asked
// whether it printed; the fax is printed again rather than not at all).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleChild, doneReport, killAtEachPointChained, runChildApp, signInChildProfile } from '../helpers/child-app';
import { startTestSandbox, type TestSandbox } from '../fax-service/testkit';

const parallelRuns = 4;
const faxes = 2;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rules-kill-'));
let bundle = '';
let t: TestSandbox;

beforeAll(async () => {
  t = await startTestSandbox();
  bundle = await bundleChild('test/fixtures/rules-child.ts', 'rules-child');
});

afterAll(async () => {
  await t.close();
  fs.rmSync(work, { recursive: true, force: true });
});

interface Done {
  checkpoints: number;
  names: string[];
  saved: string[];
  printed: string[];
}

async function runChild(env: Record<string, string>): Promise<{ signal: NodeJS.Signals | null; code: number | null; done: Done | null; output: string }> {
  const run = await runChildApp(bundle, env);
  return { ...run, done: doneReport(run.output) as Done | null };
}

async function prepare(tag: string): Promise<{ env: Record<string, string> }> {
  const { accountId, key } = await t.fullAccess();
  // Received a moment ago: within the minutes a rule allows for the service's clock.
  await t.control('POST', `/accounts/${accountId}/faxes`, { direction: 'inbound', count: faxes, spacing_seconds: 2, newest_at: new Date(Date.now() - 5_000).toISOString() });
  const dataDir = path.join(work, tag, 'data');
  const folder = path.join(work, tag, 'saved');
  fs.mkdirSync(folder, { recursive: true });
  const service = `Fax Desktop rules kill test ${tag}`;
  await signInChildProfile(t, { dataDir, keychainService: service, key, downloadFolder: path.join(dataDir, 'Downloads') });
  return { env: { CHILD_DATA: dataDir, CHILD_KEYCHAIN: service, CHILD_FOLDER: folder, CHILD_FAXES: String(faxes) } };
}

function verdict(tag: string, done: Done, printedTwiceAllowed: boolean): string[] {
  const problems: string[] = [];
  if (done.saved.length !== faxes || !done.saved.every((name) => /^.+ \d+p\.pdf$/.test(name))) problems.push(`${tag}: saved ${JSON.stringify(done.saved)}`);
  const printedOnce = new Set(done.printed.map((name) => name.replace(/ \(\d+\)\.pdf$/, '.pdf')));
  const tooMany = done.printed.length > faxes + (printedTwiceAllowed ? 1 : 0);
  if (printedOnce.size !== faxes || tooMany || done.printed.some((name) => name.endsWith('.part'))) problems.push(`${tag}: printed ${JSON.stringify(done.printed)}`);
  return problems;
}

describe('inbound rules under SIGKILL', () => {
  let names: string[] = [];

  it('a run without a kill passes every checkpoint: each fax saved and printed once', async () => {
    const { env } = await prepare('baseline');
    const run = await runChild({ ...env, CHILD_MODE: 'first' });
    expect(run.code, run.output).toBe(0);
    if (!run.done) throw new Error(run.output);
    expect(verdict('baseline', run.done, false)).toEqual([]);
    names = run.done.names;
    expect(new Set(names)).toEqual(new Set(['rules.journaled', 'rules.lease_taken', 'rules.target_reserved', 'rules.target_named', 'rules.copy_written', 'rules.copy_renamed', 'rules.lease_finished', 'rules.done', 'rules.print_started', 'rules.printed']));
    expect(names.length).toBeGreaterThanOrEqual(22);
  });

  it('killed at each checkpoint and restarted: every fax saved once and printed, nothing half-written', async () => {
    expect(names.length).toBeGreaterThanOrEqual(22);
    // Each lane chains its points: the fresh process that resumes a killed profile then makes the next first run.
    const { failures, killedRuns, unreached } = await killAtEachPointChained(
      bundle,
      names.length,
      {
        prepare: async (point) => ({ point, ...(await prepare(`k${String(point)}`)) }),
        judge: ({ point }, _first, resumed) => {
          const done = doneReport(resumed.output) as Done | null;
          const tag = `k${String(point)}`;
          if (resumed.code !== 0 || !done) return Promise.resolve([`${tag}: resume failed: ${resumed.output.slice(0, 300)}`]);
          // Between the printer taking the job and the journal saying so (the office's lease finished in between).
          const afterPrinting = names[point - 1] === 'rules.printed' || (names[point - 1] === 'rules.lease_finished' && names[point - 2] === 'rules.printed');
          return Promise.resolve(verdict(`${tag} (${names[point - 1] ?? '?'})`, done, afterPrinting));
        },
      },
      parallelRuns,
    );
    console.log(`rules SIGKILL test: ${names.length} kill points, ${killedRuns} runs killed, ${failures.length} failures`);
    expect(failures).toEqual([]);
    expect(unreached, 'kill points a first run never reached').toEqual([]);
    expect(killedRuns).toBe(names.length);
  }, 600_000);
});
