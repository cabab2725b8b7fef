/** The cache as the rest of main sees it: repositories over one encrypted database (never the database itself). */
import type { Logger } from '../../log/logger';
import { createAuditLog, type AuditLog } from './audit-log';
import { openCacheDatabase } from './cache-database';
import { createDirectoryRepository, type DirectoryRepository } from './directory-repository';
import { createFaxRepository, type FaxRepository } from './fax-repository';
import { createFaxTextRepository, type FaxTextRepository } from './fax-text-repository';
import { createAnswerRepository, type AnswerRepository } from './answer-repository';
import { createGuardRepository, type GuardRepository } from './guard-repository';
import { createHandlingRepository, type HandlingRepository } from './handling-repository';
import { createIntakeRepository, type IntakeRepository } from './intake-repository';
import { createHubTriageRepository, type HubTriageRepository } from './hub-triage-repository';
import { createKvStore, type KvStore } from './kv-store';
import { createPdfFileRepository, type PdfFileRepository } from './pdf-file-repository';
import { createReportLog, type ReportLog } from './report-log';
import { createReplyRepository, type ReplyRepository } from './reply-repository';
import { createRuleActionRepository, type RuleActionRepository } from './rule-action-repository';
import { createChartFilingRepository, type ChartFilingRepository } from './chart-filing-repository';
import { createPatientListRepository, type PatientListRepository } from './patient-list-repository';

export interface Cache {
  faxes: FaxRepository;
  /** Recognized text of faxes, its progress and its index. */
  faxText: FaxTextRepository;
  /** Sent faxes that answer received ones (a signed copy faxed back). */
  answers: AnswerRepository;
  /** What received faxes were read to be (kind, fields, parts), and the kinds people gave them. */
  intake: IntakeRepository;
  pdfFiles: PdfFileRepository;
  directory: DirectoryRepository;
  guard: GuardRepository;
  reports: ReportLog;
  replies: ReplyRepository;
  handling: HandlingRepository;
  /** The office hub's triage as this desk last saw it (empty without a hub). */
  hubTriage: HubTriageRepository;
  ruleActions: RuleActionRepository;
  /** Received faxes matched to patients and filed into the chart (the filing's journal). */
  chartFilings: ChartFilingRepository;
  /** The office's patient list (a practice-management export), where the chart has no FHIR access. */
  patientList: PatientListRepository;
  kv: KvStore;
  audit: AuditLog;
  /** The schema version the database was migrated to. */
  schemaVersion(): number;
  /** Writes what the write-ahead log holds into the database file. */
  flush(): void;
  close(): void;
}

export function openCache(dataDir: string, databaseKeyHex: string, log: Logger, now: () => number = Date.now): Cache {
  const db = openCacheDatabase(dataDir, databaseKeyHex, log);
  const kv = createKvStore(db);
  const faxText = createFaxTextRepository(db);
  const intake = createIntakeRepository(db);
  return {
    faxes: createFaxRepository(db, now, faxText, intake.kindClause),
    intake,
    faxText,
    answers: createAnswerRepository(db),
    pdfFiles: createPdfFileRepository(db),
    directory: createDirectoryRepository(db, kv, now),
    guard: createGuardRepository(db),
    reports: createReportLog(db),
    replies: createReplyRepository(db),
    handling: createHandlingRepository(db),
    hubTriage: createHubTriageRepository(db),
    ruleActions: createRuleActionRepository(db),
    chartFilings: createChartFilingRepository(db),
    patientList: createPatientListRepository(db),
    kv,
    audit: createAuditLog(db, now),
    schemaVersion: () => db.pragma('user_version', { simple: true }) as number,
    flush: () => void db.pragma('wal_checkpoint(TRUNCATE)'),
    close: () => db.close(),
  };
}
