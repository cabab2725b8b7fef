/**
 * Main in plain Node, assembled like the Electron shell does it but without Electron: conf settings in the
 * user-data folder, the real OS keychain (a service name per user-data folder, so profiles do not collide),
 * and the redacting logger writing to the profile's log file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceRecognitionLocation } from '../../main/ocr/recognition-location';
import type { RecognitionLocation, StartRecognitionChild } from '../../main/ocr/recognizer';
import type { RecognitionPriority } from '../../main/ocr/recognition-protocol';
import { createCore, type Core } from '../../main/core';
import { downloadFolderDesktop } from '../../main/desktop';
import { fileSink } from '../../main/log/file-sink';
import { createLogger, type LogSink } from '../../main/log/logger';
import { openConfSettings } from '../../main/store/conf-settings';
import { keychainSecretStore } from '../../main/store/keychain-secret-store';
import { keychainServiceFor } from '../../main/store/profile';
import { filePolicySource, linuxPolicyFile, type PolicySource } from '../../main/policy/policy-source';
import type { SecretStore } from '../../main/store/secret-store';
import type { SettingsStore } from '../../main/store/settings-store';
import { testPageRendererLocation } from '../helpers/test-page-renderer';

const packageJson = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

export interface NodeMainOptions {
  userDataDir: string;
  /** Defaults to the OS keychain under a service name derived from the user-data folder. */
  secrets?: SecretStore;
  baseUrl?: string;
  caPath?: string;
  extraLogSinks?: LogSink[];
  /** The default country for numbers typed without "+"; absent: guessed from the locale, as the app does. */
  defaultCountry?: string | null;
  /** The "computer's" preferred languages (default: English), which the "system" language choice follows. */
  systemLanguages?: readonly string[];
  /** The organization's policies (default: Linux's file, or FAX_DESKTOP_POLICY_FILE). */
  policySource?: PolicySource;
  /**
   * Reads faxes on this computer (OCR) in a recognition process of its own, as the app does (default: off): `true`
   * starts it from source through tsx; `{ start }` starts it another way (the e2e tests' bundle of it).
   */
  recognition?: true | { start: StartRecognitionChild; priority?: RecognitionPriority };
}

export interface NodeMain {
  core: Core;
  /** Where saves go and what was copied (the harness has no dialogs and no system clipboard). */
  desktop: ReturnType<typeof downloadFolderDesktop>;
  settings: SettingsStore;
  secrets: SecretStore;
  keychainService: string;
  logFile: string;
}

export { keychainServiceFor };

function recognitionLocation(how: true | { start: StartRecognitionChild; priority?: RecognitionPriority }): RecognitionLocation {
  const fromSource = sourceRecognitionLocation(fileURLToPath(new URL('../..', import.meta.url)));
  return how === true ? fromSource : { ...fromSource, start: how.start, ...(how.priority ? { priority: how.priority } : {}) };
}

export function createNodeMain(options: NodeMainOptions): NodeMain {
  fs.mkdirSync(options.userDataDir, { recursive: true, mode: 0o700 });
  const logFile = path.join(options.userDataDir, 'logs', 'main.log');
  const log = createLogger({ sinks: [fileSink(logFile), ...(options.extraLogSinks ?? [])], level: 'debug' });
  const settings =
    options.defaultCountry === undefined
      ? openConfSettings(options.userDataDir, path.join(options.userDataDir, 'Downloads'))
      : openConfSettings(options.userDataDir, path.join(options.userDataDir, 'Downloads'), options.defaultCountry);
  if (options.baseUrl !== undefined || options.caPath !== undefined) {
    settings.update({
      ...(options.baseUrl !== undefined ? { baseUrl: options.baseUrl } : {}),
      ...(options.caPath !== undefined ? { extraCaPath: path.resolve(options.caPath) } : {}),
    });
  }
  const keychainService = keychainServiceFor(options.userDataDir);
  const secrets = options.secrets ?? keychainSecretStore(keychainService);
  const desktop = downloadFolderDesktop(() => settings.get().downloadFolder);
  const core = createCore({
    appInfo: {
      name: 'Fax Desktop',
      version: packageJson.version,
      runtime: 'harness',
      platform: process.platform,
      versions: { node: process.versions.node },
    },
    dataDir: options.userDataDir,
    settings,
    policySource: options.policySource ?? filePolicySource(process.env.FAX_DESKTOP_POLICY_FILE ?? linuxPolicyFile),
    secrets,
    log,
    desktop,
    systemLanguages: options.systemLanguages ?? ['en-US'],
    faxPrinterScripts: fileURLToPath(new URL('../../assets/cups', import.meta.url)),
    pageRenderer: testPageRendererLocation(),
    // The tests' own cupsd (test/helpers/private-cups.ts); otherwise the computer's.
    ...(process.env.FAX_DESKTOP_CUPS_SERVERROOT ? { cupsServerRoot: process.env.FAX_DESKTOP_CUPS_SERVERROOT } : {}),
    ...(options.recognition ? { recognition: recognitionLocation(options.recognition) } : {}),
  });
  return { core, desktop, settings, secrets, keychainService, logFile };
}
