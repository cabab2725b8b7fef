/**
 * This desk in the office: its one link to the hub, the change feed on it and the shared triage with its journal,
 * wired together — the feed's changes are read again from the hub, the link's "reachable" sends what waits, and
 * each time the link listens again after a drop the whole triage is read again (what changed while nobody
 * listened is in no notification).
 */
import type { AppError } from '../errors';
import type { Logger } from '../log/logger';
import type { HubAddress, HubCredentials } from '../hub/hub-address';
import { createHubLink, type HubLink } from '../hub/hub-link';
import { createHubLive } from '../hub/hub-live';
import { noticeSender } from '../hub/notice-sender';
import { openHubSession } from '../hub/hub-session';
import type { KeyRing, OfficeKeys } from '../hub/office-key';
import type { DeskKeys } from '../hub/office-keyring';
import type { Checkpoint } from '../runtime/checkpoint';
import { coalesced } from '../runtime/coalesced';
import { realTimers, type Timers } from '../runtime/timers';
import { createSharedTriage, type LostClaim, type SharedTriage, type TriageStatus } from './shared-triage';
import { createTriageJournal } from './triage-journal';

export interface OfficeDeskOptions {
  address: HubAddress;
  credentials: HubCredentials;
  officeKey: Buffer;
  /** This desk's own key pair, so that the office's next key reaches it. */
  deskKeys?: DeskKeys | null;
  /** The office's keys as the hub gave them to this desk (a new key after a removal, and the history). */
  onKeys?: (ring: KeyRing) => void;
  /** This desk's id (its audit chain), kept with its settings. */
  deskId: string;
  dataDir: string;
  fileKey: Buffer;
  log: Logger;
  onChanged: (faxIds: string[]) => void;
  onStatus: (status: TriageStatus) => void;
  onLostClaim: (lost: LostClaim) => void;
  /** The office's lists (labels, people) changed (on any desk). */
  onOfficeChanged?: () => void;
  /** Another desk said a person was removed (a hint: this desk checks its own membership with the hub). */
  /** This desk's person was removed (the hub refuses them now); `by` when the notice came from that person's session. */
  onRemovalHeard?: (login: string, by: string | null) => void;
  catchUpMs?: number;
  visitMs?: number;
  heartbeatMs?: number;
  queryTimeoutMs?: number;
  readGapMs?: number;
  now?: () => number;
  timers?: Timers;
  checkpoint?: Checkpoint;
}

export interface OfficeDesk {
  triage: SharedTriage;
  link: HubLink;
  start(): Promise<void>;
  /** Asks the hub again after it refused this desk: the link tries again, and what waits goes if it is taken. */
  retry(): Promise<void>;
  stop(): Promise<void>;
}

/** A removal is told on the hub's channel as "removed:<login>:<by>" (a hint only: anyone connected may notify). */
function removalNotice(payload: string): { login: string; by: string } | null {
  const match = /^removed:([a-z_][a-z0-9_]{0,62}):([a-z_][a-z0-9_]{0,62})$/.exec(payload);
  return match?.[1] && match[2] ? { login: match[1], by: match[2] } : null;
}

export function createOfficeDesk(options: OfficeDeskOptions): OfficeDesk {
  let started = false;
  const timers = options.timers ? { timers: options.timers } : {};
  let onListening: () => void = () => undefined;
  let onNotification: (payload: string, senderPid: number) => void = () => undefined;
  let onReachable: (reachable: boolean, failure: AppError | null) => void = () => undefined;
  let onMode: () => void = () => undefined;
  const link = createHubLink({
    address: options.address,
    credentials: options.credentials,
    listen: true,
    onNotification: (payload, senderPid) => onNotification(payload, senderPid),
    onReachable: (reachable, failure) => onReachable(reachable, failure),
    onListening: () => onListening(),
    onMode: () => onMode(),
    ...timers,
    ...(options.heartbeatMs !== undefined ? { heartbeatMs: options.heartbeatMs, heartbeatTimeoutMs: options.heartbeatMs } : {}),
    ...(options.queryTimeoutMs !== undefined ? { queryTimeoutMs: options.queryTimeoutMs } : {}),
  });
  let officeKey: OfficeKeys = options.officeKey;
  const triage = createSharedTriage({
    journal: createTriageJournal(options.dataDir, options.fileKey),
    connect: async () => {
      return openHubSession({
        address: options.address,
        credentials: options.credentials,
        // A session made again after a drop starts from the newest key this desk was given.
        officeKey: officeKey,
        deskKeys: options.deskKeys ?? null,
        onKeys: (ring) => {
          officeKey = ring;
          options.onKeys?.(ring);
        },
        deskId: options.deskId,
        link,
      });
    },
    reachable: () => link.reachable,
    login: options.address.user,
    onChanged: options.onChanged,
    onStatus: (status) => {
      // A desk the hub refused stops asking: no connection tries, no sends, until the person asks again.
      if (status.state === 'removed' || status.state === 'refused') void link.suspend();
      options.onStatus(status);
    },
    onLostClaim: options.onLostClaim,
    log: options.log,
    ...timers,
    ...(options.now ? { now: options.now } : {}),
    ...(options.checkpoint ? { checkpoint: options.checkpoint } : {}),
    ...(options.readGapMs !== undefined ? { readGapMs: options.readGapMs } : {}),
  });
  // "The office's lists changed" only says "read them again": a burst of it (or a flood anyone connected can send)
  // costs one read every half second at most.
  const officeChanged = coalesced(() => options.onOfficeChanged?.(), options.readGapMs ?? 500, options.timers ?? realTimers, options.now);
  const live = createHubLive({
    link,
    ...(options.readGapMs !== undefined ? { readGapMs: options.readGapMs } : {}),
    ...(options.now ? { now: options.now } : {}),
    onChanged: (faxIds) => void triage.refresh(faxIds).catch(() => undefined),
    onOfficeChanged: officeChanged,
    ...timers,
    ...(options.catchUpMs !== undefined ? { catchUpMs: options.catchUpMs } : {}),
    ...(options.visitMs !== undefined ? { visitMs: options.visitMs } : {}),
  });
  /**
   * A notice of this desk's own removal is believed only once the hub refuses the desk, and names who removed it only
   * when it came from a session of theirs (a member's hand-made notice names whom they like).
   */
  async function heardOwnRemoval(by: string, senderPid: number): Promise<void> {
    const sender = await noticeSender(link, senderPid);
    await triage.checkMembership().catch(() => undefined);
    if (triage.status().state === 'removed') options.onRemovalHeard?.(options.address.user, sender === by ? by : null);
  }
  onNotification = (payload, senderPid) => {
    const removal = removalNotice(payload);
    // Any other word (a change, another person's removal, which changes the people list) is read from the change log.
    if (removal === null || removal.login !== options.address.user) live.heard();
    else void heardOwnRemoval(removal.by, senderPid);
  };
  // The hub answering again after it did not (a restart, a cut, a visit after failed ones, a start while it was
  // away): what changed meanwhile may be in no notification and no longer in the change log's window, so the
  // triage is read whole — once, however the link got back.
  let wasReachable = true;
  onReachable = (reachable, failure) => {
    const back = reachable && !wasReachable;
    wasReachable = reachable;
    triage.reachable(reachable, failure);
    if (back && started) {
      void triage.reload().catch(() => undefined);
      officeChanged();
    }
  };
  onMode = () => live.modeChanged();
  // Listening (again): notifications bring the news from here on; the change log is read up to now.
  onListening = () => void live.listening();
  return {
    triage,
    link,
    async start() {
      // Listen first, then read: a change made between the two is either in what is read or heard. The feed sets
      // its place in the change log before the triage is read (a desk that visits has no listening to do it).
      link.start();
      live.start();
      await link.use(() => Promise.resolve()).catch(() => undefined);
      await live.catchUp();
      await triage.start();
      wasReachable = link.reachable;
      started = true;
    },
    async retry() {
      link.start();
      await triage.retry();
    },
    async stop() {
      officeChanged.cancel();
      live.stop();
      await triage.stop();
      await link.stop();
    },
  };
}
