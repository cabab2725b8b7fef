/**
 * The data shapes that cross the bridge. They are the app's own view of the Fax Service, normalised in main:
 * the renderer never sees a raw server reply, an API key, or a file path it did not give.
 */

import type { FaxTriageSummary, TriageFilter } from './office';
import type { StatusGroup } from './fax-status';
import type { RuleActionView } from './automation';
import type { FaxId } from './fax-id';
import type { ChartSummary } from './chart';
import type { FaxIntake, IntakeSummary } from './intake';

/** The spec's fax states; any other value from the server is carried verbatim (see fax-status.ts). */
export type KnownFaxStatus = 'queued' | 'converting' | 'sending' | 'delivered' | 'failed' | 'partial';
export type FaxStatus = KnownFaxStatus | (string & {});

export type FaxDirection = 'inbound' | 'outbound';

export interface AppInfo {
  name: string;
  version: string;
  /** 'electron' in the desktop app; 'harness' when main runs in plain Node and the renderer in Chromium. */
  runtime: 'electron' | 'harness';
  platform: string;
  versions: { node: string; chrome?: string; electron?: string };
}

export type ScopeName =
  | 'fax:send'
  | 'fax:read'
  | 'contacts:read'
  | 'numbers:read'
  | 'account:read'
  | 'webhooks:read'
  | 'webhooks:write'
  | 'automation:events:read';

/** What probing the endpoints learned: a scope is granted, missing (403), or could not be told. */
export type ScopeState = 'granted' | 'missing' | 'unknown';

export type ViewName = 'compose' | 'inbox' | 'outbox' | 'contacts' | 'numbers' | 'account' | 'webhooks';

export interface KeyCapabilities {
  scopes: Record<ScopeName, ScopeState>;
  /** Views this key can use; the UI hides or explains the others. */
  views: Record<ViewName, boolean>;
  /** An automation key (webhooks and account only, e.g. `automation:events:read`). */
  automationOnly: boolean;
  canCreateWebhooks: boolean;
}

export interface AccountView {
  plan: string | null;
  pagesUsed: number | null;
  pageLimit: number | null;
  /** Billing cycle as the server states it, for display. */
  billingCycle: { start: string | null; end: string | null; label: string | null } | null;
  /** True when sending/receiving is paused (≥ 110 % of the limit, or the server says so). */
  paused: boolean;
  /** Usage as a fraction of the page limit (1 = 100 %), when both numbers are known. */
  usageRatio: number | null;
  /**
   * The account's cover sheets by name, when the service lists them (the spec names only `cover_id`); absent or
   * null: it does not say, and a typed id is checked by the service when the fax is sent.
   */
  coverSheets?: CoverSheet[] | null | undefined;
}

export interface CoverSheet {
  id: string;
  name: string | null;
}

export type ConnectionState =
  | { status: 'signed_out'; baseUrl: string; /** Why, when it was not the user's choice (e.g. the keychain is locked). */ message?: string }
  | { status: 'connecting'; baseUrl: string }
  | {
      status: 'connected';
      baseUrl: string;
      account: AccountView | null;
      capabilities: KeyCapabilities;
      connectedAt: number;
    }
  | {
      /** A key is stored but the Fax Service cannot be reached: cached data stays readable, the app retries. */
      status: 'offline';
      baseUrl: string;
      message: string;
      /** What the key could do when last seen online (null if never). */
      capabilities: KeyCapabilities | null;
      account: AccountView | null;
      retryAt: number | null;
    }
  | {
      /** The stored key was refused (401): drafts and queued faxes are kept until a new key is entered. */
      status: 'key_rejected';
      baseUrl: string;
      message: string;
      requestId?: string;
    };

export interface RecipientView {
  to: string;
  name: string | null;
  status: FaxStatus;
  /** The server's error value, verbatim (format not shown by the spec). */
  error: string | null;
  /** The error in plain words, when it is one we recognise. */
  reason: string | null;
}

/** A sent fax that expects a reply: waiting (until dueMs), overdue, or answered by these received faxes. */
export interface ReplyState {
  state: 'awaiting' | 'overdue' | 'replied';
  dueMs: number;
  replies: Array<{ id: FaxId; reference: string }>;
}

export interface FaxSummary {
  id: FaxId;
  reference: string;
  direction: FaxDirection;
  /** The service's word, verbatim. */
  status: FaxStatus;
  /** What the word means (fax-status.ts): the lists filter and colour by it. */
  statusGroup: StatusGroup;
  pages: number | null;
  createdAt: string;
  /** The first recipient for outbound faxes; the sender's number for inbound ones when known. */
  counterpart: string | null;
  /**
   * The name a person knows the counterpart by: the contact with that number (in the cached address book), else
   * the name the fax itself gives (the recipient's name it was sent with). The service's sender name stays in
   * `senderName` (a fax machine's header can say anything).
   */
  counterpartName?: string | null | undefined;
  recipientCount: number;
  /** Per-recipient results at a glance (outbound). */
  deliveredCount: number;
  failedCount: number;
  subject: string | null;
  senderName: string | null;
  unread: boolean;
  /** Sent faxes that expect a reply. */
  reply?: ReplyState | undefined;
  /** Received faxes linked to the sent fax they answer. */
  replyTo?: { id: FaxId; reference: string } | undefined;
  /** Received faxes someone marked handled. */
  handled?: boolean | undefined;
  /** Received faxes, with an office hub: who is on it, who it is given to, notes. */
  triage?: FaxTriageSummary | undefined;
  /** When a search found the fax by what it says: where (recognized on this desk). */
  textHit?: TextHit | undefined;
  /** Received faxes read on this desk: what they are (intake). */
  intake?: IntakeSummary | undefined;
  /** Received faxes matched for the chart (with a patient source set): filed, to file, being filed. */
  chart?: ChartSummary | undefined;
}

/** The first page whose recognized text matches a search, and the words around the match (matches between \u0002 and \u0003). */
export interface TextHit {
  page: number;
  excerpt: string;
}

/** One new document made of pages of received faxes (page tools): each page, which fax it is from, and its extra turn. */
/** A page for a new document: of a received fax, or of a PDF file in compose (staged, by its id). */
export type PagePick = ({ faxId: FaxId } | { fileId: string }) & { page: number; turn: 0 | 90 | 180 | 270 };

export interface PageDocumentRequest {
  pages: PagePick[];
}

/** Something placed on a page to fill and sign it: where (left, top, right, bottom in shares of the page as shown). */
export type FillItem =
  | { kind: 'text'; page: number; box: [number, number, number, number]; text: string }
  | { kind: 'check'; page: number; box: [number, number, number, number] }
  | { kind: 'signature'; page: number; box: [number, number, number, number] }
  /** The stamp image saved on this desk, fitted into the box. */
  | { kind: 'stamp'; page: number; box: [number, number, number, number] }
  /** A highlighter's mark over the box. */
  | { kind: 'highlight'; page: number; box: [number, number, number, number] }
  /** Freehand ink drawn on the page: strokes of points in shares of the box (x right, y down). */
  | { kind: 'ink'; page: number; box: [number, number, number, number]; strokes: Array<Array<[number, number]>> };

/** An image kept on this desk to stamp on forms (an office stamp, a scanned signature): PNG or JPEG, checked by main. */
export interface StampImage {
  bytes: Uint8Array;
  width: number;
  height: number;
}

/**
 * A signature kept on this desk: drawn once (its strokes as points in shares of the pad, x right, y down, and the
 * pad's width ÷ height), or typed (the name, drawn in an italic face, and its width ÷ height as shown).
 */
export type SignatureInk = { strokes: Array<Array<[number, number]>>; aspect: number } | { typed: string; aspect: number };

/** Reading faxes on this computer (Settings shows it). */
export interface RecognitionStatus {
  enabled: boolean;
  /** Faxes read to their last page. */
  read: number;
  /** Faxes that could not be read. */
  failed: number;
  /** Reading now. */
  reading: boolean;
}

/** A page's words that match a search, as boxes in shares of the page (left, top, right, bottom). */
export interface TextPageHits {
  page: number;
  boxes: Array<[number, number, number, number]>;
}

export interface FaxDetail extends FaxSummary {
  recipients: RecipientView[];
  cost: string | null;
  providerError: string | null;
  /** The carrier's value in plain words, in the app's language, when it is one the app recognises. */
  providerReason?: string | null | undefined;
  /** request_id of the reply this detail came from. */
  requestId: string | null;
  /** Outbox submission that created this fax, when it was sent from this app. */
  submissionId: string | null;
  pdfCached: boolean;
  /** Received faxes: the sent faxes that answered it with a filled and signed copy. */
  answeredWith?: Array<{ id: FaxId; reference: string }> | undefined;
  /** Sent faxes: the received fax this one answers (a signed copy faxed back). */
  answerTo?: { id: FaxId; reference: string } | undefined;
  /** Received faxes: whether (and when) someone marked it handled, and the office's note on it. */
  handling?: { handledAt: number | null; note: string } | undefined;
  /** Received faxes: what the inbound rules did with it (saved where, printed on which printer), or are trying to do. */
  ruleActions?: RuleActionView[] | undefined;
  /** Received faxes read on this desk: kind, fields with their confidence and place, batch parts. */
  intakeDetail?: FaxIntake | undefined;
}

export interface FaxListQuery {
  direction: FaxDirection;
  /** What the statuses mean (in progress, delivered, received, …), not the words themselves. */
  groups?: StatusGroup[] | undefined;
  /** Inclusive ISO date (yyyy-mm-dd) bounds, local to the user. */
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
  unreadOnly?: boolean | undefined;
  /** With `unreadOnly`: faxes opened (and so read) while the filter is on, kept in it until it is changed. */
  readHere?: FaxId[] | undefined;
  /** Received faxes nobody has marked handled. */
  notHandledOnly?: boolean | undefined;
  /** With an office hub: received faxes claimed by or given to me, or claimed by nobody. */
  triage?: TriageFilter | undefined;
  /** With an office hub: faxes carrying this office label (its id). */
  label?: string | undefined;
  /** Received faxes read (on this desk) as this kind (intake). */
  kind?: string | undefined;
  offset: number;
  limit: number;
}

export interface FaxListPage {
  items: FaxSummary[];
  total: number;
  offset: number;
}

/**
 * - idle: the last pass succeeded (the app is up to date as of lastSuccessAt);
 * - rate_limited: waiting for the Fax Service's Retry-After, or for the app's own share of the budget;
 * - unreadable: the service answers, but with replies the app cannot read;
 * - offline / error: the last pass failed (cannot reach the service / another failure).
 */
export type SyncPhase = 'idle' | 'syncing' | 'offline' | 'rate_limited' | 'unreadable' | 'error' | 'stopped';

export interface SyncState {
  phase: SyncPhase;
  lastSuccessAt: number | null;
  nextRunAt: number | null;
  /** Plain words for the status bar; no PHI. */
  message: string | null;
  requestId?: string | undefined;
  /** Since when the current trouble (offline, unreadable replies) has lasted. */
  since?: number | null | undefined;
  /** While rate_limited: the service said so (Retry-After), or the app keeps within its own share. */
  waitingFor?: 'service' | 'budget' | undefined;
}

/**
 * The one answer to "what is the app doing with the Fax Service?", decided in main from the connection and sync
 * states; the status bar and banners only show it. Times are epoch ms.
 */
export type AppStatus =
  | { kind: 'starting' }
  | { kind: 'signed_out' }
  | { kind: 'connecting' }
  | { kind: 'key_rejected' }
  /** Connected, the first sync still under way. */
  | { kind: 'syncing'; lastSuccessAt: number | null }
  /** Only after a sync pass that succeeded. */
  | { kind: 'up_to_date'; lastSuccessAt: number }
  /** Waiting for the service's Retry-After (byService), or for the app's own share of the request budget. */
  | { kind: 'rate_limited'; retryAt: number; byService: boolean; lastSuccessAt: number | null }
  | { kind: 'offline'; since: number; retryAt: number | null; lastSuccessAt: number | null }
  /** The service answers, with replies the app cannot read. */
  | { kind: 'unreadable'; since: number; retryAt: number | null; requestId: string | null; lastSuccessAt: number | null }
  | { kind: 'error'; message: string; retryAt: number | null; requestId: string | null; lastSuccessAt: number | null };

export interface ContactView {
  id: string;
  /** The person's name, or the organisation's when that is all there is; null when the service gave neither. */
  name: string | null;
  /** The first fax number (the one used when the contact is picked). */
  faxNumber: string | null;
  /** Every fax number the service gave for this contact, with its label when there is one. */
  faxNumbers: Array<{ number: string; label: string | null }>;
  company: string | null;
  email: string | null;
}

export interface ContactPage {
  items: ContactView[];
  total: number;
  offset: number;
  hasMore: boolean;
  /** True when the list came from the local cache because the service could not be reached. */
  fromCache: boolean;
}

export interface NumberView {
  id: string;
  number: string;
  label: string | null;
  capabilities: string[];
}

export interface WebhookView {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  createdAt: string | null;
}

export interface CreatedWebhook {
  webhook: WebhookView;
  /** Returned once by the service; the app does not keep it. */
  secret: string | null;
}

export type StagedFileKind = 'pdf' | 'docx' | 'jpg' | 'png' | 'tiff';

export interface StagedFile {
  id: string;
  /** The name as the user knows it (shown in the UI only, never logged). */
  name: string;
  kind: StagedFileKind;
  size: number;
  /** Page count; an estimate for DOCX (`pagesEstimated`). */
  pages: number;
  pagesEstimated: boolean;
}

export interface StageRejection {
  name: string;
  message: string;
}

export interface StageResult {
  staged: StagedFile[];
  rejected: StageRejection[];
}

export interface DraftRecipient {
  number: string;
  name?: string | undefined;
}

export type RecipientWarningKind = 'new_number' | 'near_miss' | 'name_mismatch' | 'number_changed';

/** What the misdirected-fax guard found about one recipient of a draft. */
export interface RecipientWarning {
  /** Stable for the same finding: a draft keeps the keys the user confirmed. */
  key: string;
  kind: RecipientWarningKind;
  /** The recipient's number as a key ("+14155550123"). */
  number: string;
  message: string;
  /** The one-click fix: the number (and name) the user probably meant. */
  suggestion?: { number: string; name: string | null } | undefined;
}

/** blank: nothing on it a person would see; faint: marks a person sees, none of which prints black. */
export type PageFlag = 'blank' | 'faint' | 'dark' | 'photo';

/** A page as pre-flight measured it at fax resolution. */
export interface PreflightPage {
  page: number;
  width: number;
  height: number;
  landscape: boolean;
  blackShare: number;
  midtoneShare: number;
  /** Whether a person sees anything on it (a letter, a line, a digit), and whether any of it prints black. */
  hasMark: boolean;
  hasInk: boolean;
  flags: PageFlag[];
}

export interface PreflightPages {
  pageCount: number;
  pages: PreflightPage[];
}

export interface Draft {
  /** Made by the renderer for each new draft; a submission made from it spends it. */
  id: string;
  recipients: DraftRecipient[];
  subject: string;
  notes: string;
  coverId: string;
  files: StagedFile[];
  /** Epoch ms; absent = send now. */
  scheduledAt?: number | null | undefined;
  /** Keys of the guard's warnings the user confirmed for this draft. */
  confirmedWarnings?: string[] | undefined;
  /** Expect a reply within this many days (null: no reply expected). */
  replyWithinDays?: number | null | undefined;
  updatedAt: number;
}

export type SubmissionState =
  | 'scheduled' // waiting for its time
  | 'pending' // journaled, not yet accepted
  | 'uploading'
  | 'waiting' // waiting to retry (offline, rate limit, server error)
  | 'accepted' // 202 received: a fax exists
  | 'failed' // definitive error; kept so nothing is lost
  | 'held'; // needs the user: key rejected or quota reached

export interface SubmissionView {
  id: string;
  state: SubmissionState;
  createdAt: number;
  scheduledAt: number | null;
  recipients: DraftRecipient[];
  subject: string;
  fileCount: number;
  pages: number;
  attempts: number;
  faxId: FaxId | null;
  /** Upload progress of the current attempt. */
  bytesSent: number;
  bytesTotal: number;
  error: { kind: string; message: string; requestId?: string | undefined; code?: string | undefined } | null;
  nextAttemptAt: number | null;
  origin: 'compose' | 'resend' | 'forward' | 'hotfolder' | 'fax_back';
  /** It went out at least once without a readable answer: it may already be on its way (never sent twice). */
  outcomeUnknown: boolean;
}

export interface UploadProgress {
  submissionId: string;
  bytesSent: number;
  bytesTotal: number;
}

/** The settings' types come from their one schema (settings.ts). */
export type { Settings, SettingsPatch } from './settings';

export interface LockState {
  locked: boolean;
  /**
   * What unlocks the app: the local PIN when one is set, otherwise the API key held in the keychain; 'none' when
   * neither exists (nothing to check against, so the app does not lock).
   */
  unlockWith: 'pin' | 'api_key' | 'none';
  /** After repeated wrong attempts, the earliest time (epoch ms) of the next one. */
  retryAt: number | null;
  /** A PIN is set and the API key is held too: a forgotten PIN is got past with the key (which removes the PIN). */
  keyFallback: boolean;
}

export interface FaxReceivedNotice {
  faxId: FaxId;
  /** Only filled when the user allowed details in notifications. */
  from: string | null;
  pages: number | null;
}

export interface FaxesChanged {
  added: FaxId[];
  updated: FaxId[];
  unreadInbound: number;
}

export interface SavedFile {
  saved: boolean;
}

/**
 * The self-update's state: `unavailable` where the app cannot update itself (the harness, a development run),
 * `off` when turned off in Settings, `current` when nothing is waiting, `ready` when a verified download waits for
 * a restart (`waitingForUpload`: the restart was asked for and waits for a fax's upload to finish).
 */
export type UpdateView =
  | { status: 'unavailable' }
  | { status: 'off' }
  | { status: 'current' }
  | { status: 'ready'; version: string; waitingForUpload: boolean };
