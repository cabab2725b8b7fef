import os from 'node:os';
import path from 'node:path';
import fsp from 'node:fs/promises';
import readline from 'node:readline';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainProcessExternals } from '../../../scripts/bundle-externals';
import { bundleForNode } from '../../helpers/node-bundle';
import { networkCutArgs, recognitionBundles } from '../../helpers/recognition-bundle';

// Nothing outlives the app: a recognition process with its recognizer loaded ends when the app that started it is
// killed (no chance to say goodbye), and when the process its start message names as the app is gone.

let dataDir: string;
const started: ChildProcess[] = [];
const recognitionPids: number[] = [];
const fixture = path.join(process.cwd(), 'test/fixtures/recognition-parent.ts');

beforeAll(async () => {
  dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'fax-ocr-parent-'));
});

afterAll(async () => {
  for (const child of started) child.kill('SIGKILL');
  // Were the promise broken, the processes would hold this run's output open.
  for (const pid of recognitionPids) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
  await fsp.rm(dataDir, { recursive: true, force: true });
});

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function gone(pid: number, withinMs: number): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < withinMs) {
    if (!isRunning(pid)) return Date.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Number.POSITIVE_INFINITY;
}

async function startApp(appPid?: number): Promise<{ app: ChildProcess; recognitionPid: number }> {
  const [{ recognition, noNetwork }, standIn] = await Promise.all([recognitionBundles(), bundleForNode(fixture, 'recognition-parent', mainProcessExternals)]);
  const app = spawn(process.execPath, [standIn, dataDir, ...(appPid ? [String(appPid)] : [])], {
    env: { ...process.env, RECOGNITION_BUNDLE: recognition, RECOGNITION_ARGS: JSON.stringify(networkCutArgs(noNetwork)) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  started.push(app);
  const lines = readline.createInterface({ input: app.stdout });
  for await (const line of lines) {
    const reported = JSON.parse(line) as { childPid: number; read: string };
    recognitionPids.push(reported.childPid);
    expect(reported.read).toBe('text');
    return { app, recognitionPid: reported.childPid };
  }
  throw new Error('the app ended before it reported');
}

/**
 * Starting the stand-in app and its recognition process (both bundled) and reading one page takes ~3 s (~2 CPU-s)
 * alone; beside the suite's SIGKILL tests, which start hundreds of processes on the same two cores, the same start
 * took 23 s (measured: the page's read alone 21 s), and 85–198 s for the file in whole runs when it was ordered among
 * them. The timeout bounds that start, not what is tested.
 */
const startsWithinMs = 150_000;
/**
 * The process checks its parent every 2 s (main/ocr/parent-watch.ts; its cadence is tested on a clock of the test's
 * own): a minute is far beyond any machine's delay for that, and far short of the 12 minutes it once lived on.
 */
const endsWithinMs = 60_000;

describe('the recognition process never outlives the app', () => {
  it('the app is killed while the process holds a loaded recognizer: the process ends', async () => {
    const { app, recognitionPid } = await startApp();
    expect(recognitionPid).toBeGreaterThan(0);
    // Idle between pages, its recognizer loaded: the state that kept one running for 12 minutes.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(isRunning(recognitionPid)).toBe(true);
    app.kill('SIGKILL');
    expect(await gone(recognitionPid, endsWithinMs)).toBeLessThan(endsWithinMs);
  }, startsWithinMs);

  it('the process named as the app ends while the channel stays open (an Electron utility process): it ends too', async () => {
    const standIn = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60000)'], { stdio: 'ignore' });
    started.push(standIn);
    const { app, recognitionPid } = await startApp(standIn.pid);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(isRunning(recognitionPid)).toBe(true);
    standIn.kill('SIGKILL');
    expect(await gone(recognitionPid, endsWithinMs)).toBeLessThan(endsWithinMs);
    // Its starter is still alive: only the named app's end stopped it.
    expect(isRunning(app.pid!)).toBe(true);
  }, startsWithinMs);
});
