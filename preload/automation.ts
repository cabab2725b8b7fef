/**
 * The office automation the user sets up: hot folders that fax what lands in them, and rules for incoming faxes.
 * They name fax numbers, so main keeps them encrypted (not in the settings file); the IPC contract and main's
 * store both validate them with these schemas.
 */
import { z } from 'zod';
import { faxLimits } from './fax-limits';

const recipient = z.object({ number: z.string().min(1).max(40), name: z.string().max(120).optional() }).strict();
const folderPath = z.string().trim().min(1, 'automation.chooseAFolder').max(4096);

const hotFolderShape = z
  .object({
    id: z.string().min(1).max(64),
    enabled: z.boolean(),
    path: folderPath,
    /** `send`: every file goes to the recipients below; `review`: every file opens a compose draft. */
    mode: z.enum(['send', 'review']),
    recipients: z.array(recipient).max(faxLimits.maxRecipients),
    subject: z.string().max(200),
    coverId: z.string().max(200),
  })
  .strict();

export const hotFolderSchema = hotFolderShape.refine((folder) => folder.mode === 'review' || folder.recipients.length > 0, { message: 'automation.aFolderThatSends', path: ['recipients'] });

export type HotFolder = z.output<typeof hotFolderSchema>;

/** The characters a file-name template may use as fields. */
export const templateFields = ['date', 'time', 'from', 'pages', 'reference', 'id', 'patient', 'dob', 'kind'] as const;
export const defaultFileNameTemplate = '{date} {time} {from} {pages}p {reference}';

/**
 * What a rule does with a received fax: save a copy, print it, give it an office label or a person (with an office
 * hub, once for the office), or tell the person at this desk.
 */
export const ruleActions = ['save', 'print', 'label', 'assign', 'notify'] as const;
export type RuleActionKind = (typeof ruleActions)[number];

const inboundRuleShape = z
  .object({
    id: z.string().min(1).max(64),
    enabled: z.boolean(),
    action: z.enum(ruleActions),
    /** Save: the folder the copy goes to. */
    folder: z.string().trim().max(4096),
    /** Save: the file name, with fields such as {date} and {from}; ".pdf" is added. */
    fileNameTemplate: z.string().trim().min(1, 'automation.giveTheFileName').max(200),
    /** Print: the printer's name as the computer knows it. */
    printer: z.string().max(300),
    /** Only faxes from these numbers (a named sender also matches the contact's other numbers); empty: every received fax. */
    senders: z.array(recipient).max(50),
    /** When the rule was last turned on (set by main): it acts on faxes received from then on, never on older ones. */
    activeSince: z.number().int().nonnegative().nullable(),
    /**
     * Only faxes whose text (read on this computer) contains these words, all of them; empty or absent: any fax.
     * Words read with low confidence never make the rule act alone: such a fax is left to be checked by hand.
     */
    contains: z.string().trim().max(200).optional(),
    /**
     * Only faxes read (on this computer) as one of these kinds; empty or absent: any kind. A kind read unsurely never
     * makes the rule act: such a fax is left to be checked by hand (a kind a person gave it is sure).
     */
    kinds: z.array(z.string().trim().min(1).max(64)).max(20).optional(),
    /** Only faxes read surely as urgent (STAT, urgent, Eilt). */
    urgentOnly: z.boolean().optional(),
    /** Label: the office label given (its id). */
    labelId: z.string().max(64).optional(),
    /** Assign: the person of the office the fax is given to (their sign-in name). */
    assignTo: z.string().max(128).optional(),
  })
  .strict();

export const inboundRuleSchema = inboundRuleShape
  .refine((rule) => rule.action !== 'save' || rule.folder.length > 0, { message: 'automation.chooseAFolder', path: ['folder'] })
  .refine((rule) => rule.action !== 'print' || rule.printer.length > 0, { message: 'automation.chooseAPrinter', path: ['printer'] })
  .refine((rule) => rule.action !== 'label' || (rule.labelId ?? '') !== '', { message: 'automation.chooseALabel', path: ['labelId'] })
  .refine((rule) => rule.action !== 'assign' || (rule.assignTo ?? '') !== '', { message: 'automation.chooseAPerson', path: ['assignTo'] });

export type InboundRule = z.output<typeof inboundRuleSchema>;

const reminderAt = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'automation.useATimeLike').nullable();

/** What the IPC contract accepts: the shape only, so main's store can refuse a bad set with a message that says why. */
export const automationShape = z.object({ hotFolders: z.array(hotFolderShape).max(20), inboundRules: z.array(inboundRuleShape).max(20), reminderAt }).strict();

export const automationSchema = z
  .object({
    hotFolders: z.array(hotFolderSchema).max(20),
    inboundRules: z.array(inboundRuleSchema).max(20),
    /** The daily "not handled" reminder, as "HH:MM" in local time; null: no reminder. */
    reminderAt,
  })
  .strict();

export type Automation = z.output<typeof automationSchema>;

export const emptyAutomation: Automation = { hotFolders: [], inboundRules: [], reminderAt: null };

/** What the rules did, or are still trying to do, with one received fax (the fax detail shows it). */
export interface RuleActionView {
  ruleId: string;
  action: RuleActionKind;
  state: 'pending' | 'done' | 'failed' | 'skipped';
  /** Save: the file's full path; print: the printer's name. */
  target: string | null;
  doneAt: number | null;
  attempts: number;
  /** Why the last attempt failed (worded in main), or why it was skipped. */
  problem: string | null;
}

/** A printer the computer knows, for the rule's printer list. */
export interface PrinterInfo {
  /** The name the computer knows it by (the rule keeps this). */
  name: string;
  /** The name people see. */
  label: string;
}

/** What a hot folder is doing, for Settings and the status bar. */
export interface HotFolderStatus {
  id: string;
  state: 'watching' | 'unavailable' | 'off';
  /** Why it is unavailable (a catalogue message, worded in main). */
  problem: string | null;
  /** Files taken since the app started, and files that went to "Failed". */
  taken: number;
  failed: number;
  /** Files waiting until they stop changing (or until another program closes them). */
  waiting: number;
}

/** A "Fax Desktop" printer (Linux, CUPS): what is printed to it lands in one hot folder. */
export interface FaxPrinter {
  /** The hot folder it drops into (the printer's id). */
  hotFolderId: string;
  /** The print queue's name, as programs list it. */
  queue: string;
  /** False when the hot folder has since moved: the printer still drops into the folder it was added for. */
  folderMatches: boolean;
}

/** Whether this computer can have "Fax Desktop" printers, and the ones it has. */
export interface FaxPrinterState {
  supported: boolean;
  /** How print-to-fax works here: a CUPS queue (Linux), a printer on a pipe of the app (Windows), or an entry in the Print dialog's PDF menu (macOS). */
  kind: 'cups' | 'windows' | 'pdfServices';
  /** Why there are none to add (not Linux, no CUPS, CUPS not running), worded in main. */
  problem: string | null;
  printers: FaxPrinter[];
}

/**
 * Background work that needs someone's attention — a hot folder that cannot be reached, a rule's action or a
 * transmission report that could not be written — shown in the status bar (and in Settings) until it is fixed.
 */
export interface BackgroundProblem {
  area: 'hotFolder' | 'rules' | 'reports';
  /** How many folders, actions or reports it concerns. */
  count: number;
  /** Why (the latest reason, worded in main). */
  reason: string | null;
  /** When the app tries again by itself (null: as soon as the folder is back, or no retry is planned). */
  retryAt: number | null;
}
