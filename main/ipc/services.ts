/** The stateful services of main, opened at start (they need the data keys from the keychain). */
import type { Desktop } from '../desktop';
import type { ConnectionService } from '../connection/connection-service';
import type { DirectoryService } from '../directory/directory-service';
import type { FaxDetails } from '../faxes/fax-details';
import type { FaxFiles } from '../faxes/fax-files';
import type { ComposeService } from '../outbox/compose-service';
import type { RecipientGuard } from '../guard/recipient-guard';
import type { TransmissionReports } from '../faxes/transmission-reports';
import type { ReplyTracker } from '../replies/reply-tracker';
import type { PreflightService } from '../preflight/preflight-service';
import type { Drafts } from '../compose/drafts';
import type { Outbox } from '../outbox/outbox';
import type { Staging } from '../compose/staging';
import type { PdfStore } from '../pdf/pdf-store';
import type { EventBus } from '../runtime/event-bus';
import type { Cache } from '../store/cache/cache';
import type { SettingsStore } from '../store/settings-store';
import type { SecretStore } from '../store/secret-store';
import type { SyncEngine } from '../sync/sync-engine';
import type { OrganizationPolicies } from '../policy/organization-policies';
import type { Logger } from '../log/logger';
import type { AutomationStore } from '../office/automation-store';
import type { HotFolders } from '../office/hotfolders/hot-folders';
import type { OfficeAutomation } from '../office/office-automation';
import type { IntakeService } from '../intake/intake-service';
import type { OpenedChart } from '../chart/open-chart';
import type { InboundRules } from '../office/rules/inbound-rules';
import type { FaxPrinters } from '../office/fax-printers';
import type { BackgroundProblems } from '../office/background-problems';
import type { OfficeService } from '../triage/office-service';
import type { TextRecognition } from '../ocr/text-recognition';
import type { PageWork } from '../documents/page-work';
import type { FillSign } from '../documents/fill-sign';

export interface Services {
  cache: Cache;
  staging: Staging;
  drafts: Drafts;
  compose: ComposeService;
  outbox: Outbox;
  pdfs: PdfStore;
  sync: SyncEngine;
  faxes: FaxDetails;
  files: FaxFiles;
  directory: DirectoryService;
  guard: RecipientGuard;
  reports: TransmissionReports;
  replies: ReplyTracker;
  preflight: PreflightService;
  automation: AutomationStore;
  hotFolders: HotFolders;
  rules: InboundRules;
  /** Hot folders, rules, the not-handled count and the reminder (started and stopped together). */
  office: OfficeAutomation;
  /** "Fax Desktop" printers that drop into hot folders (Linux). */
  faxPrinters: FaxPrinters;
  /** What in the background needs attention (the status bar). */
  problems: BackgroundProblems;
  /** The office hub: membership, people, shared triage (nothing runs without a membership). */
  officeHub: OfficeService;
  /** Reading faxes in the background (absent where the core was given no recognition process). */
  recognition: TextRecognition | null;
  /** What received faxes are (kind, fields, batch parts), read on this desk. */
  intake: IntakeService;
  /** Received faxes matched to patients and filed into the chart (idle without a patient source). */
  chart: OpenedChart;
  /** New documents from the pages of received faxes (page tools). */
  pageWork: PageWork;
  /** Fill & sign received faxes; the signature saved on this desk. */
  fillSign: FillSign;
}

export interface HandlerContext {
  services: () => Promise<Services>;
  connection: ConnectionService;
  settings: SettingsStore;
  /** The OS keychain (the EHR's key and a person's sign-in live there). */
  secrets: SecretStore;
  events: EventBus;
  desktop: Desktop;
  log: Logger;
  policies: OrganizationPolicies;
}
