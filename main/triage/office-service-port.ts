/** What the office on this desk offers the rest of main (its port), and what it is built from. */
import type { FaxId } from '../../preload/fax-id';
import type { ClaimOutcome, FaxTriageSummary, LabelView, OfficeView, PersonView, TriageNoteView, WaitingAction } from '../../preload/office';
import type { Desktop } from '../desktop';
import type { Logger } from '../log/logger';
import type { SetupAccount } from '../hub/hub-setup';
import type { OfficeJobs } from '../hub/office-leases';
import type { EventBus } from '../runtime/event-bus';
import type { Checkpoint } from '../runtime/checkpoint';
import type { Timers } from '../runtime/timers';
import type { Cache } from '../store/cache/cache';
import type { SecretStore } from '../store/secret-store';
import type { AuditRow } from './audit-export';

export interface OfficeServiceDeps {
  dataDir: string;
  fileKey: Buffer;
  secrets: SecretStore;
  cache: Cache;
  events: EventBus;
  log: Logger;
  now?: () => number;
  timers?: Timers;
  checkpoint?: Checkpoint;
  catchUpMs?: number;
  /** How long the office's leases last (tests shorten it). */
  leaseMs?: number;
  /** How often a desk waiting to join asks for its office key. */
  joinPollMs?: number;
  desktop: Pick<Desktop, 'chooseSavePath'>;
}


export interface CreateOfficeInput {
  host: string;
  port: number;
  database: string;
  user: string;
  /** The administrator account's password — or a client certificate and its key instead. */
  password?: string | undefined;
  clientCertificate?: string | undefined;
  clientKey?: string | undefined;
  ca?: string | undefined;
  name: string;
  /** The server's setup account (IT's), used for this moment only: it makes the office's schema and roles. */
  setupUser: string;
  setupPassword: string;
}

export interface OfficeService {
  /**
   * Reads this desk's membership (local: a file and the keychain) and connects to the hub in the background: once
   * it resolves, the office is known (state "connecting" until the hub answers) but a hub that cannot be reached
   * holds nothing up.
   */
  start(): Promise<void>;
  /** Resolves when the start's connection attempt has ended (connected or not). */
  started(): Promise<void>;
  view(): OfficeView;
  create(input: CreateOfficeInput): Promise<OfficeView>;
  /** Upgrades the hub's schema with IT's setup account (the administrator's desk; the account is not kept). */
  upgradeHub(setup: SetupAccount): Promise<OfficeView>;
  join(code: string): Promise<OfficeView>;
  leave(): Promise<OfficeView>;
  people(): Promise<PersonView[]>;
  addPerson(person: { login: string; name: string; validHours?: number | undefined }): Promise<{ joinCode: string }>;
  /** A new join code for a person in the office (a new or lost computer): their old desk is out (administrator only). */
  resetPerson(person: { login: string; validHours?: number | undefined }): Promise<{ joinCode: string }>;
  /** Confirms a person waiting to join whose screen shows `safetyCode` (administrator only). */
  confirmJoin(login: string, safetyCode: string): Promise<void>;
  removePerson(login: string): Promise<void>;
  claim(faxId: FaxId): Promise<ClaimOutcome>;
  release(faxId: FaxId): Promise<void>;
  takeOver(faxId: FaxId): Promise<void>;
  assign(faxId: FaxId, login: string | null): Promise<void>;
  /** Marks received faxes handled (or not) for the office; false without an office (the desk's own marks apply). */
  markHandled(faxIds: readonly FaxId[], handled: boolean): Promise<boolean>;
  notes(faxId: FaxId): Promise<TriageNoteView[]>;
  addNote(faxId: FaxId, text: string): Promise<void>;
  /** Removes a note (its author, or the administrator): online only, the database checks who may. */
  removeNote(faxId: FaxId, noteId: string): Promise<void>;
  labels(): LabelView[];
  /** Adds (id null) or renames an office label (administrator only); returns its id. */
  saveLabel(label: { id: string | null; name: string }): Promise<string>;
  removeLabel(labelId: string): Promise<void>;
  setLabels(faxId: FaxId, labelIds: readonly string[]): Promise<void>;
  /** Tells the office who sent a fax and by when a reply is expected (nothing without an office). */
  shareSent(faxId: FaxId, replyDue: number | null): void;
  /** Tells the office a received fax was linked to a sent one by hand, or unlinked (nothing without an office). */
  shareReplyLink(inboundId: FaxId, outboundId: FaxId | null): void;
  /** The triage of these received faxes as the lists show it (empty without an office). */
  summaries(faxIds: readonly FaxId[]): Map<FaxId, FaxTriageSummary>;
  /** This person's sign-in name on the hub, or null without an office. */
  login(): string | null;
  /** Leases of work done once per office (rules, the reminder); without an office every job is this desk's. */
  jobs: OfficeJobs;
  /** The actions waiting on this desk for the hub, oldest first (to look at after the hub refused this desk). */
  waiting(): WaitingAction[];
  /** Tries the hub again after it refused this desk. */
  retry(): Promise<OfficeView>;
  /** The audit trail of a time range, each desk's chain checked. */
  auditRows(range: { from: number; to: number }): Promise<AuditRow[]>;
  /** Writes the audit trail of a time range as CSV where the user chooses. */
  exportAudit(range: { from: number; to: number }): Promise<{ saved: boolean }>;
  stop(): Promise<void>;
}
