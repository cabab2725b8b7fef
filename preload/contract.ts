/**
 * THE IPC contract: every invoke channel (renderer → main, with its request schema and response type) and every
 * event (main → renderer). Main registers handlers from it, the preload builds `window.fax` from it, and the
 * renderer's types are derived from it. A channel exists only if it is declared here.
 */
import { z } from 'zod';
import { commandIds, type CommandId } from './commands';
import { event, invoke, invokeWithFiles } from './contract-kit';
import { faxLimits } from './fax-limits';
import { statusGroups } from './fax-status';
import { settingsPatchSchema } from './settings';
import { automationShape, type Automation, type BackgroundProblem, type HotFolderStatus, type PrinterInfo, type FaxPrinterState } from './automation';
import type {
  AccountView,
  AppStatus,
  AppInfo,
  ConnectionState,
  ContactPage,
  CreatedWebhook,
  Draft,
  FaxDetail,
  FaxesChanged,
  UpdateView,
  FaxListPage,
  FaxReceivedNotice,
  LockState,
  NumberView,
  PreflightPages,
  SignatureInk,
  StampImage,
  RecognitionStatus,
  TextPageHits,
  RecipientWarning,
  StagedFile,
  SavedFile,
  Settings,
  StageResult,
  SubmissionView,
  SyncState,
  UploadProgress,
  WebhookView,
} from './models';
import { faxIdSchema, type FaxId } from './fax-id';
import { chartEvents, chartInvokes } from './contract-chart';
import { intakeInvokes } from './contract-intake';
import { officeInvokes } from './contract-office';
import { stampImageMaxBytes } from './fax-limits';
import type { PolicyView } from './policy';
import { triageFilters, type FaxTriageSummary, type OfficeView, type PersonRef } from './office';

const noRequest = z.undefined();
const faxId = faxIdSchema;
/** A signature drawn on the pad: strokes of points in shares of the pad, and the pad's width ÷ height. */
const inkStrokes = z.array(z.array(z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)])).min(1).max(4000)).min(1).max(200);
export const signatureInkSchema = z.union([
  z.object({ strokes: inkStrokes, aspect: z.number().min(0.2).max(20) }).strict(),
  z.object({ typed: z.string().trim().min(1).max(80), aspect: z.number().min(0.2).max(40) }).strict(),
]);

/** A box on a page as shown: left, top, right, bottom in shares of the page, left of right and top above bottom. */
const shownBox = z
  .tuple([z.number().min(0).max(1), z.number().min(0).max(1), z.number().min(0).max(1), z.number().min(0).max(1)])
  .refine(([left, top, right, bottom]) => left < right && top < bottom);
/** A staged file's id (32 hex digits). */
const stagedFileId = z.string().regex(/^[0-9a-f]{32}$/);
/** Where a page comes from in its document, and the quarter turn it gets. */
const pagePlace = { page: z.number().int().min(1).max(10_000), turn: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]) };
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date like 2026-01-31');
const id = z.string().min(1).max(200);

const faxListFilter = z
  .object({
    direction: z.enum(['inbound', 'outbound']),
    groups: z.array(z.enum(statusGroups)).max(statusGroups.length).optional(),
    from: day.optional(),
    to: day.optional(),
    search: z.string().max(200).optional(),
    unreadOnly: z.boolean().optional(),
    readHere: z.array(faxId).max(100).optional(),
    notHandledOnly: z.boolean().optional(),
    triage: z.enum(triageFilters).optional(),
    label: z.string().min(1).max(64).optional(),
    kind: z.string().min(1).max(64).optional(),
  })
  .strict();

const recipients = z
  .array(z.object({ number: z.string().max(40), name: z.string().max(120).optional() }).strict())
  .max(faxLimits.maxRecipients * 5);

const coverFields = {
  subject: z.string().max(200),
  notes: z.string().max(2000),
  coverId: z.string().max(200),
};

export const invokeContract = {
  /** Filing faxes into the chart (contract-chart.ts). */
  ...chartInvokes,
  ...officeInvokes,
  ...intakeInvokes,
  getAppInfo: invoke<AppInfo>()(noRequest),
  /** Puts text on the system clipboard (a request id, a webhook secret): the window has no clipboard permission. */
  copyText: invoke<null>()(z.object({ text: z.string().min(1).max(10_000) }).strict()),
  getConnection: invoke<ConnectionState>()(noRequest),
  getSettings: invoke<Settings>()(noRequest),
  /** Validates and saves settings; the Fax Service address and CA change only through `connect`. */
  updateSettings: invoke<Settings>()(settingsPatchSchema),
  /** Hot folders, inbound rules and the daily reminder (kept encrypted: they name fax numbers). */
  getAutomation: invoke<Automation>()(noRequest),
  /** Checks and saves the whole set (folders, recipients); a refusal says which part and why. */
  saveAutomation: invoke<Automation>()(automationShape),
  getHotFolderStatus: invoke<HotFolderStatus[]>()(noRequest),
  /** Background work that needs attention (hot folders, rules, reports), for the status bar. */
  getBackgroundProblems: invoke<BackgroundProblem[]>()(noRequest),
  /** Tries the transmission reports still waiting for the reports folder again now. */
  retryReports: invoke<null>()(noRequest),
  /** The computer's printers (for a rule that prints). */
  listPrinters: invoke<PrinterInfo[]>()(noRequest),
  /** The "Fax Desktop" printers (Linux): printing to one drops the job into a hot folder. */
  getFaxPrinters: invoke<FaxPrinterState>()(noRequest),
  /** Adds (or renews) the printer of a saved hot folder; asks for the administrator's permission. */
  addFaxPrinter: invoke<FaxPrinterState>()(z.object({ hotFolderId: z.string().min(1).max(64) }).strict()),
  removeFaxPrinter: invoke<FaxPrinterState>()(z.object({ hotFolderId: z.string().min(1).max(64) }).strict()),
  /** Tries a received fax's unfinished rule actions again now. */
  retryRuleActions: invoke<null>()(z.object({ id: faxId }).strict()),
  /** Tries the key against the Fax Service; stores it in the OS keychain only if it works. */
  connect: invoke<ConnectionState>()(
    z
      .object({
        apiKey: z.string().min(1).max(1024),
        baseUrl: z.string().max(2048).optional(),
        extraCaPath: z.string().max(4096).nullable().optional(),
      })
      .strict(),
  ),
  /** Probes the Fax Service again with the stored key. */
  reconnect: invoke<ConnectionState>()(noRequest),
  /** Removes the key from the keychain. */
  signOut: invoke<ConnectionState>()(noRequest),

  getLockState: invoke<LockState>()(noRequest),
  /** Locks the app now (Ctrl+L); needs a PIN or a stored API key to unlock. */
  lockNow: invoke<LockState>()(noRequest),
  /** The PIN when one is set, otherwise the API key; wrong attempts wait longer and longer. */
  unlock: invoke<LockState>()(z.object({ pin: z.string().max(64).optional(), apiKey: z.string().max(1024).optional() }).strict()),
  /** Input in the window (throttled by the renderer): restarts the idle time before the auto-lock. */
  reportActivity: invoke<null>()(noRequest),
  /** The window is visible / focused (or not): while someone is looking at it, new faxes show within seconds. */
  reportPresence: invoke<null>()(z.object({ visible: z.boolean(), focused: z.boolean() }).strict()),
  /** Sets the local unlock PIN (4–12 digits), typed twice; changing one needs the current PIN. */
  setLockPin: invoke<LockState>()(z.object({ pin: z.string().max(64), repeat: z.string().max(64), currentPin: z.string().max(64).optional() }).strict()),
  clearLockPin: invoke<LockState>()(z.object({ currentPin: z.string().max(64) }).strict()),

  getSyncState: invoke<SyncState>()(noRequest),
  /** What the status bar and banners show (decided in main). */
  getStatus: invoke<AppStatus>()(noRequest),
  syncNow: invoke<SyncState>()(noRequest),

  /** A window of the inbox or the outbox, from the local cache (works offline). */
  listFaxes: invoke<FaxListPage>()(faxListFilter.extend({ offset: z.number().int().min(0), limit: z.number().int().min(1).max(500) }).strict()),
  /** One fax; `refresh` asks the Fax Service for its current state first. */
  getFax: invoke<FaxDetail>()(z.object({ id: faxId, refresh: z.boolean().optional() }).strict()),
  markRead: invoke<{ unreadInbound: number }>()(z.object({ ids: z.array(faxId).max(1000), read: z.boolean() }).strict()),
  /** Marks received faxes handled (or not handled again); says how many are left. */
  markHandled: invoke<{ notHandled: number }>()(z.object({ ids: z.array(faxId).max(1000), handled: z.boolean() }).strict()),
  /** The office's short note on a received fax (kept encrypted on this computer). */
  setFaxNote: invoke<null>()(z.object({ id: faxId, note: z.string().max(500) }).strict()),
  getNotHandledCount: invoke<{ notHandled: number }>()(noRequest),
  /** How many received faxes are unread (the sidebar badge). */
  getUnreadCount: invoke<{ unreadInbound: number }>()(noRequest),
  /** Opens the document for the preview: its size and first bytes; the rest is read by range as pages need it. */
  openFaxPdf: invoke<{ size: number; head: Uint8Array }>()(z.object({ id: faxId, purpose: z.enum(['preview', 'print']).optional() }).strict()),
  /** Bytes [begin, end) of the document (at most 4 MiB at a time). */
  readFaxPdf: invoke<Uint8Array>()(
    z
      .object({ id: faxId, begin: z.number().int().min(0), end: z.number().int().positive() })
      .strict()
      .refine((range) => range.end > range.begin && range.end - range.begin <= 4 * 1024 * 1024, 'a range of 1 byte to 4 MiB'),
  ),
  /** Writes a plain copy of the fax's PDF where the user chooses. */
  saveFaxPdf: invoke<SavedFile>()(z.object({ id: faxId }).strict()),
  /** Records a print in the audit log (the renderer prints its own rendering). */
  notePrinted: invoke<null>()(z.object({ id: faxId }).strict()),
  /**
   * Records that the person opened this fax (the detail sends it once each time it shows a fax): reading the fax
   * again, its document, a refresh or a redraw is not a view.
   */
  noteFaxOpened: invoke<null>()(z.object({ id: faxId }).strict()),
  /** Saves the sent fax's one-page transmission report (proof of sending) where the user chooses. */
  saveTransmissionReport: invoke<SavedFile>()(z.object({ id: faxId }).strict()),
  /** The transmission report's PDF, for printing. */
  getTransmissionReport: invoke<Uint8Array>()(z.object({ id: faxId }).strict()),
  /** Writes the faxes matching the list's filters as CSV where the user chooses. */
  exportFaxList: invoke<SavedFile>()(faxListFilter),

  /** Checks dropped or picked files and keeps an encrypted copy of each for sending. */
  stageFiles: invokeWithFiles<StageResult>()(z.object({ paths: z.array(z.string().min(1).max(4096)).max(100) }).strict()),
  /** The staged copy's bytes (page thumbnails of a draft restored after a restart). */
  readStagedFile: invoke<Uint8Array>()(z.object({ id }).strict()),
  releaseStagedFiles: invoke<null>()(z.object({ ids: z.array(id).max(100) }).strict()),
  /** Files opened with the app (command line, "Open with", a second launch), checked and staged, for compose. */
  takeOpenedFiles: invoke<StageResult>()(noRequest),
  getDraft: invoke<Draft | null>()(noRequest),
  saveDraft: invoke<null>()(
    z
      .object({
        id,
        recipients,
        ...coverFields,
        files: z
          .array(
            z
              .object({
                id,
                name: z.string().max(300),
                kind: z.enum(['pdf', 'docx', 'jpg', 'png', 'tiff']),
                size: z.number().int().nonnegative(),
                pages: z.number().int().positive(),
                pagesEstimated: z.boolean(),
              })
              .strict(),
          )
          .max(100),
        scheduledAt: z.number().int().nullable().optional(),
        confirmedWarnings: z.array(z.string().max(200)).max(200).optional(),
        replyWithinDays: z.number().int().min(1).max(90).nullable().optional(),
        updatedAt: z.number().int(),
      })
      .strict(),
  ),
  /** Drafts set aside (a new fax started while one was in progress, a held fax taken back), newest first. */
  listDraftsAside: invoke<Draft[]>()(noRequest),
  /** Sets the current draft aside (saved first by the window); it stays until opened or discarded. */
  setDraftAside: invoke<null>()(noRequest),
  /** Makes a draft set aside the current one (the current one, if it has anything in it, is set aside instead). */
  resumeDraft: invoke<Draft>()(z.object({ id }).strict()),
  /** Removes a draft set aside, for good (the window asks first). */
  discardDraft: invoke<null>()(z.object({ id }).strict()),
  /** Takes a fax on hold, not sent or scheduled back into the draft to change it; it leaves the outbox. */
  editSubmission: invoke<Draft>()(z.object({ id }).strict()),
  /** The misdirected-fax guard: what to check about these recipients before sending (from the local cache). */
  checkRecipients: invoke<RecipientWarning[]>()(z.object({ recipients }).strict()),
  /** The names of the contacts these numbers belong to (from the cached address book), for chips and lists. */
  contactNames: invoke<Array<{ number: string; name: string }>>()(z.object({ numbers: z.array(z.string().max(40)).max(100) }).strict()),
  /** Pre-flight: pages `from`… of a staged file (at most `count`), measured and flagged at fax resolution. */
  preflightPages: invoke<PreflightPages>()(z.object({ id, from: z.number().int().min(1), count: z.number().int().min(1).max(16) }).strict()),
  /** One page of a staged file as the recipient's machine prints it (PNG, 204 × 196 dpi, black and white). */
  preflightPageImage: invoke<{ png: Uint8Array; width: number; height: number; pageCount: number }>()(z.object({ id, page: z.number().int().min(1) }).strict()),
  /** A new staged PDF without these (blank) pages; the user's own file is untouched. */
  removeBlankPages: invoke<StagedFile>()(z.object({ id, pages: z.array(z.number().int().min(1)).min(1).max(5000) }).strict()),
  /** Journals the fax in the outbox (it is sent from there, exactly once). */
  sendFax: invoke<SubmissionView>()(
    z
      .object({
        /** The draft being sent: it is spent by the submission, and sending it again returns that submission. */
        draftId: id.optional(),
        recipients,
        subject: coverFields.subject.optional(),
        notes: coverFields.notes.optional(),
        coverId: coverFields.coverId.optional(),
        fileIds: z.array(id).max(100),
        scheduledAt: z.number().int().nullable().optional(),
        /** Expect a reply within this many days: the outbox says "Awaiting reply", then "Overdue". */
        replyWithinDays: z.number().int().min(1).max(90).nullable().optional(),
      })
      .strict(),
  ),
  listOutbox: invoke<SubmissionView[]>()(noRequest),
  /** Links a received fax to the sent fax it answers, by hand (outboundId null removes the link). */
  linkReply: invoke<null>()(z.object({ inboundId: faxId, outboundId: faxId.nullable() }).strict()),
  /** Sent faxes still waiting for a reply, newest first (to link one by hand). */
  listAwaitingReplies: invoke<Array<{ id: FaxId; reference: string; createdAt: string; counterpart: string | null }>>()(noRequest),
  /** The faxes to and from one number, both directions, newest first. */
  listFaxesOfNumber: invoke<FaxListPage>()(z.object({ number: z.string().min(1).max(40), offset: z.number().int().min(0), limit: z.number().int().min(1).max(500) }).strict()),
  retrySubmission: invoke<SubmissionView>()(z.object({ id }).strict()),
  /** `confirmed` is needed for a submission that may already be on its way (its outcome is unknown). */
  discardSubmission: invoke<null>()(z.object({ id, confirmed: z.boolean().optional() }).strict()),
  /** A new submission to only the recipients that failed. */
  resendFailed: invoke<SubmissionView>()(z.object({ faxId }).strict()),
  /** Sends a fax's document (e.g. a received one) to other numbers. */
  forwardFax: invoke<SubmissionView>()(
    z
      // fileId: a document made of the fax's pages (page tools) goes instead of the fax's own.
      .object({ faxId, recipients, subject: coverFields.subject.optional(), notes: coverFields.notes.optional(), coverId: coverFields.coverId.optional(), fileId: stagedFileId.optional(), answer: z.boolean().optional() })
      .strict(),
  ),

  listContacts: invoke<ContactPage>()(z.object({ q: z.string().max(200).optional(), offset: z.number().int().min(0), limit: z.number().int().min(1).max(100) }).strict()),
  listNumbers: invoke<{ items: NumberView[]; fromCache: boolean }>()(noRequest),
  getAccount: invoke<AccountView | null>()(z.object({ refresh: z.boolean() }).strict().optional()),
  listWebhooks: invoke<WebhookView[]>()(noRequest),
  createWebhook: invoke<CreatedWebhook>()(
    z.object({ url: z.string().min(1).max(2048), events: z.array(z.string().max(40)).max(10).optional(), description: z.string().max(500).optional() }).strict(),
  ),
  /** `pending`: the service accepted the deletion and is still carrying it out (a 202). */
  deleteWebhook: invoke<{ pending: boolean }>()(z.object({ id }).strict()),

  /** Runs an app command (a shortcut or the crash page's button), as the menu does; refused when not enabled. */
  runCommand: invoke<{ outcome: 'ran' | 'disabled' }>()(z.object({ command: z.enum(commandIds as [CommandId, ...CommandId[]]) }).strict()),
  /** What the window shows, for the menus' enabled states (carries no data). */
  reportWindow: invoke<null>()(z.object({ screen: z.string().max(40), faxOpen: z.boolean() }).strict()),
  getUpdateState: invoke<UpdateView>()(noRequest),
  /** Whether this page was reloaded after the renderer crashed (answered once). */
  takeRecoveryNotice: invoke<{ recovered: boolean }>()(noRequest),

  /** The organization's policies in force on this desk (what is locked or turned off). */
  getPolicies: invoke<PolicyView>()(noRequest),
  /** Reading faxes on this computer: on or off, how many read, how many could not be. */
  getRecognitionStatus: invoke<RecognitionStatus>()(noRequest),
  /** Turns reading faxes off and forgets all the text read on this computer; returns how many faxes had some. */
  forgetRecognizedText: invoke<{ forgotten: number }>()(z.object({ confirmed: z.literal(true) }).strict()),
  /** The words on each page of a fax that a search matches (the preview highlights them). */
  getFaxTextHits: invoke<TextPageHits[]>()(z.object({ id: faxId, search: z.string().max(200) }).strict()),
  /** A compose file's pages as page tools see them: a PDF as it is, a TIFF's pages as a PDF. */
  readFileAsPdf: invoke<Uint8Array>()(z.object({ fileId: stagedFileId }).strict()),
  /** New documents of pages of received faxes or of PDF and TIFF files in compose (split, turned, thinned, merged), staged for saving or faxing. */
  makePageDocuments: invoke<StagedFile[]>()(
    z
      .object({
        parts: z
          .array(z.object({ pages: z.array(z.union([z.object({ faxId, ...pagePlace }).strict(), z.object({ fileId: stagedFileId, ...pagePlace }).strict()])).min(1).max(2000) }).strict())
          .min(1)
          .max(100),
      })
      .strict(),
  ),
  /** The signature drawn once on this desk (kept encrypted), or null. */
  getSavedSignature: invoke<SignatureInk | null>()(noRequest),
  saveSignature: invoke<null>()(signatureInkSchema),
  forgetSignature: invoke<null>()(noRequest),
  /** The stamp image kept on this desk (encrypted), or null. */
  getSavedStamp: invoke<StampImage | null>()(noRequest),
  /** Checks and keeps a PNG or JPEG as this desk's stamp; returns it as kept. */
  saveStamp: invoke<StampImage>()(z.object({ bytes: z.instanceof(Uint8Array).refine((bytes) => bytes.length <= stampImageMaxBytes) }).strict()),
  forgetStamp: invoke<null>()(noRequest),
  /** A filled and signed copy of a received fax (drawn into its pages), staged for saving, faxing back or sending on. */
  fillAndSign: invoke<StagedFile>()(
    z
      .object({
        faxId,
        items: z
          .array(
            z.discriminatedUnion('kind', [
              z.object({ kind: z.literal('text'), page: z.number().int().min(1).max(10_000), box: shownBox, text: z.string().min(1).max(500) }).strict(),
              z.object({ kind: z.literal('check'), page: z.number().int().min(1).max(10_000), box: shownBox }).strict(),
              z.object({ kind: z.literal('signature'), page: z.number().int().min(1).max(10_000), box: shownBox }).strict(),
              z.object({ kind: z.literal('stamp'), page: z.number().int().min(1).max(10_000), box: shownBox }).strict(),
              z.object({ kind: z.literal('highlight'), page: z.number().int().min(1).max(10_000), box: shownBox }).strict(),
              z.object({ kind: z.literal('ink'), page: z.number().int().min(1).max(10_000), box: shownBox, strokes: inkStrokes }).strict(),
            ]),
          )
          .min(1)
          .max(200),
      })
      .strict(),
  ),
  /** A document made by the page tools, saved where the user chooses. */
  savePageDocument: invoke<SavedFile>()(z.object({ fileId: stagedFileId }).strict()),
  /** The fax with its recognized text as an invisible layer, saved where the user chooses. */
  saveSearchablePdf: invoke<SavedFile>()(z.object({ id: faxId }).strict()),
  /** The office's audit trail between two days as CSV, each desk's chain checked. */
  exportOfficeAudit: invoke<SavedFile>()(z.object({ from: day, to: day }).strict()),
} as const;

export const eventContract = {
  ...chartEvents,
  connectionChanged: event<ConnectionState>(),
  settingsChanged: event<Settings>(),
  syncStateChanged: event<SyncState>(),
  statusChanged: event<AppStatus>(),
  /** Faxes were added or changed in the cache. */
  faxesChanged: event<FaxesChanged>(),
  /** A new inbound fax (after the first sync); the shell turns it into a notification. */
  faxReceived: event<FaxReceivedNotice>(),
  accountChanged: event<AccountView>(),
  outboxChanged: event<SubmissionView[]>(),
  uploadProgress: event<UploadProgress>(),
  /** The app locked or unlocked; while locked this is the only event besides openFaxRequested. */
  lockChanged: event<LockState>(),
  /** Files were opened with the app: take them with `takeOpenedFiles` (held back while locked). */
  filesOpened: event<{ count: number }>(),
  /** A sent fax's expected reply is overdue (announced once per fax). */
  replyOverdue: event<{ faxId: FaxId; reference: string }>(),
  /** The user clicked a notification: show this fax. */
  openFaxRequested: event<{ faxId: FaxId }>(),
  /** The menu, the tray or main asked the window to run one of its commands. */
  commandRequested: event<{ command: CommandId }>(),
  updateChanged: event<UpdateView>(),
  automationChanged: event<Automation>(),
  /** Handled marks or notes changed (the count shows in the status bar and the tray). */
  handlingChanged: event<{ notHandled: number; faxIds: FaxId[] }>(),
  hotFoldersChanged: event<HotFolderStatus[]>(),
  /** The inbound rules did (or failed) something with these faxes: a shown detail reloads. */
  ruleActionsChanged: event<{ faxIds: FaxId[] }>(),
  /** What needs attention in background work changed (the status bar shows it). */
  backgroundProblemsChanged: event<BackgroundProblem[]>(),
  officeChanged: event<OfficeView>(),
  /** The organization's policies changed (read again while the app runs). */
  policiesChanged: event<PolicyView>(),
  /** The shared triage of these faxes changed (on any desk): what each now shows (null: nothing). */
  triageChanged: event<{ faxIds: FaxId[]; triage: Record<FaxId, FaxTriageSummary | null> }>(),
  /** A claim made while the hub was away lost: who has the fax, since when. */
  claimLost: event<{ faxId: FaxId; reference: string | null; by: PersonRef; since: number }>(),
  /** These faxes were read to their last page (a search may now find them). */
  faxTextRead: event<{ faxIds: FaxId[] }>(),
  /** A person said what this fax is (its kind): a rule that waited on an unsure kind may act now. */
  faxKindSet: event<{ faxId: FaxId }>(),
  /** Something the user should know while the window may be closed (the shell shows an OS notification). */
  notice: event<{ title: string; body: string }>(),
} as const;

export type InvokeContract = typeof invokeContract;
export type EventContract = typeof eventContract;
export type InvokeName = keyof InvokeContract;
export type EventName = keyof EventContract;

export const invokeNames = Object.keys(invokeContract) as InvokeName[];
export const eventNames = Object.keys(eventContract) as EventName[];
