/** What the window knows of the office hub: membership, people, and each received fax's shared triage. */
import type { FaxId } from './fax-id';

export type OfficeRole = 'admin' | 'staff';

/** A person of the office, by sign-in name and the name the office knows them by. */
export interface PersonRef {
  login: string;
  name: string;
}

export interface PersonView extends PersonRef {
  role: OfficeRole;
  removed: boolean;
  /** The person signed in on this desk. */
  me: boolean;
  /**
   * Added but not confirmed yet (for the administrator): the safety code their desk asked with (null: their code
   * was not used yet) and when the code stops being taken. Null for the office's members.
   */
  joining: { safetyCode: string | null; expiresAt: number | null } | null;
}

/** This desk asked to join with a join code and waits for the administrator to confirm it. */
export interface JoiningView {
  host: string;
  database: string;
  login: string;
  /** What the administrator's screen must show too. */
  safetyCode: string;
  /** The administrator must confirm before then. */
  expiresAt: number;
  /** refused: the administrator removed this sign-in; expired: nobody confirmed in time. */
  problem: 'refused' | 'expired' | null;
}

/**
 * Whether the hub answers: connecting at start, connected, offline (actions wait on this desk), refused (its
 * password no longer works), removed (this person is no longer in the office).
 */
export type HubReach = 'connecting' | 'connected' | 'offline' | 'refused' | 'removed';

/** What keeps this desk's actions from the hub: it cannot be reached, has no room, is too busy, refused the desk. */
export interface HubHold {
  reason: 'unreachable' | 'full' | 'busy' | 'too_many' | 'refused';
  since: number;
  /** When it is tried again by time (null: as soon as the hub answers, or not at all after a refusal). */
  nextTryAt: number | null;
}

/** An action made on this desk that the hub does not have (to look at after the hub refused this desk). */
export interface WaitingAction {
  kind: 'claim' | 'release' | 'takeOver' | 'assign' | 'handled' | 'note' | 'labels' | 'audit' | 'sent' | 'replyLink' | 'filed' | 'unfiled';
  faxId: FaxId;
  /** The fax's reference as the lists show it, when this desk has the fax. */
  reference: string | null;
  at: number;
  /** For an audit entry: what the person did (viewed, printed, saved, forwarded). */
  audit: string | null;
}

export type OfficeView =
  | { joined: false; joining?: JoiningView }
  | {
      joined: true;
      host: string;
      port: number;
      database: string;
      me: PersonRef;
      role: OfficeRole;
      state: HubReach;
      /** Actions made on this desk that the hub does not have yet. */
      pending: number;
      /** Why they are not on the hub yet, when something holds them. */
      hold: HubHold | null;
      /** Since when the hub cannot be reached (while offline). */
      unreachableSince: number | null;
      /** Why the hub refused this desk, in the window's language. */
      problem: string | null;
      /** The hub's schema is older than this app's: IT upgrades it on the administrator's desk. */
      needsUpgrade: boolean;
      /**
       * This person was removed from the office: by whom (when the hub said so as it happened), seen when, and who
       * administers the office (to ask) as this desk last knew.
       */
      removal: { by: PersonRef | null; at: number | null; administrators: PersonRef[] } | null;
      /**
       * The hub's audit trail is not as this desk saw it: entries it saw are gone (deleted, or the trail cut off) or
       * were re-hashed. Null when all is as seen.
       */
      trail: { missing: number; rewritten: number } | null;
      /** People whose desks asked to join and wait for the administrator's confirmation (0 for the others). */
      waitingToJoin: number;
    };

/** A label the office defined (Referral, Lab); a removed one is no longer offered but still read on a fax. */
export interface LabelView {
  id: string;
  name: string;
  removed: boolean;
}

/** A fax's shared triage, as the lists and the detail show it (received: claim…labels; sent: who sent it). */
export interface FaxTriageSummary {
  claimedBy: PersonRef | null;
  claimedAt: number | null;
  assignee: PersonRef | null;
  handledBy: PersonRef | null;
  labels: LabelView[];
  /** A sent fax: the person who sent it (on whichever desk). */
  sentBy: PersonRef | null;
  notes: number;
  /** This desk did something to it the hub does not have yet. */
  pending: boolean;
}

export interface TriageNoteView {
  id: string;
  author: PersonRef;
  at: number;
  /** Null: a note this desk cannot read (it does not open with the office key this desk has). */
  text: string | null;
}

/** Claiming a fax: yours, someone else's (who and since when), or waiting on this desk for the hub. */
export type ClaimOutcome = { kind: 'won' } | { kind: 'taken'; by: PersonRef; since: number } | { kind: 'queued' };

/** The "Mine" and "Unclaimed" filters of the inbox (with a hub). */
export const triageFilters = ['mine', 'unclaimed'] as const;
export type TriageFilter = (typeof triageFilters)[number];
