/**
 * This desk in the office: its session with the hub, the live feed and the shared triage with its journal, wired
 * together — the live feed's changes are read again from the hub, its "reachable" sends what waits, and each time
 * it listens again the whole triage is read again (what changed while nobody listened is in no notification).
 */
import type { Logger } from '../log/logger';
import type { HubAddress, HubCredentials } from '../hub/hub-address';
import { createHubLive } from '../hub/hub-live';
import { openHubSession } from '../hub/hub-session';
import type { Checkpoint } from '../runtime/checkpoint';
import type { Timers } from '../runtime/timers';
import { createSharedTriage, type LostClaim, type SharedTriage, type TriageStatus } from './shared-triage';
import { createTriageJournal } from './triage-journal';

export interface OfficeDeskOptions {
  address: HubAddress;
  credentials: HubCredentials;
  officeKey: Buffer;
  /** This desk's id (its audit chain), kept with its settings. */
  deskId: string;
  dataDir: string;
  fileKey: Buffer;
  log: Logger;
  onChanged: (faxIds: string[]) => void;
  onStatus: (status: TriageStatus) => void;
  onLostClaim: (lost: LostClaim) => void;
  /** The office's labels or people changed (on any desk). */
  onOfficeChanged?: () => void;
  /** The administrator's desk brings the hub's schema up to this app's version before its first session. */
  upgrade?: () => Promise<void>;
  catchUpMs?: number;
  now?: () => number;
  timers?: Timers;
  checkpoint?: Checkpoint;
}

export interface OfficeDesk {
  triage: SharedTriage;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createOfficeDesk(options: OfficeDeskOptions): OfficeDesk {
  let upgraded = false;
  const common = { ...(options.timers ? { timers: options.timers } : {}) };
  const triage = createSharedTriage({
    journal: createTriageJournal(options.dataDir, options.fileKey),
    connect: async () => {
      if (!upgraded && options.upgrade) {
        await options.upgrade();
        upgraded = true;
      }
      return openHubSession({ address: options.address, credentials: options.credentials, officeKey: options.officeKey, deskId: options.deskId });
    },
    login: options.address.user,
    onChanged: options.onChanged,
    onStatus: options.onStatus,
    onLostClaim: options.onLostClaim,
    log: options.log,
    ...common,
    ...(options.now ? { now: options.now } : {}),
    ...(options.checkpoint ? { checkpoint: options.checkpoint } : {}),
  });
  let started = false;
  let firstAttempt: () => void = () => undefined;
  const firstAttemptEnded = new Promise<void>((resolve) => (firstAttempt = resolve));
  const live = createHubLive({
    address: options.address,
    credentials: options.credentials,
    onChanged: (faxIds) => void triage.refresh(faxIds).catch(() => undefined),
    ...(options.onOfficeChanged ? { onOfficeChanged: options.onOfficeChanged } : {}),
    onReachable: (reachable) => triage.reachable(reachable),
    onFirstAttempt: () => firstAttempt(),
    // Listening again after a drop (or for the first time after an unreachable start): what changed meanwhile is
    // read whole. At start the state is read after the first attempt, so once is enough.
    onListening: () => {
      if (!started) return;
      void triage.reload().catch(() => undefined);
      options.onOfficeChanged?.();
    },
    ...common,
    ...(options.catchUpMs !== undefined ? { catchUpMs: options.catchUpMs } : {}),
  });
  return {
    triage,
    async start() {
      // Listen first, then read: a change made between the two is either in what is read or heard.
      live.start();
      await firstAttemptEnded;
      await triage.start();
      started = true;
    },
    async stop() {
      await live.stop();
      await triage.stop();
    },
  };
}
