/** A core in plain Node for integration tests: real keychain (own service name), conf settings, captured logs. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCore, type Core, type CoreDeps } from '../../main/core';
import { downloadFolderDesktop, type DesktopRecord } from '../../main/desktop';
import { fileSink } from '../../main/log/file-sink';
import { createLogger, memorySink } from '../../main/log/logger';
import { openConfSettings } from '../../main/store/conf-settings';
import { keychainSecretStore } from '../../main/store/keychain-secret-store';
import type { SecretStore } from '../../main/store/secret-store';
import type { SettingsStore } from '../../main/store/settings-store';
import { testPageRendererLocation } from './test-page-renderer';

export interface TestCore {
  core: Core;
  dataDir: string;
  settings: SettingsStore;
  secrets: SecretStore;
  keychainService: string;
  logLines: string[];
  logFile: string;
  events: Array<{ name: string; payload: unknown }>;
  /** What the dialog-less desktop was asked to do (window shown, folders opened…). */
  desktop: DesktopRecord;
  replies: unknown[];
  call(name: string, request?: unknown): Promise<unknown>;
  close(): Promise<void>;
}

export function startTestCore(
  options: { baseUrl?: string; caPath?: string; secrets?: SecretStore; dataDir?: string; extra?: Partial<Pick<CoreDeps, 'now' | 'timers' | 'checkpoint' | 'hotFolderTiming' | 'openRuleOutput' | 'faxPrinterScripts' | 'cupsServerRoot' | 'policySource' | 'officeTiming'>> } = {},
): TestCore {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'fax-core-'));
  const keychainService = `Fax Desktop test ${crypto.randomUUID()}`;
  const secrets = options.secrets ?? keychainSecretStore(keychainService);
  const sink = memorySink();
  const logFile = path.join(dataDir, 'logs', 'main.log');
  const log = createLogger({ sinks: [sink, fileSink(logFile)], level: 'debug' });
  const settings = openConfSettings(dataDir, path.join(dataDir, 'Downloads'));
  if (options.baseUrl) settings.update({ baseUrl: options.baseUrl, ...(options.caPath ? { extraCaPath: options.caPath } : {}) });
  const desktop = downloadFolderDesktop(() => settings.get().downloadFolder);
  const core = createCore({
    appInfo: { name: 'Fax Desktop', version: '0.0.0-test', runtime: 'harness', platform: process.platform, versions: { node: process.versions.node } },
    dataDir,
    settings,
    secrets,
    log,
    desktop,
    pageRenderer: testPageRendererLocation(),
    ...(options.extra ?? {}),
  });
  const events: TestCore['events'] = [];
  core.events.subscribe((name, payload) => events.push({ name, payload }));
  const replies: unknown[] = [];
  return {
    core,
    dataDir,
    settings,
    secrets,
    keychainService,
    logLines: sink.lines,
    logFile,
    events,
    desktop: desktop.record,
    replies,
    async call(name, request) {
      const reply = await core.dispatch(name, request);
      replies.push(reply);
      return reply;
    },
    async close() {
      await core.dispose();
      await secrets.delete('api-key').catch(() => false);
      await secrets.delete('cache-key').catch(() => false);
      await secrets.delete('lock-pin').catch(() => false);
      await secrets.delete('lock-state').catch(() => false);
      await secrets.delete('hub-password').catch(() => false);
      await secrets.delete('hub-office-key').catch(() => false);
      await secrets.delete('hub-client-key').catch(() => false);
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
