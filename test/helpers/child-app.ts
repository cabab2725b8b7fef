/**
 * The app as a child process for the SIGKILL tests: a fixture bundled once (so each of the many starts is a plain
 * `node` start with a code cache), run with its own environment, its output collected until it exits or is killed.
 */
import { spawn } from 'node:child_process';
import { openConfSettings } from '../../main/store/conf-settings';
import { keychainSecretStore } from '../../main/store/keychain-secret-store';
import type { TestSandbox } from '../fax-service/testkit';
import { mainProcessExternals } from '../../scripts/bundle-externals';
import { bundleForNode } from './node-bundle';

let starter: Promise<string> | null = null;
let starterFile = '';

/**
 * A fixture bundled once (CommonJS), and the starter that runs it with a V8 code cache (`cached-start.ts`): each of
 * the hundreds of starts then skips compiling the bundle and the functions the first complete run compiled.
 */
export async function bundleChild(entry: string, name: string): Promise<string> {
  starter ??= bundleForNode('test/fixtures/cached-start.ts', 'cached-start', []);
  // What the app's build leaves to Node's require, and pg (its optional native binding is not there to bundle).
  const [bundle, start] = await Promise.all([bundleForNode(entry, name, [...mainProcessExternals, 'pg']), starter]);
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

/** What one run of a chained process printed, and how that run ended. */
export interface ChainedRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

/**
 * One process of a chain: resumes `resumeEnv`'s profile (when given) and then makes the run `ownEnv` says (when
 * given), the fixture splitting the two with a NEXT line (`runChained` in test/fixtures/chained-run.ts). A resume
 * that failed never prints it, and the process's own run never ran.
 */
export async function runChainedChild(bundle: string, resumeEnv: Record<string, string> | null, ownEnv: Record<string, string> | null): Promise<{ resumed: ChainedRun | null; own: ChainedRun | null }> {
  const { code, signal, output } = await runChildApp(bundle, { ...(resumeEnv ? { CHILD_RESUME_ENV: JSON.stringify(resumeEnv) } : {}), ...(ownEnv ?? {}) });
  if (!resumeEnv) return { resumed: null, own: { code, signal, output } };
  const next = /^NEXT$/m.exec(output);
  if (!next) return { resumed: { code, signal, output }, own: null };
  return {
    resumed: { code: 0, signal: null, output: output.slice(0, next.index) },
    own: ownEnv ? { code, signal, output: output.slice(next.index + next[0].length) } : null,
  };
}

/**
 * Kills a fresh app at each checkpoint 1…count and starts it again, with `parallel` lanes side by side (each point
 * has its own data folder, keychain entry and account). Each lane chains its points: the fresh process that resumes
 * a point's killed profile (the restart under test) then makes the next point's first run, one process start per
 * point instead of two. Returns every failure, how many first runs really died by SIGKILL, and the points a first
 * run never reached.
 *
 * `prepare` makes a point's profile (its environment for the child, without CHILD_MODE or KILL_AT; `killAt` when
 * the checkpoint to kill at is not the point's number); `afterFirst`, when given, runs once the first run ended and
 * before the profile is resumed (what the world did meanwhile); `judge` looks at a point once its profile was
 * resumed. A point a first run did not reach (where the path's length depends on timing, a loaded machine can take
 * the shorter one) is tried again with a fresh profile, up to `retriesWhenUnreached` times.
 */
export async function killAtEachPointChained<P extends { env: Record<string, string>; killAt?: number }>(
  bundle: string,
  count: number,
  steps: {
    prepare: (point: number, attempt: number) => Promise<P>;
    afterFirst?: (profile: P, first: ChainedRun) => Promise<void>;
    judge: (profile: P, first: ChainedRun, resumed: ChainedRun) => Promise<string[]>;
  },
  parallel = 4,
  retriesWhenUnreached = 0,
): Promise<{ failures: string[]; killedRuns: number; unreached: number[] }> {
  const failures: string[] = [];
  const unreached: number[] = [];
  let killedRuns = 0;
  const queue = Array.from({ length: count }, (_, index) => ({ point: index + 1, attempt: 0 }));
  const failedResume: ChainedRun = { code: null, signal: null, output: '(the resume did not finish)' };
  const lanes = Array.from({ length: parallel }, async () => {
    let waiting: { profile: P; first: ChainedRun; point: number; attempt: number } | null = null;
    const settle = async (resumed: ChainedRun | null): Promise<void> => {
      if (!waiting) return;
      const { profile, first, point, attempt } = waiting;
      waiting = null;
      failures.push(...(await steps.judge(profile, first, resumed ?? failedResume)));
      if (first.signal === 'SIGKILL') killedRuns += 1;
      else if (attempt < retriesWhenUnreached) queue.unshift({ point, attempt: attempt + 1 });
      else unreached.push(point);
    };
    for (let next = queue.shift(); next !== undefined || waiting !== null; next = queue.shift()) {
      if (!next) {
        if (!waiting) break;
        await settle((await runChainedChild(bundle, waiting.profile.env, null)).resumed);
        continue;
      }
      const profile = await steps.prepare(next.point, next.attempt);
      const ownEnv = { ...profile.env, CHILD_MODE: 'first', KILL_AT: String(profile.killAt ?? next.point) };
      const ran = await runChainedChild(bundle, waiting?.profile.env ?? null, ownEnv);
      await settle(ran.resumed);
      // A resume that failed never reached this point's first run: it is made on its own.
      const first = ran.own ?? (await runChainedChild(bundle, null, ownEnv)).own;
      if (!first) throw new Error('a first run ended before it started');
      await steps.afterFirst?.(profile, first);
      waiting = { profile, first, point: next.point, attempt: next.attempt };
    }
  });
  await Promise.all(lanes);
  return { failures, killedRuns, unreached: unreached.sort((a, b) => a - b) };
}
