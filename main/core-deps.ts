/** What the Electron shell, the browser harness and the tests give the core. */
import type { ApiSession, SessionOptions } from './connection/api-session';
import type { Desktop } from './desktop';
import type { HotFolderDeps } from './office/hotfolders/hot-folders';
import type { Logger } from './log/logger';
import type { Checkpoint } from './runtime/checkpoint';
import type { PageRendererLocation } from './pages/page-renderer';
import type { SecretStore } from './store/secret-store';
import type { SettingsStore } from './store/settings-store';
import type { Timers } from './runtime/timers';
import type { RecentProblems } from './log/recent-problems';
import type { UpdaterPort } from './desktop-integration/update-controller';
import type { OfficeTiming } from './office/rules/inbound-rules';
import type { OpenPart } from './runtime/part-file';
import type { AppInfo } from '../preload/models';
import type { PolicySource } from './policy/policy-source';
import type { RecognitionLocation } from './ocr/recognizer';

export interface CoreDeps {
  appInfo: AppInfo;
  dataDir: string;
  settings: SettingsStore;
  secrets: SecretStore;
  log: Logger;
  desktop: Desktop;
  now?: () => number;
  timers?: Timers;
  openSession?: (options: SessionOptions) => ApiSession;
  checkpoint?: Checkpoint;
  /** Where the render worker is (the bundled app says; from source, the repository's TypeScript). */
  pageRenderer?: PageRendererLocation;
  /** The log sink that keeps the last problems for "Copy diagnostics" (the caller adds it to the logger's sinks). */
  problems?: RecentProblems;
  /** The app's self-updater (the packaged Electron app only). */
  updater?: UpdaterPort;
  /** Reload and DevTools in the View menu. */
  development?: boolean;
  /** The computer's preferred languages, most preferred first (for the "system" language choice). */
  systemLanguages?: readonly string[];
  /** How long a hot-folder file must stay unchanged, and how often folders are looked at (tests shorten them). */
  hotFolderTiming?: Pick<HotFolderDeps, 'stableMs' | 'scanMs'>;
  /** Opens the file an inbound rule's copy is written into (tests give one that fails as a full disk does). */
  openRuleOutput?: OpenPart;
  /** How long the office's leases last and how soon a job another desk holds is looked at again (tests shorten them). */
  officeTiming?: OfficeTiming;
  /** Where the "Fax Desktop" printer's scripts are (assets/cups); without it, the app offers no such printer. */
  faxPrinterScripts?: string;
  /** CUPS's configuration folder (the tests run their own cupsd). */
  cupsServerRoot?: string;
  /** Where the organization's policies are (the shell: the OS's place; none: no policies). */
  policySource?: PolicySource;
  /**
   * Reading faxes on this computer (OCR): how its process starts and where its packages are. Without it faxes are
   * not read (most tests: a recognition process per test core would only cost time).
   */
  recognition?: RecognitionLocation;
}
