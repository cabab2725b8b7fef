// Folders the app may not write into, met as a user meets them: the app runs without root's file-permission
// overrides (setpriv drops CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH; the tests run as root), with an inbound rule
// saving into a read-only folder, a read-only reports folder and a read-only download folder for Save PDF.
// Before, the rule's copy ended the process ("Unhandled 'error' event … EACCES"), and every later start resumed it
// and died again. Now: the app stays up, each shows its reason, a restart starts, and once the folders are
// writable each copy is written exactly once.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleChild, childArgs, doneReport, signInChildProfile } from '../helpers/child-app';
import { startTestSandbox, type TestSandbox } from '../fax-service/testkit';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'read-only-'));
let bundle = '';
let t: TestSandbox;

beforeAll(async () => {
  t = await startTestSandbox();
  bundle = await bundleChild('test/fixtures/readonly-child.ts', 'readonly-child');
});

afterAll(async () => {
  await t.close();
  fs.rmSync(work, { recursive: true, force: true });
});

interface Done {
  ruleProblems: string[] | null;
  savePdf: { ok: boolean; error?: { message: string } };
  problems: Array<{ area: string; count: number; reason: string | null }> | null;
  inbound: number | null;
  saved: string[];
  reports: string[];
  downloads: string[];
}

/** Runs the child as a user without root's overrides; `onLine` hears each line it prints as it prints it. */
function runUnprivileged(env: Record<string, string>, onLine: (line: string) => void = () => undefined): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('setpriv', ['--bounding-set', '-dac_override,-dac_read_search', process.execPath, ...childArgs(bundle)], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let partial = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      partial += chunk.toString();
      const lines = partial.split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code, signal) => resolve({ code, signal, output }));
  });
}

describe('read-only folders', () => {
  it('the app stays up and says why, starts again, and writes each copy once when the folders are writable', async () => {
    const { accountId, key } = await t.fullAccess();
    // Received a moment ago: within the minutes a rule allows for the service's clock.
    await t.control('POST', `/accounts/${accountId}/faxes`, { direction: 'inbound', count: 1, newest_at: new Date(Date.now() - 5_000).toISOString() });
    const dataDir = path.join(work, 'data');
    const folders = { rule: path.join(work, 'Copies'), reports: path.join(work, 'Reports'), downloads: path.join(dataDir, 'Downloads') };
    const service = 'Fax Desktop read-only folders test';
    await signInChildProfile(t, { dataDir, keychainService: service, key, downloadFolder: folders.downloads });
    for (const folder of Object.values(folders)) {
      fs.mkdirSync(folder, { recursive: true });
      fs.chmodSync(folder, 0o555);
    }
    const env = { CHILD_DATA: dataDir, CHILD_KEYCHAIN: service, CHILD_FOLDER: folders.rule, CHILD_REPORTS: folders.reports };

    // 1. Everything refused: each with its reason, in the fax detail, the status bar's list and Save PDF's error.
    const notAllowed = 'This computer does not allow writing into the folder.';
    const first = await runUnprivileged({ ...env, CHILD_MODE: 'first' }, (line) => {
      // The sent fax is delivered on the sandbox's clock, so its report falls due.
      if (line === 'SENT') void t.advance(120);
    });
    expect(first.signal, first.output).toBeNull();
    expect(first.code, first.output).toBe(0);
    const refused = doneReport(first.output) as Done;
    expect(refused.ruleProblems).toEqual([notAllowed]);
    expect(refused.savePdf).toMatchObject({ ok: false, error: { message: notAllowed } });
    expect(refused.problems).toEqual([
      expect.objectContaining({ area: 'rules', count: 1, reason: notAllowed }),
      expect.objectContaining({ area: 'reports', count: 1, reason: notAllowed }),
    ]);
    expect([refused.saved, refused.reports, refused.downloads]).toEqual([[], [], []]);
    expect(first.output).not.toMatch(/Unhandled|EACCES/);

    // 2. A restart resumes the journaled rule action and report: it starts, and says the same.
    const again = await runUnprivileged({ ...env, CHILD_MODE: 'again' });
    expect(again.code, again.output).toBe(0);
    const stillRefused = doneReport(again.output) as Done;
    expect(stillRefused.inbound).toBe(1);
    expect(stillRefused.ruleProblems).toEqual([notAllowed]);
    expect(stillRefused.problems?.map((problem) => problem.area)).toEqual(['rules', 'reports']);

    // 3. The folders writable again: the copy, the report and the PDF are written, once each, and nothing is left over.
    for (const folder of Object.values(folders)) fs.chmodSync(folder, 0o755);
    const writable = await runUnprivileged({ ...env, CHILD_MODE: 'writable' });
    expect(writable.code, writable.output).toBe(0);
    const written = doneReport(writable.output) as Done;
    expect(written.saved).toEqual([expect.stringMatching(/^FX-.+\.pdf$/)]);
    expect(written.reports).toEqual([expect.stringMatching(/^Fax report .+\.pdf$/)]);
    expect(written.downloads).toEqual([expect.stringMatching(/^fax-.+\.pdf$/)]);
    expect(written.problems).toEqual([]);
  });
});
