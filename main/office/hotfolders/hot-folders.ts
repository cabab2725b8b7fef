/**
 * Hot folders: a file saved into a watched folder is faxed (or opened in compose), exactly once.
 *
 * This file watches the folders (change events, and a look every few seconds for network drives that send none),
 * keeps each folder's status, and claims each ready file (see folder-scan.ts): the claim (sealed) names the file by
 * its identity and the name it will have in "Sending". claim-runner.ts then takes the claim through its steps:
 * 1. the file is moved into "Sending" — out of the way of the next look;
 * 2. it is checked and staged like a dropped file, then journaled in the outbox with the claim's id: the outbox
 *    makes at most one submission per claim, so a restart between the two finds the submission instead of
 *    making another;
 * 3. when the outbox knows the outcome, the claim records where the file goes ("Sent", or "Failed" with a
 *    `.txt` reason beside it), writes the reason, moves the file, and ends.
 * A restart reads the unfinished claims and finishes each from its last step. Nothing is sent twice, nothing
 * is deleted; a file that cannot be moved or read is reported and waits where it is.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Automation, HotFolder, HotFolderStatus } from '../../../preload/automation';
import type { StageResult } from '../../../preload/models';
import { msg, type Message } from '../../../preload/i18n/translator';
import { say } from '../../i18n/main-locale';
import type { Logger } from '../../log/logger';
import type { Outbox } from '../../outbox/outbox';
import { noCheckpoint, type Checkpoint } from '../../runtime/checkpoint';
import type { Staging } from '../../compose/staging';
import type { EventBus } from '../../runtime/event-bus';
import { createDisposables } from '../../runtime/disposables';
import { createOneTimer } from '../../runtime/one-timer';
import { createSerialPass } from '../../runtime/serial-pass';
import { realTimers, type Timers } from '../../runtime/timers';
import type { Claim, ClaimJournal } from './claims';
import { freeName } from '../../runtime/free-name';
import { isInside, subfolders } from './file-names';
import { createClaimRunner } from './claim-runner';
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

export function createHotFolders(deps: HotFolderDeps): HotFolders {
  const now = deps.now ?? Date.now;
  const checkpoint: Checkpoint = deps.checkpoint ?? noCheckpoint;
  const log = deps.log.child('hotfolders');
  const stableMs = deps.stableMs ?? 2_000;
  const scanMs = deps.scanMs ?? 2_000;
  const openForWriting = deps.openForWriting ?? ((file: string) => isOpenForWriting(file));
  const watched = new Map<string, Watched>();
  const timer = createOneTimer(deps.timers ?? realTimers);
  let running = false;
  let stopping = false;
  const listening = createDisposables();

  const announce = (): void => deps.events.emit('hotFoldersChanged', [...watched.values()].map((entry) => entry.status));

  const claimRunner = createClaimRunner({
    claims: deps.claims,
    staging: deps.staging,
    outbox: deps.outbox,
    log,
    checkpoint,
    openInCompose: deps.openInCompose,
    notify: deps.notify,
    onFailed: (folderId) => {
      const entry = [...watched.values()].find((candidate) => candidate.folder.id === folderId);
      if (entry) entry.status.failed += 1;
    },
  });

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
    if (!(await claimRunner.take(claim))) {
      // Not moved (a read-only folder, a file another program holds): not taken; it waits until it changes.
      entry.refused.set(name, stat.mtimeMs);
      entry.status.problem = say(msg('hotFolders.aFileInThis'));
      announce();
      return;
    }
    entry.scan.forget(name);
    entry.status.taken += 1;
    log.info('hotfolders.file_taken', { mode: folder.mode });
    await claimRunner.advance(claim);
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
    for (const claim of claimRunner.active()) {
      try {
        await claimRunner.advance(claim);
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
      await claimRunner.load();
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
