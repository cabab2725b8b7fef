/**
 * Hot folders: a file saved into a watched folder is faxed (or opened in compose), exactly once.
 *
 * 1. A ready file (see folder-scan.ts) is claimed: the claim (sealed) names the file by its identity and the
 *    name it will have in "Sending"; then the file is moved there — out of the way of the next look.
 * 2. It is checked and staged like a dropped file, then journaled in the outbox with the claim's id: the outbox
 *    makes at most one submission per claim, so a restart between the two finds the submission instead of
 *    making another.
 * 3. When the outbox knows the outcome, the claim records where the file goes ("Sent", or "Failed" with a
 *    `.txt` reason beside it), writes the reason, moves the file, and ends.
 * A restart reads the unfinished claims and finishes each from its last step. Nothing is sent twice, nothing
 * is deleted; a file that cannot be moved or read is reported and waits where it is.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Automation, HotFolder, HotFolderStatus } from '../../preload/automation';
import type { StageResult } from '../../preload/models';
import { msg, type Message } from '../../preload/i18n/translator';
import { isAppError } from '../errors';
import { say } from '../i18n/main-locale';
import type { Logger } from '../log/logger';
import type { Outbox } from '../outbox/outbox';
import { noCheckpoint, type Checkpoint } from '../runtime/checkpoint';
import type { Staging } from '../outbox/staging';
import type { EventBus } from '../runtime/event-bus';
import { createDisposables } from '../runtime/disposables';
import { createOneTimer } from '../runtime/one-timer';
import { createSerialPass } from '../runtime/serial-pass';
import { realTimers, type Timers } from '../runtime/timers';
import type { Claim, ClaimJournal } from './claims';
import { freeName } from '../runtime/free-name';
import { isInside, subfolders } from './file-names';
import { createFolderScan, type FolderScan } from './folder-scan';
import { isOpenForWriting } from './write-activity';

export interface HotFolderDeps {
  dataDir: string;
  claims: ClaimJournal;
  staging: Staging;
  outbox: Outbox;
  events: EventBus;
  log: Logger;
  automation: () => Automation;
  /** Review-first files join the compose draft as files opened with the app do. */
  openInCompose: (result: StageResult) => void;
  /** An OS notification (failures only: a file that was not faxed, a folder that went away). */
  notify: (title: Message, body: Message) => void;
  now?: () => number;
  timers?: Timers;
  checkpoint?: Checkpoint;
  /** How long a file must stay unchanged (and closed) before it is taken. */
  stableMs?: number;
  /** How often each folder is looked at (besides change events, which network drives do not send). */
  scanMs?: number;
  openForWriting?: (file: string) => Promise<boolean>;
}

export interface HotFolders {
  start(): Promise<void>;
  /** Looks at every folder now and moves on every claim that can move (tests, and change events). */
  tick(): Promise<void>;
  status(): HotFolderStatus[];
  stop(): Promise<void>;
}

interface Watched {
  folder: HotFolder;
  resolved: string;
  scan: FolderScan;
  watcher: fs.FSWatcher | null;
  status: HotFolderStatus;
  /** Files refused before they were claimed (they could not be moved), by name, until they change. */
  refused: Map<string, number>;
}

const sameFile = (stat: fs.Stats, identity: Claim['identity']): boolean =>
  (stat.ino === identity.ino && stat.dev === identity.dev) || (stat.size === identity.size && stat.mtimeMs === identity.mtimeMs);

async function statOrNull(file: string): Promise<fs.Stats | null> {
  return fsp.lstat(file).catch(() => null);
}

export function createHotFolders(deps: HotFolderDeps): HotFolders {
  const now = deps.now ?? Date.now;
  const checkpoint: Checkpoint = deps.checkpoint ?? noCheckpoint;
  const log = deps.log.child('hotfolders');
  const stableMs = deps.stableMs ?? 2_000;
  const scanMs = deps.scanMs ?? 2_000;
  const openForWriting = deps.openForWriting ?? ((file: string) => isOpenForWriting(file));
  const watched = new Map<string, Watched>();
  const active = new Map<string, Claim>();
  const timer = createOneTimer(deps.timers ?? realTimers);
  let running = false;
  let stopping = false;
  const listening = createDisposables();

  const announce = (): void => deps.events.emit('hotFoldersChanged', [...watched.values()].map((entry) => entry.status));

  async function save(claim: Claim): Promise<Claim> {
    await deps.claims.write(claim);
    active.set(claim.id, claim);
    return claim;
  }

  async function endClaim(id: string): Promise<void> {
    await deps.claims.remove(id);
    active.delete(id);
  }

  function countFor(folderId: string, key: 'taken' | 'failed'): void {
    const entry = [...watched.values()].find((candidate) => candidate.folder.id === folderId);
    if (entry) entry.status[key] += 1;
  }

  /** Decides where the file goes (journaled first), writes the reason beside it, moves it, ends the claim. */
  async function finish(claim: Claim, to: 'Sent' | 'Failed' | 'Opened', reason: string | null): Promise<void> {
    const target = path.join(claim.folder, to);
    await fsp.mkdir(target, { recursive: true });
    const decided = await save({ ...claim, step: 'finishing', outcome: { to, name: await freeName(target, claim.name), reason } });
    checkpoint('hotfolder.outcome_journaled');
    await completeMove(decided);
    if (to === 'Failed') {
      countFor(claim.folderId, 'failed');
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

  /** Moves a claim on as far as it can go now (the outcome of a submission is looked at on a later pass). */
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

  async function take(entry: Watched, name: string, stat: fs.Stats): Promise<void> {
    const folder = entry.folder;
    const claim: Claim = {
      version: 1,
      id: crypto.randomUUID(),
      folderId: folder.id,
      folder: entry.resolved,
      name,
      sendingName: await freeName(path.join(entry.resolved, subfolders.sending), name),
      identity: { dev: stat.dev, ino: stat.ino, size: stat.size, mtimeMs: stat.mtimeMs },
      mode: folder.mode,
      recipients: folder.recipients,
      subject: folder.subject,
      coverId: folder.coverId,
      step: 'claimed',
      submissionId: null,
      outcome: null,
      createdAt: now(),
    };
    await save(claim);
    checkpoint('hotfolder.claimed');
    try {
      if (!(await ensureSending(claim))) throw Object.assign(new Error('gone'), { code: 'ENOENT' });
    } catch (error) {
      // Not moved (a read-only folder, a file another program holds): not taken; it waits until it changes.
      await endClaim(claim.id);
      entry.refused.set(name, stat.mtimeMs);
      log.warn('hotfolders.file_not_movable', { code: (error as NodeJS.ErrnoException).code });
      entry.status.problem = say(msg('hotFolders.aFileInThis'));
      announce();
      return;
    }
    entry.scan.forget(name);
    entry.status.taken += 1;
    log.info('hotfolders.file_taken', { mode: folder.mode });
    await advance(claim);
  }

  async function resolveFolder(folder: HotFolder): Promise<{ resolved: string } | { problem: Message }> {
    let resolved: string;
    try {
      resolved = await fsp.realpath(folder.path);
    } catch {
      return { problem: msg('hotFolders.theFolderCannotBe') };
    }
    const dataDir = await fsp.realpath(deps.dataDir).catch(() => path.resolve(deps.dataDir));
    if (isInside(resolved, dataDir) || isInside(dataDir, resolved)) return { problem: msg('hotFolders.thisFolderIsInside') };
    return { resolved };
  }

  function watch(entry: Watched): void {
    if (entry.watcher) return;
    try {
      entry.watcher = fs.watch(entry.resolved, { persistent: false }, () => schedule(50));
      entry.watcher.on('error', () => {
        entry.watcher?.close();
        entry.watcher = null;
      });
    } catch {
      entry.watcher = null;
    }
  }

  /** Brings the watched set in line with the settings. */
  function reconcileFolders(): void {
    const wanted = deps.automation().hotFolders;
    const before = [...watched.keys()].join();
    for (const [id, entry] of watched) {
      const folder = wanted.find((candidate) => candidate.id === id);
      if (!folder || folder.path !== entry.folder.path) {
        entry.watcher?.close();
        watched.delete(id);
      } else entry.folder = folder;
    }
    for (const folder of wanted) {
      if (watched.has(folder.id)) continue;
      const status: HotFolderStatus = { id: folder.id, state: folder.enabled ? 'watching' : 'off', problem: null, taken: 0, failed: 0, waiting: 0 };
      watched.set(folder.id, { folder, resolved: '', scan: createFolderScan({ folder: folder.path, stableMs, now, openForWriting }), watcher: null, status, refused: new Map() });
    }
    if ([...watched.keys()].join() !== before) announce();
  }

  async function scanFolder(entry: Watched): Promise<void> {
    const status = entry.status;
    const before = JSON.stringify(status);
    if (!entry.folder.enabled) {
      status.state = 'off';
      status.problem = null;
      if (JSON.stringify(status) !== before) announce();
      return;
    }
    const where = await resolveFolder(entry.folder);
    if ('problem' in where) {
      if (status.state !== 'unavailable') {
        log.warn('hotfolders.folder_unavailable');
        deps.notify(msg('hotFolders.aHotFolderIs'), where.problem);
      }
      entry.watcher?.close();
      entry.watcher = null;
      status.state = 'unavailable';
      status.problem = say(where.problem);
      if (JSON.stringify(status) !== before) announce();
      return;
    }
    if (entry.resolved !== where.resolved) {
      entry.resolved = where.resolved;
      entry.scan = createFolderScan({ folder: where.resolved, stableMs, now, openForWriting });
      entry.watcher?.close();
      entry.watcher = null;
    }
    watch(entry);
    const result = await entry.scan.scan();
    if (!result.ok) {
      status.state = 'unavailable';
      status.problem = say(msg('hotFolders.theFolderCannotBe'));
    } else {
      if (status.state !== 'watching') status.problem = null;
      status.state = 'watching';
      status.waiting = result.waiting;
      for (const ready of result.ready) {
        const refusedAt = entry.refused.get(ready.name);
        if (refusedAt !== undefined && refusedAt === ready.stat.mtimeMs) continue;
        entry.refused.delete(ready.name);
        await take(entry, ready.name, ready.stat);
      }
    }
    if (JSON.stringify(status) !== before) announce();
  }

  async function runPass(): Promise<void> {
    reconcileFolders();
    for (const claim of [...active.values()]) {
      try {
        await advance(claim);
      } catch (error) {
        log.warn('hotfolders.claim_waits', { code: (error as NodeJS.ErrnoException).code });
        const entry = watched.get(claim.folderId);
        if (entry) entry.status.problem = say(msg('hotFolders.aFileWaits'));
      }
    }
    for (const entry of watched.values()) {
      try {
        await scanFolder(entry);
      } catch (error) {
        log.warn('hotfolders.scan_failed', { code: (error as NodeJS.ErrnoException).code });
        entry.status.problem = say(msg('hotFolders.aFileWaits'));
        announce();
      }
    }
  }

  // A change noticed during a pass is looked at in one more pass straight after it (not once the folders stop).
  const passes = createSerialPass(
    async () => {
      if (!stopping) await runPass();
    },
    { onError: (error) => log.error('hotfolders.pass_failed', { error }), afterEach: () => schedule(scanMs) },
  );
  const tick = (): Promise<void> => passes.run();

  function schedule(delay: number): void {
    if (!running) return;
    timer.after(delay, () => void tick());
  }

  return {
    async start() {
      for (const claim of await deps.claims.readAll()) active.set(claim.id, claim);
      running = true;
      stopping = false;
      listening.add(deps.events.on('outboxChanged', () => schedule(0)));
      listening.add(deps.events.on('automationChanged', () => schedule(0)));
      await tick();
    },
    tick,
    status: () => [...watched.values()].map((entry) => ({ ...entry.status })),
    async stop() {
      running = false;
      stopping = true;
      listening.dispose();
      timer.cancel();
      await passes.idle();
      for (const entry of watched.values()) entry.watcher?.close();
    },
  };
}
