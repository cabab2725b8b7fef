/**
 * The app as a child process for the SIGKILL tests: a fixture bundled once (so each of the many starts is a plain
 * `node` start with a code cache), run with its own environment, its output collected until it exits or is killed.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { openConfSettings } from '../../main/store/conf-settings';
import { keychainSecretStore } from '../../main/store/keychain-secret-store';
import type { TestSandbox } from '../fax-service/testkit';

const cacheDir = path.resolve('node_modules', '.cache', 'fax-desktop-tests');

/** Writes `contents` to `file` whole or not at all (workers bundle side by side). */
function writeWhole(file: string, contents: Uint8Array): void {
  const partial = `${file}.${String(process.pid)}`;
  fs.writeFileSync(partial, contents);
  fs.renameSync(partial, file);
}

async function bundleTo(entry: string, name: string, external: string[]): Promise<string> {
  const result = await build({ entryPoints: [entry], write: false, outfile: `${name}.cjs`, bundle: true, platform: 'node', format: 'cjs', target: 'node20', external, logLevel: 'silent' });
  const contents = result.outputFiles[0]?.contents;
  if (!contents) throw new Error(`esbuild wrote nothing for ${entry}`);
  // The content's hash in the name: a code cache beside a bundle always belongs to that very bundle.
  const file = path.join(cacheDir, `${name}-${crypto.createHash('sha256').update(contents).digest('hex').slice(0, 16)}.cjs`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(cacheDir, { recursive: true });
    writeWhole(file, contents);
    // Older builds of the same fixture (and their caches) are of no more use.
    for (const entry of fs.readdirSync(cacheDir)) if (entry.startsWith(`${name}-`) && !path.join(cacheDir, entry).startsWith(file)) fs.rmSync(path.join(cacheDir, entry), { force: true });
  }
  return file;
}

let starter: Promise<string> | null = null;
let starterFile = '';

/**
 * A fixture bundled once (CommonJS), and the starter that runs it with a V8 code cache (`cached-start.ts`): each of
 * the hundreds of starts then skips compiling the bundle and the functions the first complete run compiled.
 */
export async function bundleChild(entry: string, name: string): Promise<string> {
  starter ??= bundleTo('test/fixtures/cached-start.ts', 'cached-start', []);
  const [bundle, start] = await Promise.all([bundleTo(entry, name, ['better-sqlite3-multiple-ciphers', 'keytar', 'pdfjs-dist', 'electron', 'pg']), starter]);
  starterFile = start;
  return bundle;
}

/**
 * A child's profile signed in to the sandbox: its settings point at the sandbox (and trust its CA), and the key is
 * in a keychain entry of its own.
 */
export async function signInChildProfile(t: TestSandbox, profile: { dataDir: string; keychainService: string; key: string; downloadFolder?: string }): Promise<void> {
  const settings = profile.downloadFolder ? openConfSettings(profile.dataDir, profile.downloadFolder) : openConfSettings(profile.dataDir);
  settings.update({ baseUrl: t.sandbox.baseUrl, extraCaPath: t.sandbox.caCertPath });
  await keychainSecretStore(profile.keychainService).set('api-key', profile.key);
}

/** What the child printed after "DONE " on a line of its own, parsed (null when it was killed before). */
export function doneReport(output: string): unknown {
  const line = /^DONE (.*)$/m.exec(output)?.[1];
  return line ? (JSON.parse(line) as unknown) : null;
}


/** What `node` runs for a child: the starter, then the bundle. */
export function childArgs(bundle: string): string[] {
  if (!starterFile) throw new Error('bundleChild first: the starter is bundled with the child');
  return [starterFile, bundle];
}

export function runChildApp(bundle: string, env: Record<string, string>): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, childArgs(bundle), { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // 'close', not 'exit': a child's last lines may still be in the pipe when it exits.
    child.on('close', (code, signal) => resolve({ code, signal, output }));
  });
}

/**
 * Kills a fresh app at each checkpoint 1…count and starts it again — `killAndResume` does both and judges what it
 * finds — with `parallel` apps side by side (each has its own data folder, keychain entry and account). Returns
 * every failure, how many first runs really died by SIGKILL, and the points a first run never reached.
 */
export async function killAtEachPoint(
  count: number,
  killAndResume: (point: number, attempt: number) => Promise<{ killed: boolean; failures: string[] }>,
  parallel = 4,
  /**
   * Tries more for a point a run ended before reaching: where the path's length depends on timing (a folder seen
   * stable in one scan or two), a loaded machine can take the shorter path. Each point must still be killed once.
   */
  retriesWhenUnreached = 0,
): Promise<{ failures: string[]; killedRuns: number; unreached: number[] }> {
  const failures: string[] = [];
  const unreached: number[] = [];
  let killedRuns = 0;
  const points = Array.from({ length: count }, (_, index) => index + 1);
  const workers = Array.from({ length: parallel }, async () => {
    for (let point = points.shift(); point !== undefined; point = points.shift()) {
      let killed = false;
      for (let attempt = 0; attempt <= retriesWhenUnreached && !killed; attempt += 1) {
        const result = await killAndResume(point, attempt);
        killed = result.killed;
        failures.push(...result.failures);
      }
      if (killed) killedRuns += 1;
      else unreached.push(point);
    }
  });
  await Promise.all(workers);
  return { failures, killedRuns, unreached: unreached.sort((a, b) => a - b) };
}
