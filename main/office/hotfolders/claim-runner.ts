/**
 * Moves each taken file through its claim's steps, journaled before each one: into "Sending", staged and journaled
 * in the outbox (or opened in compose), then — once the outbox knows — its reason written and the file moved to
 * "Sent", "Failed" or "Opened", and the claim ended. A restart resumes every claim from its last step.
 */
import type fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { StageResult } from '../../../preload/models';
import { msg, type Message } from '../../../preload/i18n/translator';
import { isAppError } from '../../errors';
import { say } from '../../i18n/main-locale';
import type { Logger } from '../../log/logger';
import type { Outbox } from '../../outbox/outbox';
import type { Staging } from '../../compose/staging';
import type { Checkpoint } from '../../runtime/checkpoint';
import { freeName } from '../../runtime/free-name';
import type { Claim, ClaimJournal } from './claims';
import { subfolders } from './file-names';

export interface ClaimRunnerDeps {
  claims: ClaimJournal;
  staging: Staging;
  outbox: Outbox;
  log: Logger;
  checkpoint: Checkpoint;
  openInCompose: (result: StageResult) => void;
  notify: (title: Message, body: Message) => void;
  /** A file of this hot folder ended in "Failed". */
  onFailed: (folderId: string) => void;
}

export interface ClaimRunner {
  /** Reads the unfinished claims (at start). */
  load(): Promise<void>;
  active(): Claim[];
  /** Journals a new claim, then moves its file into "Sending"; false (and no claim) when the file cannot be moved. */
  take(claim: Claim): Promise<boolean>;
  /** Moves a claim on as far as it can go now (the outcome of a submission is looked at on a later pass). */
  advance(claim: Claim): Promise<void>;
}

const sameFile = (stat: fs.Stats, identity: Claim['identity']): boolean =>
  (stat.ino === identity.ino && stat.dev === identity.dev) || (stat.size === identity.size && stat.mtimeMs === identity.mtimeMs);

async function statOrNull(file: string): Promise<fs.Stats | null> {
  return fsp.lstat(file).catch(() => null);
}

export function createClaimRunner(deps: ClaimRunnerDeps): ClaimRunner {
  const { checkpoint, log } = deps;
  const active = new Map<string, Claim>();

  async function save(claim: Claim): Promise<Claim> {
    await deps.claims.write(claim);
    active.set(claim.id, claim);
    return claim;
  }

  async function endClaim(id: string): Promise<void> {
    await deps.claims.remove(id);
    active.delete(id);
  }

  /** Decides where the file goes (journaled first), writes the reason beside it, moves it, ends the claim. */
  async function finish(claim: Claim, to: 'Sent' | 'Failed' | 'Opened', reason: string | null): Promise<void> {
    const target = path.join(claim.folder, to);
    await fsp.mkdir(target, { recursive: true });
    const decided = await save({ ...claim, step: 'finishing', outcome: { to, name: await freeName(target, claim.name), reason } });
    checkpoint('hotfolder.outcome_journaled');
    await completeMove(decided);
    if (to === 'Failed') {
      deps.onFailed(claim.folderId);
      deps.notify(msg('hotFolders.aFileWasNot'), msg('hotFolders.itWasMovedTo'));
    }
  }

  async function completeMove(claim: Claim): Promise<void> {
    const outcome = claim.outcome;
    if (!outcome) return;
    const target = path.join(claim.folder, outcome.to);
    const source = path.join(claim.folder, subfolders.sending, claim.sendingName);
    const destination = path.join(target, outcome.name);
    if (outcome.reason !== null) {
      await fsp.mkdir(target, { recursive: true });
      await fsp.writeFile(`${destination}.txt`, `${outcome.reason}\n`);
      checkpoint('hotfolder.reason_written');
    }
    const sourceStat = await statOrNull(source);
    if (sourceStat && sameFile(sourceStat, claim.identity)) {
      const occupied = await statOrNull(destination);
      // Something else took the name since it was chosen: choose again rather than replace it.
      if (occupied && !sameFile(occupied, claim.identity)) {
        await finishAgain(claim);
        return;
      }
      await fsp.rename(source, destination);
      checkpoint('hotfolder.file_moved');
    }
    await endClaim(claim.id);
    checkpoint('hotfolder.claim_ended');
    log.info('hotfolders.file_done', { to: outcome.to });
  }

  async function finishAgain(claim: Claim): Promise<void> {
    if (!claim.outcome) return;
    const target = path.join(claim.folder, claim.outcome.to);
    await completeMove(await save({ ...claim, outcome: { ...claim.outcome, name: await freeName(target, claim.name) } }));
  }

  /** Moves a claimed file into "Sending" (unless it is there already); false when it is nowhere to be found. */
  async function ensureSending(claim: Claim): Promise<boolean> {
    const sending = path.join(claim.folder, subfolders.sending, claim.sendingName);
    const there = await statOrNull(sending);
    if (there && sameFile(there, claim.identity)) return true;
    const original = path.join(claim.folder, claim.name);
    const stat = await statOrNull(original);
    if (!stat?.isFile() || !sameFile(stat, claim.identity)) return false;
    await fsp.mkdir(path.dirname(sending), { recursive: true });
    await fsp.rename(original, sending);
    checkpoint('hotfolder.moved_to_sending');
    return true;
  }

  async function submit(claim: Claim): Promise<void> {
    const journaled = deps.outbox.byClaim(claim.id);
    if (journaled) {
      await save({ ...claim, step: 'submitted', submissionId: journaled.id });
      checkpoint('hotfolder.submission_noted');
      return;
    }
    const file = path.join(claim.folder, subfolders.sending, claim.sendingName);
    const { staged, rejected } = await deps.staging.stage([file]);
    const refusal = rejected[0];
    if (refusal || !staged[0]) {
      await finish(claim, 'Failed', refusal?.message ?? say(msg('hotFolders.thisFileCouldNot')));
      return;
    }
    if (claim.mode === 'review') {
      deps.openInCompose({ staged, rejected: [] });
      await finish(claim, 'Opened', null);
      return;
    }
    try {
      const submission = await deps.outbox.submit({
        recipients: claim.recipients,
        subject: claim.subject,
        coverId: claim.coverId,
        fileIds: staged.map((file) => file.id),
        origin: 'hotfolder',
        claimId: claim.id,
      });
      await save({ ...claim, step: 'submitted', submissionId: submission.id });
      checkpoint('hotfolder.submission_noted');
    } catch (error) {
      await deps.staging.release(staged.map((file) => file.id));
      // The folder's recipients or the file were refused: that will not change by trying again.
      if (isAppError(error) && (error.kind === 'invalid_input' || error.kind === 'file')) {
        await finish(claim, 'Failed', say(error.text));
        return;
      }
      throw error;
    }
  }

  async function advance(claim: Claim): Promise<void> {
    if (claim.step === 'claimed') {
      if (await ensureSending(claim)) await submit(claim);
      else {
        // Removed by someone before it was read: nothing was sent, nothing is left to move.
        log.warn('hotfolders.file_gone_before_sending');
        await endClaim(claim.id);
      }
      return;
    }
    if (claim.step === 'submitted') {
      const record = claim.submissionId ? deps.outbox.record(claim.submissionId) : null;
      if (!record) await finish(claim, 'Failed', say(msg('hotFolders.removedFromTheOutbox')));
      else if (record.state === 'accepted') await finish(claim, 'Sent', null);
      else if (record.state === 'failed') await finish(claim, 'Failed', record.error?.message ?? say(msg('hotFolders.thisFileCouldNot')));
      return;
    }
    await completeMove(claim);
  }

  return {
    async load() {
      for (const claim of await deps.claims.readAll()) active.set(claim.id, claim);
    },
    active: () => [...active.values()],
    async take(claim) {
      await save(claim);
      checkpoint('hotfolder.claimed');
      try {
        if (await ensureSending(claim)) return true;
        throw Object.assign(new Error('gone'), { code: 'ENOENT' });
      } catch (error) {
        await endClaim(claim.id);
        log.warn('hotfolders.file_not_movable', { code: (error as NodeJS.ErrnoException).code });
        return false;
      }
    },
    advance,
  };
}
