/** What the window knows of the office hub: membership, people, and each received fax's shared triage. */

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
}

/** Whether the hub answers: connecting at start, connected, offline (actions wait on this desk), refused. */
export type HubReach = 'connecting' | 'connected' | 'offline' | 'refused';

export type OfficeView =
  | { joined: false }
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
      /** Why the hub refused this desk, in the window's language. */
      problem: string | null;
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
  text: string;
}

/** Claiming a fax: yours, someone else's (who and since when), or waiting on this desk for the hub. */
export type ClaimOutcome = { kind: 'won' } | { kind: 'taken'; by: PersonRef; since: number } | { kind: 'queued' };

/** The "Mine" and "Unclaimed" filters of the inbox (with a hub). */
export const triageFilters = ['mine', 'unclaimed'] as const;
export type TriageFilter = (typeof triageFilters)[number];
