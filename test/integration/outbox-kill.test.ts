// Exactly-once sending under SIGKILL: the app process is killed at every checkpoint of the send path (≥ 100
// distinct points, journaling a draft's submission and clearing the draft among them), restarted, and the service
// must hold exactly one fax per journaled submission — every submission the app confirmed must be there, and a
// draft is either still a draft or journaled, never both and never neither.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleChild, doneReport, killAtEachPointChained, runChildApp, signInChildProfile, type ChainedRun } from '../helpers/child-app';
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
});

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

function parsed(run: ChainedRun): RunResult {
  const submitted = [...run.output.matchAll(/^SUBMITTED (\S+) (\S+)$/gm)].map((match) => ({ id: match[1] ?? '', subject: match[2] ?? '' }));
  const drafts = [...run.output.matchAll(/^DRAFT (\S+)$/gm)].map((match) => match[1] ?? '');
  return { ...run, submitted, drafts, done: doneReport(run.output) as RunResult['done'] };
}

async function runChild(envOverrides: Record<string, string>): Promise<RunResult> {
  return parsed(await runChildApp(bundle, envOverrides));
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
  });

  it('killed at each of ≥ 100 checkpoints and restarted: exactly one fax per submission, none lost', async () => {
    expect(totalCheckpoints).toBeGreaterThanOrEqual(100);
    // Each lane chains its points: the fresh process that resumes a killed profile then makes the next first run.
    const { failures, killedRuns, unreached } = await killAtEachPointChained(
      bundle,
      totalCheckpoints,
      {
        prepare: async (point) => ({ tag: `k${String(point)}`, ...(await prepare(`k${String(point)}`)) }),
        judge: async ({ tag, key }, firstRun, resumedRun) => {
          const [first, resumed] = [parsed(firstRun), parsed(resumedRun)];
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
        },
      },
      parallelRuns,
    );
    console.log(`SIGKILL test: ${totalCheckpoints} kill points, ${killedRuns} runs killed, ${failures.length} failures`);
    expect(failures).toEqual([]);
    expect(unreached, 'kill points a first run never reached').toEqual([]);
    expect(killedRuns).toBe(totalCheckpoints);
  }, 600_000);
});
