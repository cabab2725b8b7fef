// Exactly-once sending under SIGKILL: the app process is killed at every checkpoint of the send path (≥ 100
// distinct points, journaling a draft's submission and clearing the draft among them), restarted, and the service
// must hold exactly one fax per journaled submission — every submission the app confirmed must be there, and a
// draft is either still a draft or journaled, never both and never neither.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleChild, doneReport, runChildApp, signInChildProfile } from '../helpers/child-app';
import { jpegHeader, startTestSandbox, type FaxJson, type ListJson, type TestSandbox } from '../fax-service/testkit';

const submissionsPerRun = 8;
/** Kill points tried at the same time (each child mostly waits on its uploads and the disk). */
const parallelRuns = 4;
/**
 * Each file is 512 KB and reports upload progress every 64 KB (one sealed chunk): the same nine progress points per
 * upload as a 2 MB file at the app's 256 KB step, with a quarter of the bytes to encrypt, send and receive in each
 * of the ~250 runs.
 */
const fileBytes = 512 * 1024;
const progressStepBytes = 64 * 1024;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-kill-'));
let bundle = '';
const file = path.join(work, 'scan.jpg');
let t: TestSandbox;

beforeAll(async () => {
  t = await startTestSandbox();
  fs.writeFileSync(file, Buffer.concat([jpegHeader, crypto.randomBytes(fileBytes - jpegHeader.length)]));
  // One bundle, so each of the ~200 process starts is a plain `node` start.
  bundle = await bundleChild('test/fixtures/outbox-child.ts', 'outbox-child');
}, 60_000);

afterAll(async () => {
  await t.close();
  fs.rmSync(work, { recursive: true, force: true });
});

interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  submitted: Array<{ id: string; subject: string }>;
  drafts: string[];
  done: { checkpoints: number; outbox: Array<{ id: string; state: string; faxId: number | null; subject: string; draftId: string | null; error: unknown }>; draftId: string | null } | null;
  output: string;
}

function parseRun(output: string): Pick<RunResult, 'submitted' | 'drafts' | 'done'> {
  const submitted = [...output.matchAll(/^SUBMITTED (\S+) (\S+)$/gm)].map((match) => ({ id: match[1] ?? '', subject: match[2] ?? '' }));
  const drafts = [...output.matchAll(/^DRAFT (\S+)$/gm)].map((match) => match[1] ?? '');
  return { submitted, drafts, done: doneReport(output) as RunResult['done'] };
}

async function runChild(envOverrides: Record<string, string>): Promise<RunResult> {
  const { code, signal, output } = await runChildApp(bundle, envOverrides);
  return { code, signal, ...parseRun(output), output };
}

/**
 * One process that resumes the profile of the point before (when there is one) and then makes the first run of
 * this point: what each part printed, split at the NEXT line between them. A resume that failed never prints it
 * (and the first run never ran).
 */
async function resumeThenFirst(resumeEnv: Record<string, string> | null, firstEnv: Record<string, string> | null): Promise<{ resumed: RunResult | null; first: RunResult | null }> {
  const { code, signal, output } = await runChildApp(bundle, {
    ...(resumeEnv ? { CHILD_RESUME_DATA: resumeEnv.CHILD_DATA ?? '', CHILD_RESUME_KEYCHAIN: resumeEnv.CHILD_KEYCHAIN ?? '' } : {}),
    ...(firstEnv ? { ...firstEnv, CHILD_MODE: 'first' } : {}),
  });
  if (!resumeEnv) return { resumed: null, first: { code, signal, ...parseRun(output), output } };
  const next = /^NEXT$/m.exec(output);
  if (!next) return { resumed: { code, signal, ...parseRun(output), output }, first: null };
  const resumeOutput = output.slice(0, next.index);
  const firstOutput = output.slice(next.index + next[0].length);
  return {
    resumed: { code: 0, signal: null, ...parseRun(resumeOutput), output: resumeOutput },
    first: firstEnv ? { code, signal, ...parseRun(firstOutput), output: firstOutput } : null,
  };
}

async function prepare(tag: string): Promise<{ env: Record<string, string>; key: string }> {
  const { key } = await t.fullAccess();
  const dataDir = path.join(work, tag);
  const service = `Fax Desktop kill test ${tag}`;
  await signInChildProfile(t, { dataDir, keychainService: service, key });
  return {
    key,
    env: { CHILD_DATA: dataDir, CHILD_KEYCHAIN: service, CHILD_FILE: file, CHILD_TAG: tag, CHILD_SUBMISSIONS: String(submissionsPerRun), CHILD_PROGRESS_STEP: String(progressStepBytes) },
  };
}

async function serverSubjects(key: string): Promise<string[]> {
  const faxes: FaxJson[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = (await t.api(key, 'GET', `/faxes?direction=outbound&limit=100&offset=${offset}`)).json as ListJson<FaxJson & { subject: string }>;
    faxes.push(...page.data.data);
    if (!page.data.has_more) break;
  }
  return faxes.map((fax) => (fax as FaxJson & { subject: string }).subject).sort();
}

describe('exactly-once sending under SIGKILL', () => {
  let totalCheckpoints = 0;

  it('a run without a kill passes every checkpoint and sends each submission once', async () => {
    const { env, key } = await prepare('baseline');
    const run = await runChild({ ...env, CHILD_MODE: 'first' });
    expect(run.code, run.output).toBe(0);
    expect(run.submitted).toHaveLength(submissionsPerRun);
    expect(run.done?.draftId).toBeNull();
    expect(run.done?.outbox.map((item) => item.draftId).sort()).toEqual(run.drafts.sort());
    totalCheckpoints = run.done?.checkpoints ?? 0;
    expect(totalCheckpoints).toBeGreaterThanOrEqual(100);
    expect(await serverSubjects(key)).toEqual(run.submitted.map((item) => item.subject).sort());
  }, 60_000);

  it('killed at each of ≥ 100 checkpoints and restarted: exactly one fax per submission, none lost', async () => {
    expect(totalCheckpoints).toBeGreaterThanOrEqual(100);
    const judge = async (tag: string, key: string, first: RunResult, resumed: RunResult): Promise<string[]> => {
      const failures: string[] = [];
      if (resumed.code !== 0 || !resumed.done) return [`${tag}: resume failed: ${resumed.output.slice(0, 300)}`];
      const journaled = resumed.done.outbox;
      const subjects = await serverSubjects(key);
      // Every submission the app confirmed before dying is journaled and accepted…
      for (const confirmed of first.submitted) {
        const record = journaled.find((item) => item.id === confirmed.id);
        if (record?.state !== 'accepted') failures.push(`${tag}: confirmed submission ${confirmed.subject} is ${record?.state ?? 'missing'}`);
      }
      // …and the service holds exactly one fax per journaled submission, and nothing else.
      const expected = journaled.map((item) => item.subject).sort();
      if (JSON.stringify(subjects) !== JSON.stringify(expected)) failures.push(`${tag}: service has ${JSON.stringify(subjects)}, journal has ${JSON.stringify(expected)}`);
      if (journaled.some((item) => item.state !== 'accepted')) failures.push(`${tag}: not all accepted: ${JSON.stringify(journaled)}`);
      // A saved draft is either the draft the app shows or a journaled submission: never both, never neither.
      for (const draftId of first.drafts) {
        const sent = journaled.some((item) => item.draftId === draftId);
        const shown = resumed.done.draftId === draftId;
        if (sent === shown) failures.push(`${tag}: draft ${draftId} is ${sent ? 'both shown and sent' : 'neither shown nor sent'}`);
      }
      return failures;
    };

    const noRun: RunResult = { code: null, signal: null, submitted: [], drafts: [], done: null, output: '' };
    // Each point's first run is killed, and its profile is resumed by a fresh process — the one that then makes the
    // next point's first run (a chain per lane: half the process starts, every kill point and every restart kept).
    const failures: string[] = [];
    const unreached: number[] = [];
    let killedRuns = 0;
    const points = Array.from({ length: totalCheckpoints }, (_, index) => index + 1);
    const lanes = Array.from({ length: parallelRuns }, async () => {
      let waiting: { tag: string; key: string; env: Record<string, string>; first: RunResult; point: number } | null = null;
      const settle = (point: number, killed: boolean): void => {
        if (killed) killedRuns += 1;
        else unreached.push(point);
      };
      for (let point = points.shift(); point !== undefined; point = points.shift()) {
        const tag = `k${String(point)}`;
        const { env, key } = await prepare(tag);
        const ran = await resumeThenFirst(waiting?.env ?? null, { ...env, KILL_AT: String(point) });
        let first = ran.first;
        if (waiting) {
          failures.push(...(await judge(waiting.tag, waiting.key, waiting.first, ran.resumed ?? noRun)));
          settle(waiting.point, waiting.first.signal === 'SIGKILL');
          // A resume that failed never reached this point's first run: it is made on its own.
          first ??= (await resumeThenFirst(null, { ...env, KILL_AT: String(point) })).first;
        }
        if (!first) throw new Error(`${tag}: the first run printed nothing`);
        waiting = { tag, key, env, first, point };
      }
      if (waiting) {
        const { resumed } = await resumeThenFirst(waiting.env, null);
        failures.push(...(await judge(waiting.tag, waiting.key, waiting.first, resumed ?? noRun)));
        settle(waiting.point, waiting.first.signal === 'SIGKILL');
      }
    });
    await Promise.all(lanes);
    console.log(`SIGKILL test: ${String(totalCheckpoints)} kill points, ${String(killedRuns)} runs killed, ${String(failures.length)} failures`);
    expect(failures).toEqual([]);
    expect(unreached.sort((a, b) => a - b), 'kill points a first run never reached').toEqual([]);
    expect(killedRuns).toBe(totalCheckpoints);
  }, 600_000);
});
