/**
 * Rules for received faxes: save a plain copy into a folder, print on a printer — each once per fax and rule.
 *
 * 1. After each sync (and at start), every rule that is on looks at the received faxes that arrived since it was
 *    turned on and that it has not seen; it journals (in the encrypted cache) what it will do with each one, or
 *    that the fax is not from its senders.
 * 2. A journaled action waits until its fax has arrived whole, names its target (the file, the printer) in the
 *    journal, does it, and is marked done. A copy is written beside its name and then renamed, so a restart finds
 *    either the finished file (done) or none (written again under the same name).
 * 3. A failure (a full disk, a folder that went away, a printer that is off) is journaled with its reason, shown
 *    in the fax detail and notified once, and tried again later — sooner when the user asks or changes the rules.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Automation, InboundRule } from '../../../preload/automation';
import { statusGroup } from '../../../preload/fax-status';
import { msg, type Message } from '../../../preload/i18n/translator';
import type { Desktop } from '../../desktop';
import { AppError, isAppError } from '../../errors';
import { writeProblem } from '../../files/write-problem';
import { writeThroughPart, type OpenPart } from '../../runtime/part-file';
import { freeName } from '../../runtime/free-name';
import type { Logger } from '../../log/logger';
import { noCheckpoint, type Checkpoint } from '../../runtime/checkpoint';
import type { PageRenderer } from '../../pages/page-renderer';
import type { PdfStore } from '../../pdf/pdf-store';
import type { EventBus } from '../../runtime/event-bus';
import { createDisposables } from '../../runtime/disposables';
import { createJobRunner, retryWait } from '../../runtime/job-runner';
import type { Timers } from '../../runtime/timers';
import type { Cache } from '../../store/cache/cache';
import type { RuleActionRow } from '../../store/cache/rule-action-repository';
import { fileNameFrom, templateValues } from './file-name-template';
import { deskOnItsOwn, holdingLease, leaseVoidBefore, officeLeaseMs, type JobLease, type OfficeJobs } from '../office-jobs';
import { isFromSenders } from './sender-match';
import { createRuleGates } from './rule-gates';
import type { FaxId } from '../../../preload/fax-id';

export interface InboundRulesDeps {
  cache: Cache;
  pdfs: Pick<PdfStore, 'ensure' | 'copyTo'>;
  pages: Pick<PageRenderer, 'renderPagePng'>;
  fileKey: Buffer;
  printer: Pick<Desktop, 'print'>;
  automation: () => Automation;
  events: EventBus;
  log: Logger;
  notify: (title: Message, body: Message) => void;
  now?: () => number;
  timers?: Timers;
  checkpoint?: Checkpoint;
  /** Opens the file a copy is written into (tests give one that fails as a full disk does). */
  openOutput?: OpenPart;
  /** In an office, each action on a received fax is done once for the office (by whichever desk takes it). */
  officeJobs?: OfficeJobs;
  /** Whether faxes are being read on this desk (a rule with words to look for needs it); default: no. */
  recognizing?: () => boolean;
  /** The office's lease length and how soon a job another desk holds is looked at again (tests shorten them). */
  officeTiming?: OfficeTiming;
  /** With an office hub: a label given, a person assigned (the label and assign actions); absent: no office. */
  officeTriage?: OfficeTriageActions;
  /** A kind's name in the app's language (an office's own kind as the office named it). */
  kindName?: (kind: string) => string;
}

export interface OfficeTriageActions {
  /** Whether this desk is in an office now. */
  joined(): boolean;
  addLabel(faxId: FaxId, labelId: string): Promise<void>;
  assign(faxId: FaxId, login: string): Promise<void>;
}

export interface OfficeTiming {
  leaseMs: number;
  anotherDeskWaitMs: number;
  /** How often a desk waiting to join asks for its office key (tests shorten it). */
  joinPollMs?: number;
}

export { sureReadingConfidence } from './rule-gates';

export interface InboundRules {
  start(): Promise<void>;
  /** Journals what the rules do with faxes that arrived, and does what is due. */
  run(): Promise<void>;
  /** Tries this fax's unfinished actions again now. */
  retry(faxId: FaxId): Promise<void>;
  stop(): Promise<void>;
}

/** The service's clock and this computer's may differ: a fax stamped a little before the rule was turned on still counts. */
const clockSlackMs = 5 * 60_000;
/**
 * How soon an action another desk of the office is doing is looked at again (its lease may run out): with the
 * lease's length, how long a job a killed desk held waits for another desk.
 */
export const anotherDeskWaitMs = 30_000;


/** How often faxes still arriving, and actions waiting for a retry, are looked at. */
const idleCheckMs = 60_000;
const batch = 200;
/**
 * Tries that started and never reached an outcome before an action is no longer resumed at once: the app stopped
 * during them (a kill, a power cut — or the action itself), so it waits for its next retry instead of running
 * again at every start.
 */
const unfinishedBeforeWaiting = 2;

function failureReason(error: unknown, action: InboundRule['action']): Message {
  if (isAppError(error)) return error.text;
  if (action === 'save') return writeProblem(error);
  return action === 'print' ? msg('rules.theFaxCouldNot') : msg('rules.theHubCouldNot');
}

/** The reasons an action was passed over for the fax's kind: a person's kind may change them. */
const passedOverForKind = new Set<string>(['rules.kindUnsure', 'rules.notOfTheKinds']);

/** What a rule did, for its journal: the file, the printer, the label or person (by id), or that it told this desk. */
function targetOf(rule: InboundRule): string {
  if (rule.action === 'print') return rule.printer;
  if (rule.action === 'label') return rule.labelId ?? '';
  if (rule.action === 'assign') return rule.assignTo ?? '';
  return '';
}


export function createInboundRules(deps: InboundRulesDeps): InboundRules {
  const now = deps.now ?? Date.now;
  const checkpoint: Checkpoint = deps.checkpoint ?? noCheckpoint;
  const journal = deps.cache.ruleActions;
  const log = deps.log.child('rules');
  const officeJobs = deps.officeJobs ?? deskOnItsOwn;
  const leaseMs = deps.officeTiming?.leaseMs ?? officeLeaseMs;
  const lookAgainMs = deps.officeTiming?.anotherDeskWaitMs ?? anotherDeskWaitMs;
  const listening = createDisposables();
  const holding = <T>(job: string, work: (held: () => boolean) => Promise<T>): Promise<T> => holdingLease(officeJobs, job, work, { leaseMs, ...(deps.timers ? { timers: deps.timers } : {}), now });

  const { contentAllows, intakeAllows, namingIntake } = createRuleGates({ cache: deps.cache, recognizing: deps.recognizing, kindName: deps.kindName, now });

  const contactNames = (key: string) => deps.cache.guard.contactsWithNumbers([key]).map((contact) => contact.name);

  function journalNew(): void {
    for (const rule of deps.automation().inboundRules) {
      if (!rule.enabled || rule.activeSince === null) continue;
      for (;;) {
        const unseen = journal.unseenFor(rule.id, rule.activeSince - clockSlackMs, batch);
        if (unseen.length === 0) break;
        journal.journal(
          unseen.map((fax) => ({ faxId: fax.faxId, ruleId: rule.id, action: rule.action, state: isFromSenders(fax.from, rule.senders, contactNames) ? 'pending' : 'skipped' })),
          now(),
        );
        checkpoint('rules.journaled');
      }
    }
  }

  /**
   * Saves the copy under the name this desk gave it before a restart, or the one a desk that held the job's lease
   * before gave it (a desk taking over after a kill writes the same file), or a free one — named on the lease
   * before a byte is written. The copy is renamed into place only while the lease is surely this desk's.
   */
  async function save(row: RuleActionRow, rule: InboundRule, fax: NonNullable<ReturnType<Cache['faxes']['detail']>>, job: string, lease: JobLease): Promise<string> {
    const folder = (await fsp.stat(rule.folder)).isDirectory() ? rule.folder : null;
    if (folder === null) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
    let target = row.target;
    const named = lease.target === null ? null : path.join(folder, path.basename(lease.target));
    if (named !== null && named !== target) {
      target = named;
      journal.reserve(row.faxId, row.ruleId, target);
    }
    // Named before a restart: renamed into place (done), or not (written again under the same name).
    if (target !== null && (await fsp.lstat(target).then(() => true, () => false))) return target;
    if (target === null) {
      const name = fileNameFrom(rule.fileNameTemplate, templateValues(fax, namingIntake(row.faxId)));
      target = path.join(folder, await freeName(folder, name, (file) => journal.isReserved(file)));
      journal.reserve(row.faxId, row.ruleId, target);
      checkpoint('rules.target_reserved');
    }
    const file = target;
    if (lease.target === null || path.basename(lease.target) !== path.basename(file)) {
      await officeJobs.name(job, path.basename(file));
      checkpoint('rules.target_named');
    }
    await holding(job, (held) =>
      writeThroughPart(file, (out) => deps.pdfs.copyTo(row.faxId, out), deps.openOutput, () => {
        checkpoint('rules.copy_written');
        if (!held()) throw new AppError('conflict', msg('rules.anotherDeskIsOnIt'), { code: 'rules_lease_lost' });
      }),
    );
    checkpoint('rules.copy_renamed');
    deps.cache.audit.record('rule_save', { faxId: row.faxId });
    return file;
  }

  async function print(row: RuleActionRow, rule: InboundRule, fax: { id: FaxId; reference: string }, job: string): Promise<string> {
    journal.reserve(row.faxId, row.ruleId, rule.printer);
    checkpoint('rules.print_started');
    await holding(job, () => deps.printer.print({
      printer: rule.printer,
      // The print queue is seen by others on a print server: the job names the fax's reference only.
      name: `Fax ${fax.reference}`,
      writePdf: (out) => deps.pdfs.copyTo(fax.id, out),
      pagePng: async (page) => deps.pages.renderPagePng('pdf', { sealedPath: await deps.pdfs.ensure(fax.id), fileKey: deps.fileKey, cacheKey: `fax-${fax.id}` }, page),
    }));
    checkpoint('rules.printed');
    deps.cache.audit.record('rule_print', { faxId: row.faxId });
    return rule.printer;
  }

  /** Gives the fax its label or person on the office hub (the hub's own triage, as a person's action would). */
  async function triage(row: RuleActionRow, rule: InboundRule, job: string): Promise<string> {
    const office = deps.officeTriage;
    if (!office?.joined()) throw new AppError('not_connected', msg('rules.needsTheOffice'), { code: 'rules_no_office' });
    journal.reserve(row.faxId, row.ruleId, targetOf(rule));
    await holding(job, () => (rule.action === 'label' ? office.addLabel(row.faxId, rule.labelId ?? '') : office.assign(row.faxId, rule.assignTo ?? '')));
    checkpoint('rules.triaged');
    return targetOf(rule);
  }

  /** Tells the person at this desk (each desk with the rule tells its own person: not once for the office). */
  function tell(row: RuleActionRow, fax: { reference: string }): void {
    const intake = deps.cache.intake.get(row.faxId);
    const kind = intake?.kind.sure === true ? (deps.kindName?.(intake.kind.kind) ?? intake.kind.kind) : null;
    const urgent = intake?.fields.some((field) => field.name === 'urgency' && !field.needsLook) === true;
    // No patient in a notification: it shows on a screen others may see.
    deps.notify(urgent ? msg('rules.urgentFaxArrived') : msg('rules.aFaxArrived'), kind === null ? msg('rules.faxReference', { reference: fax.reference }) : msg('rules.faxKindReference', { kind, reference: fax.reference }));
    journal.done(row.faxId, row.ruleId, '', now());
  }

  /** Does one journaled action; says whether the fax detail changed. */
  async function perform(row: RuleActionRow): Promise<boolean> {
    const rule = deps.automation().inboundRules.find((candidate) => candidate.id === row.ruleId);
    if (!rule || !rule.enabled || rule.action !== row.action) {
      journal.skip(row.faxId, row.ruleId, msg('rules.theRuleWasTurned'));
      return true;
    }
    const fax = deps.cache.faxes.detail(row.faxId);
    if (!fax) {
      journal.skip(row.faxId, row.ruleId, msg('rules.theFaxIsNo'));
      return true;
    }
    const group = statusGroup('inbound', fax.status);
    if (group === 'in_progress') return false;
    if (group === 'failed') {
      journal.skip(row.faxId, row.ruleId, msg('rules.theFaxDidNot'));
      return true;
    }
    if (row.unfinishedTries >= unfinishedBeforeWaiting) {
      journal.failed(row.faxId, row.ruleId, msg('rules.stoppedBeforeFinishing'), now() + retryWait(row.attempts));
      log.warn('rules.action_unfinished', { action: row.action, unfinished: row.unfinishedTries });
      return true;
    }
    const words = rule.contains?.trim() ?? '';
    if (words !== '' && !contentAllows(row, words)) return true;
    if (!intakeAllows(row, rule)) return true;
    if (rule.action === 'notify') {
      tell(row, fax);
      checkpoint('rules.done');
      return true;
    }
    if ((rule.action === 'label' || rule.action === 'assign') && deps.officeTriage?.joined() !== true) {
      journal.skip(row.faxId, row.ruleId, msg('rules.needsTheOffice'));
      return true;
    }
    // Once per office: a copy saved or printed by another desk is not made again here.
    const job = `rule-${row.action}:${row.faxId}`;
    const lease = await officeJobs.take(job, leaseVoidBefore(fax.createdAt)).catch(() => null);
    if (lease === null) {
      // The hub cannot say who does it: doing it anyway could do it twice, so it waits for the hub.
      journal.failed(row.faxId, row.ruleId, msg('rules.waitingForTheHub'), now() + lookAgainMs);
      return true;
    }
    if (lease.turn === 'done' && lease.doneHere === true) {
      // This desk did it and was stopped before it noted so.
      journal.done(row.faxId, row.ruleId, row.action === 'save' ? (row.target ?? '') : targetOf(rule), now());
      checkpoint('rules.done');
      return true;
    }
    if (lease.turn === 'done') {
      // A copy this desk began before it was stopped, and another desk made: its half-written file goes.
      if (row.action === 'save' && row.target !== null) await fsp.rm(`${row.target}.part`, { force: true }).catch(() => undefined);
      journal.skip(row.faxId, row.ruleId, msg('rules.doneByAnotherDesk'));
      return true;
    }
    if (lease.turn === 'taken') {
      journal.failed(row.faxId, row.ruleId, msg('rules.anotherDeskIsOnIt'), now() + lookAgainMs);
      return true;
    }
    checkpoint('rules.lease_taken');
    journal.tryStarted(row.faxId, row.ruleId);
    const target = row.action === 'save' ? await save(row, rule, fax, job, lease) : row.action === 'print' ? await print(row, rule, fax, job) : await triage(row, rule, job);
    await officeJobs.finish(job);
    checkpoint('rules.lease_finished');
    journal.done(row.faxId, row.ruleId, target, now());
    checkpoint('rules.done');
    return true;
  }

  /** A try that failed: its reason and next try journaled (the half-written copy is gone: the next try picks a name again). */
  function failed(row: RuleActionRow, error: unknown, nextTryMs: number): void {
    journal.failed(row.faxId, row.ruleId, failureReason(error, row.action), nextTryMs);
    log.warn('rules.action_failed', { action: row.action, attempts: row.attempts + 1, code: (error as NodeJS.ErrnoException | null)?.code ?? 'other' });
    if (row.attempts === 0) {
      deps.notify(row.action === 'save' ? msg('rules.aReceivedFaxCould') : row.action === 'print' ? msg('rules.aReceivedFaxCould2') : msg('rules.aReceivedFaxCould3'), msg('rules.theAppTriesAgain'));
    }
  }

  const runner = createJobRunner<RuleActionRow>({
    name: 'rules',
    due: (atMs, limit) => journal.due(atMs, limit),
    nextDue: () => journal.nextDue(),
    key: (row) => `${row.faxId}:${row.ruleId}`,
    attempts: (row) => row.attempts,
    perform,
    failed,
    beforePass: journalNew,
    afterPass: (rows) => deps.events.emit('ruleActionsChanged', { faxIds: [...new Set(rows.map((row) => row.faxId))] }),
    idleCheckMs,
    batch,
    now,
    ...(deps.timers ? { timers: deps.timers } : {}),
    log,
  });
  const run = (): Promise<void> => runner.run();

  return {
    async start() {
      listening.add(deps.events.on('faxesChanged', () => void run()));
      // A fax just read: a rule waiting for its text looks now.
      listening.add(
        deps.events.on('faxTextRead', ({ faxIds }) => {
          for (const faxId of faxIds) journal.retryNow(faxId);
          void run();
        }),
      );
      // A person said what a fax is: an action passed over for its kind (unsure, or another kind) is looked at again.
      listening.add(
        deps.events.on('faxKindSet', ({ faxId }) => {
          for (const row of journal.forFax(faxId)) {
            if (row.state === 'skipped' && row.lastError !== null && passedOverForKind.has(row.lastError.id)) journal.reopen(faxId, row.ruleId);
          }
          void run();
        }),
      );
      listening.add(
        deps.events.on('automationChanged', () => {
          journal.retryNow();
          void run();
        }),
      );
      await runner.start();
    },
    run,
    async retry(faxId) {
      journal.retryNow(faxId);
      await run();
    },
    async stop() {
      listening.dispose();
      await runner.stop();
    },
  };
}
