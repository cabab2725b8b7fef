/**
 * From fax to chart, on the desk: each received fax, once intake has read it, is matched to the office's patients
 * (the EHR over FHIR, or the patient list) and either filed by the office's rule — the patient sure, the kind sure
 * and one the rule names — or left in "To file" for a person, with the candidates and the reason. A decision is
 * journaled before anything is sent, and filed by the durable job runner: once through kills and restarts, retried
 * on the EHR's "not now" (its Retry-After), given back to a person with its words when it refuses.
 */
import type { ChartPatient, ChartSettings, FilingCandidate, FilingView } from '../../preload/chart';
import type { FaxId } from '../../preload/fax-id';
import { msg } from '../../preload/i18n/translator';
import { AppError } from '../errors';
import type { Logger } from '../log/logger';
import type { EventBus } from '../runtime/event-bus';
import { createJobRunner, retryWait, type JobRunner } from '../runtime/job-runner';
import type { Timers } from '../runtime/timers';
import type { Cache } from '../store/cache/cache';
import { filedByTheOffice, filingView, type FilingRow } from '../store/cache/chart-filing-repository';
import { decide, filingCandidateOf } from './chart-decision';
import { documentTypeFor } from './document-types';
import type { EhrConnection } from './ehr-connection';
import { matchInEhr } from './fhir-patients';
import { fileToChart } from './file-to-chart';
import type { MatchResult } from './matching/match-patient';
import type { ReadPatient } from './matching/patient-record';
import type { MllpAddress } from '../ehr/mllp-client';
import { enteredInError, faxIdentifierSystem } from './document-reference';
import { readPatientOf } from './read-patient';
import { noCheckpoint, type Checkpoint } from '../runtime/checkpoint';
import { z } from 'zod';
import { deskOnItsOwn, holdingLease, leaseVoidBefore, type OfficeJobs } from '../office/office-jobs';

export interface ChartServiceDeps {
  cache: Cache;
  pdfBytes: (faxId: FaxId) => Promise<Uint8Array>;
  settings: () => ChartSettings;
  /** The EHR connection for the current settings (made once, remade when they change). */
  ehr: () => EhrConnection;
  /** The MLLP peer of the current settings. */
  mllpAddress: () => MllpAddress;
  /** Matches against the imported patient list (source "list"). */
  matchList?: (read: ReadPatient, thisYear: number) => Promise<MatchResult>;
  /** The Fax Service the faxes come from (its host), which names their identifiers in the chart; null: not connected. */
  faxService: () => string | null;
  events: EventBus;
  log: Logger;
  now?: () => number;
  timers?: Timers;
  checkpoint?: Checkpoint;
  /** With an office hub, a rule's filing is done once for the office (its lease); alone, every filing is this desk's. */
  officeJobs?: OfficeJobs;
}

export interface ChartService {
  start(): Promise<void>;
  /** Matches a fax intake has just read, and files it when the office's rule says so. */
  afterIntake(faxId: FaxId): Promise<void>;
  /** A person files the fax to this patient (one of the candidates, or one they looked up). */
  file(faxId: FaxId, patient: ChartPatient, documentType?: { system: string; code: string; display: string }): Promise<FilingView>;
  /**
   * A person looks a patient up for this fax by name and birth date (the reading was far off, or a new referral is
   * on the list after all): those found become the fax's candidates, to be filed to.
   */
  lookUp(faxId: FaxId, name: string, birthDate: string): Promise<FilingCandidate[]>;
  /** A person takes a filing back: the chart's document is marked "entered in error". */
  withdraw(faxId: FaxId): Promise<FilingView>;
  get(faxId: FaxId): FilingView | null;
  toFile(): FilingView[];
  /** Files what is due now. */
  run(): Promise<void>;
  /** A filing waiting for its next try is tried now. */
  retryNow(faxId: FaxId): Promise<void>;
  stop(): Promise<void>;
}

const thisYear = (now: number): number => new Date(now).getUTCFullYear();
/** When the chart was first turned on: faxes from before it are never matched or filed on their own. */
const activeSinceKey = 'chart.activeSince';
const activeSinceSchema = z.number().int().nonnegative();
/** Faxes read (intake done) but not matched yet — the app stopped between the two — matched at each start. */
const catchUpBatch = 50;
/** The service's clock and this computer's may differ: a fax stamped a little before the chart was turned on counts. */
const activeSlackMs = 5 * 60_000;
/** When a desk looks again at a filing the hub could not lease, or another desk is on. */
const officeLookAgainMs = 60_000;

export function createChartService(deps: ChartServiceDeps): ChartService {
  const now = deps.now ?? Date.now;
  const checkpoint = deps.checkpoint ?? noCheckpoint;
  const filings = deps.cache.chartFilings;
  const officeJobs = deps.officeJobs ?? deskOnItsOwn;
  const changed = (faxId: FaxId): void => {
    deps.events.emit('faxesChanged', { added: [], updated: [faxId], unreadInbound: deps.cache.faxes.unreadInbound() });
    deps.events.emit('chartChanged', { faxIds: [faxId], toFile: filings.counts().toFile });
  };
  const active = (): boolean => deps.settings().source !== 'none' && deps.faxService() !== null;

  async function match(read: ReadPatient): Promise<MatchResult> {
    const settings = deps.settings();
    if (settings.source === 'list') {
      if (!deps.matchList) throw new AppError('invalid_input', msg('chart.importThePatientList'));
      return deps.matchList(read, thisYear(now()));
    }
    return matchInEhr(deps.ehr().fhir, read, { thisYear: thisYear(now()), mrnSystem: settings.mrnSystem });
  }

  /** One try at filing; true when the chart has it. */
  async function attempt(row: FilingRow, fax: { createdAt: string; senderName: string | null; pages: number | null }, faxService: string): Promise<boolean> {
    filings.tryStarted(row.faxId);
    checkpoint('chart.try_started');
    const settings = deps.settings();
    const outcome = await fileToChart(row, {
      faxService,
      pdf: () => deps.pdfBytes(row.faxId),
      receivedAt: fax.createdAt,
      sender: fax.senderName,
      pages: fax.pages ?? 0,
      fhir: () => deps.ehr().fhir,
      mllp: () => {
        if (settings.mllp === null) throw new AppError('invalid_input', msg('chart.giveTheEhrAddress'));
        return { address: deps.mllpAddress(), receivingApplication: settings.mllp.receivingApplication, receivingFacility: settings.mllp.receivingFacility, sendingFacility: settings.mllp.sendingFacility };
      },
      folder: () => {
        if (settings.folder === null) throw new AppError('invalid_input', msg('chart.chooseAFolder'));
        return settings.folder;
      },
      reserve: (remoteId) => {
        filings.reserve(row.faxId, remoteId);
        checkpoint('chart.reserved');
      },
    });
    checkpoint('chart.answered');
    if ('filed' in outcome) {
      filings.filed(row.faxId, outcome.filed, now());
      checkpoint('chart.filed');
      deps.cache.audit.record('chart_filed', { faxId: row.faxId });
      deps.log.info('chart.filed', { target: row.target ?? 'none', by: row.filedBy ?? 'none' });
    } else if ('refused' in outcome) {
      filings.refused(row.faxId, outcome.refused, now());
      deps.log.warn('chart.refused', { target: row.target ?? 'none' });
    } else {
      filings.failed(row.faxId, outcome.retry, now() + Math.max(retryWait(row.attempts), outcome.afterMs ?? 0));
      deps.log.info('chart.retry', { target: row.target ?? 'none', attempts: row.attempts + 1 });
    }
    changed(row.faxId);
    return 'filed' in outcome;
  }

  async function perform(row: FilingRow): Promise<boolean> {
    const fax = deps.cache.faxes.detail(row.faxId);
    const faxService = deps.faxService();
    if (!fax || faxService === null) {
      filings.refused(row.faxId, msg('chart.nothingToFile'), now());
      return true;
    }
    // A person's filing is theirs; a rule's is done once for the office, by whichever desk takes its lease.
    if (row.filedBy !== 'rule') {
      await attempt(row, fax, faxService);
      return true;
    }
    const job = `chart-file:${row.faxId}/${String(row.generation)}`;
    const lease = await officeJobs.take(job, leaseVoidBefore(fax.createdAt)).catch(() => null);
    if (lease === null || lease.turn === 'taken') {
      // The hub cannot say who files it, or another desk is on it: filing anyway could file it twice.
      filings.failed(row.faxId, lease === null ? msg('chart.waitingForTheHub') : msg('chart.anotherDeskIsOnIt'), now() + officeLookAgainMs);
      changed(row.faxId);
      return true;
    }
    if (lease.turn === 'done') {
      filings.filed(row.faxId, filedByTheOffice, now());
      checkpoint('chart.filed');
      changed(row.faxId);
      return true;
    }
    checkpoint('chart.lease_taken');
    const filed = await holdingLease(officeJobs, job, () => attempt(row, fax, faxService), { ...(deps.timers ? { timers: deps.timers } : {}), now });
    if (filed) await officeJobs.finish(job).catch((error: unknown) => deps.log.warn('chart.lease_finish_failed', { error }));
    return true;
  }

  const runner: JobRunner = createJobRunner<FilingRow>({
    name: 'chart',
    due: (atMs, limit) => filings.due(atMs, limit),
    nextDue: () => filings.nextDue(),
    key: (row) => row.faxId,
    attempts: (row) => row.attempts,
    perform,
    failed: (row, _error, nextTryMs) => filings.failed(row.faxId, msg('chart.theFaxCouldNotBeFiled'), nextTryMs),
    active,
    log: deps.log,
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.timers ? { timers: deps.timers } : {}),
  });

  function queue(faxId: FaxId, patient: ChartPatient, kind: string, filedBy: 'rule' | 'person', documentType?: { system: string; code: string; display: string }): boolean {
    const settings = deps.settings();
    return filings.queue(faxId, { patient, documentType: documentType ?? documentTypeFor(kind, settings.documentTypes), target: settings.target, filedBy }, now());
  }

  /** The time the chart was turned on (kept from the first time it was seen on). */
  function activeSince(): number {
    const kept = deps.cache.kv.get(activeSinceKey, activeSinceSchema);
    if (kept !== null) return kept;
    const at = now();
    deps.cache.kv.set(activeSinceKey, at);
    return at;
  }

  const service: ChartService = {
    async start() {
      await runner.start();
      if (!active()) return;
      // Faxes intake read while the app was stopping (killed between reading and matching) are matched now.
      const since = activeSince();
      for (const faxId of filings.unmatched(since - activeSlackMs, catchUpBatch)) await service.afterIntake(faxId);
    },
    async afterIntake(faxId) {
      if (!active()) return;
      const intake = deps.cache.intake.get(faxId);
      const fax = deps.cache.faxes.detail(faxId);
      if (!intake || fax?.direction !== 'inbound') return;
      // A fax from before the chart was turned on (read again, say) is left as it was.
      if (Date.parse(fax.createdAt) < activeSince() - activeSlackMs) return;
      const current = filings.get(faxId);
      if (current && current.state !== 'to_file') return;
      let result: MatchResult;
      try {
        result = await match(readPatientOf(intake.fields));
      } catch (error) {
        // Matched again when the EHR answers (the desk's next catch-up); nothing is filed meanwhile.
        deps.log.warn('chart.match_failed', { kind: error instanceof AppError ? error.kind : 'failure' });
        return;
      }
      const decision = decide(result, intake.kind, deps.settings().autoFileKinds, intake.parts.length);
      if ('file' in decision && queue(faxId, decision.file, intake.kind.kind, 'rule')) {
        checkpoint('chart.queued');
        void runner.run();
      } else if ('wait' in decision) {
        filings.recordMatch(faxId, { reason: decision.wait, candidates: decision.candidates }, now());
        checkpoint('chart.matched');
      }
      changed(faxId);
    },
    async file(faxId, patient, documentType) {
      const intake = deps.cache.intake.get(faxId);
      if (!queue(faxId, patient, intake?.kind.kind ?? 'other', 'person', documentType)) throw new AppError('conflict', msg('chart.alreadyFiled'), { code: 'chart_already_filed' });
      changed(faxId);
      await runner.run();
      const row = filings.get(faxId);
      if (!row) throw new AppError('not_found', msg('chart.nothingToFile'));
      return filingView(row);
    },
    async withdraw(faxId) {
      const row = filings.get(faxId);
      const faxService = deps.faxService();
      if (row?.state !== 'filed' || row.remoteId === null || faxService === null) throw new AppError('conflict', msg('chart.notFiled'), { code: 'chart_not_filed' });
      if (row.remoteId === filedByTheOffice) throw new AppError('conflict', msg('chart.filedOnAnotherDesk'), { code: 'chart_filed_elsewhere' });
      if (row.target === 'fhir') {
        const client = deps.ehr().fhir;
        const value = row.generation === 0 ? row.faxId : `${row.faxId}/${String(row.generation)}`;
        const [document] = await client.findByIdentifier('DocumentReference', `${faxIdentifierSystem(faxService)}|${value}`);
        if (document) await client.update(enteredInError({ ...document, resourceType: 'DocumentReference' }));
      }
      filings.withdrawn(faxId, now());
      deps.cache.audit.record('chart_withdrawn', { faxId });
      changed(faxId);
      const after = filings.get(faxId);
      if (!after) throw new AppError('not_found', msg('chart.nothingToFile'));
      return filingView(after);
    },
    async lookUp(faxId, name, birthDate) {
      const row = filings.get(faxId);
      if (row !== null && row.state !== 'to_file' && row.state !== 'withdrawn') throw new AppError('conflict', msg('chart.alreadyFiled'), { code: 'chart_already_filed' });
      const typed: ReadPatient = { name: name.trim() === '' ? null : { text: name, sure: true }, birthDate: birthDate.trim() === '' ? null : { text: birthDate, sure: true }, mrn: null, memberId: null };
      const result = await match(typed);
      const found = result.verdict === 'sure' ? [result.patient] : result.verdict === 'ask' ? result.candidates : result.nearest;
      const candidates = found.map(filingCandidateOf);
      // Kept with what the matcher offered before: a person may still choose one of those.
      const kept = (row?.candidates ?? []).filter((candidate) => !candidates.some((other) => other.patient.id === candidate.patient.id));
      filings.recordMatch(faxId, { reason: row?.reason ?? 'new-patient', candidates: [...candidates, ...kept] }, now());
      changed(faxId);
      return candidates;
    },
    get: (faxId) => {
      const row = filings.get(faxId);
      return row ? filingView(row) : null;
    },
    toFile: () => filings.toFile(500).map(filingView),
    run: () => runner.run(),
    async retryNow(faxId) {
      filings.retryNow(faxId);
      await runner.run();
    },
    stop: () => runner.stop(),
  };
  return service;
}
