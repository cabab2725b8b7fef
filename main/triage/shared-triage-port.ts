/** The shared triage's port: what it offers the office desk, what it is built from, and its state. */
import type { AppError } from '../errors';
import type { ClaimResult, HubSession } from '../hub/hub-session';
import type { Logger } from '../log/logger';
import type { Checkpoint } from '../runtime/checkpoint';
import type { Timers } from '../runtime/timers';
import type { SealedJournal } from '../store/sealed-journal';
import type { NewTriageAction, TriageAction } from './triage-journal';
import type { QueueHold } from './triage-sender';
import type { TriageView } from './triage-view';

export type HubState = 'connecting' | 'connected' | 'offline' | 'refused' | 'removed';

export interface TriageStatus {
  state: HubState;
  /** Actions journaled on this desk, not yet on the hub. */
  pending: number;
  /** What keeps them from the hub, when something does. */
  hold: QueueHold | null;
  /** Why the hub refused this desk (removed from the office, password changed), when it did. */
  refusal: AppError | null;
}

export interface LostClaim {
  faxId: string;
  by: string;
  since: number;
}

export interface SharedTriageDeps {
  journal: SealedJournal<TriageAction>;
  /** The session with the hub (on the desk's link; rejects with the hub's error when it cannot be opened). */
  connect: () => Promise<HubSession>;
  /** Whether the desk's link to the hub answers now. */
  reachable: () => boolean;
  /** This person's sign-in name on the hub. */
  login: string;
  onChanged: (faxIds: string[]) => void;
  onStatus: (status: TriageStatus) => void;
  onLostClaim: (lost: LostClaim) => void;
  log: Logger;
  now?: () => number;
  timers?: Timers;
  checkpoint?: Checkpoint;
  /** Once a burst of reads is spent, how long until one more read may go. */
  readGapMs?: number;
  /** How long an action waits for the hub's answer before it is told as queued. */
  answerWaitMs?: number;
}

export interface SharedTriage {
  start(): Promise<void>;
  /** Journals an action and sends it; resolves with the claim's outcome when the hub answered in time, or `queued`. */
  act(action: NewTriageAction): Promise<{ queued: true } | { queued: false; claim?: ClaimResult }>;
  /** Reads these faxes' triage from the hub again (coalesced with the reads under way). */
  refresh(faxIds: readonly string[]): Promise<void>;
  /** Reads the whole triage from the hub again (after the link listens again): every fax that changed is told. */
  reload(): Promise<void>;
  view(faxId: string): TriageView | null;
  views(): Map<string, TriageView>;
  /** The link's word on the hub: it answers again (what waits goes now) or it does not (and why). */
  reachable(reachable: boolean, failure: AppError | null): void;
  /** Another desk said this person was removed: checked with the hub, never taken on its word. */
  checkMembership(): Promise<void>;
  /** Tries again after the hub refused this desk (the person asks to). */
  retry(): Promise<void>;
  status(): TriageStatus;
  /** The actions waiting on this desk (for the person to see after a refusal). */
  waiting(): TriageAction[];
  /** Runs `work` with the session to the hub (reading notes, people, the audit trail). */
  withSession<T>(work: (session: HubSession) => Promise<T>): Promise<T>;
  stop(): Promise<void>;
}
