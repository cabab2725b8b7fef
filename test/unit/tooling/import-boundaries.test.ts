import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sampleLinter } from '../../helpers/lint-sample';
import { boundaryConfigs } from '../../../eslint.boundaries.js';
import { layerConfigs, layerOf, layerTable, mainLayers, serviceUses } from '../../../eslint.layers.js';

const errorsFor = sampleLinter([...boundaryConfigs, ...layerConfigs]);

describe('import boundaries', () => {
  it.each(['main/api/client.ts', 'main/core.ts', 'preload/bridge.ts', 'test/harness/harness.ts'])("forbid 'electron' in %s", async (file) => {
    expect(await errorsFor(file, "import { app } from 'electron';\n")).toEqual([expect.stringContaining("only in main/shell/ or preload/index.ts")]);
  });

  it('allow electron in the shell and the preload entry', async () => {
    expect(await errorsFor('main/shell/window.ts', "import { BrowserWindow } from 'electron';\n")).toEqual([]);
    expect(await errorsFor('preload/index.ts', "import { contextBridge, ipcRenderer } from 'electron';\n")).toEqual([]);
  });

  it('allow raw ipcMain only in main/shell/ipc.ts', async () => {
    expect(await errorsFor('main/shell/ipc.ts', "import { ipcMain } from 'electron';\n")).toEqual([]);
    expect(await errorsFor('main/shell/main.ts', "import { ipcMain } from 'electron';\n")).toEqual([expect.stringContaining('Raw IPC only')]);
    expect(await errorsFor('main/shell/tray.ts', "import { ipcRenderer } from 'electron';\n")).toEqual([expect.stringContaining('Raw IPC only')]);
  });

  it('keep Node and main code out of the renderer', async () => {
    expect(await errorsFor('renderer/src/App.tsx', "import fs from 'node:fs';\n")).toEqual([expect.stringContaining('no Node')]);
    expect(await errorsFor('renderer/src/App.tsx', "import { x } from '../../main/core';\n")).toEqual([expect.stringContaining('no Node')]);
    expect(await errorsFor('renderer/src/App.tsx', "import { ipcRenderer } from 'electron';\n")).toEqual([expect.stringContaining('window.fax only')]);
  });

  it('only the renderer\'s data layer calls main', async () => {
    expect(await errorsFor('renderer/src/views/InboxView.tsx', "import { faxApi } from '../data/ipc';\n")).toEqual([expect.stringContaining('use the data module')]);
    expect(await errorsFor('renderer/src/views/InboxView.tsx', "import type { IpcError } from '../data/ipc';\n")).toEqual([]);
    expect(await errorsFor('renderer/src/views/InboxView.tsx', 'void window.fax.syncNow();\n')).toEqual([expect.stringContaining('Only renderer/src/data/ipc.ts')]);
    expect(await errorsFor('renderer/src/data/faxes.ts', "import { faxApi } from './ipc';\n")).toEqual([]);
    expect(await errorsFor('renderer/src/data/ipc.ts', 'export const api = () => window.fax;\n')).toEqual([]);
    expect(await errorsFor('renderer/src/data/faxes.ts', 'export const api = () => window.fax;\n')).toEqual([expect.stringContaining('Only renderer/src/data/ipc.ts')]);
    expect(await errorsFor('renderer/src/data/faxes.ts', "import fs from 'node:fs';\n")).toEqual([expect.stringContaining('no Node')]);
  });
});

describe('the layers of main (shell → app → ipc → services → data → runtime)', () => {
  it.each([
    ['main/sync/sync-engine.ts', "import { createDispatcher } from '../ipc/dispatcher';\n", 'services', 'ipc'],
    ['main/outbox/outbox.ts', "import type { HandlerContext } from '../ipc/services';\n", 'services', 'ipc'],
    ['main/api/fax-client.ts', "import type { Outbox } from '../outbox/outbox';\n", 'data', 'services'],
    ['main/store/cache/cache.ts', "import { createCore } from '../../core';\n", 'data', 'app'],
    ['main/runtime/event-bus.ts', "export { createFaxClient } from '../api/fax-client';\n", 'runtime', 'data'],
    ['main/ipc/dispatcher.ts', "const shell = await import('../shell/main');\n", 'ipc', 'shell'],
  ])('%s may not import upwards', async (file, code, from, to) => {
    expect(await errorsFor(file, code)).toEqual([expect.stringMatching(new RegExp(`\\(${from}\\) may not import .*\\(${to}\\)`))]);
  });

  it.each([
    ['main/shell/main.ts', "import { createCore } from '../core';\n"],
    ['main/core.ts', "import { faxHandlers } from './ipc/fax-handlers';\n"],
    ['main/ipc/fax-handlers.ts', "import type { FaxDetails } from '../faxes/fax-details';\n"],
    ['main/outbox/outbox.ts', "import type { ConnectionService } from '../connection/connection-service';\n"],
    ['main/sync/sync-engine.ts', "import { createEventBus } from '../runtime/event-bus';\n"],
    ['main/store/cache/fax-repository.ts', "import type { FaxRecord } from '../../api/read/fax-reader';\n"],
    ['main/api/api-error.ts', "import { AppError } from '../errors';\n"],
    ['main/sync/fax-sync.ts', "import { statusGroup } from '../../preload/fax-status';\n"],
  ])('%s imports down or sideways', async (file, code) => {
    expect(await errorsFor(file, code)).toEqual([]);
  });

  it.each([
    ['main/compose/staging.ts', "import type { Outbox } from '../outbox/outbox';\n", 'main/outbox/outbox', 'main/compose', 'none'],
    ['main/office/rules/inbound-rules.ts', "import type { LockService } from '../../lock/lock-service';\n", 'main/lock/lock-service', 'main/office', 'main/compose, main/outbox, main/pdf'],
    ['main/connection/connection-service.ts', "import type { SyncEngine } from '../sync/sync-engine';\n", 'main/sync/sync-engine', 'main/connection', 'none'],
  ])('inside the services layer, %s may use only the folders listed for it', async (file, code, target, folder, allowed) => {
    expect(await errorsFor(file, code)).toEqual([`${file} may not use ${target}: the service folder ${folder} uses only ${allowed} (serviceUses in eslint.layers.js).`]);
  });

  it('a folder of the services layer uses a listed folder, and its own files, freely', async () => {
    expect(await errorsFor('main/office/hotfolders/claim-runner.ts', "import type { Outbox } from '../../outbox/outbox';\nimport type { Claim } from './claims';\nimport { fileNameFrom } from '../rules/file-name-template';\n")).toEqual([]);
    expect(await errorsFor('main/outbox/outbox.ts', "import type { Staging } from '../compose/staging';\n")).toEqual([]);
  });

  it('every folder of the services layer has its list, and every list names folders of that layer', () => {
    const services = mainLayers.find((layer) => layer.name === 'services')?.paths ?? [];
    expect(Object.keys(serviceUses).sort()).toEqual([...services].sort());
    for (const uses of Object.values(serviceUses)) for (const folder of uses) expect(services).toContain(folder);
  });

  it('a new folder in main/ must be given a layer', async () => {
    expect(await errorsFor('main/reports/report.ts', 'export const x = 1;\n')).toEqual([expect.stringContaining('is in no layer of main/')]);
    expect(layerOf('main/faxes/fax-files.ts')).not.toBeNull();
  });
});

describe('inside the data layer', () => {
  it('the stores read nothing of page drawing (the recognized-text types live with the stores, below the pages)', () => {
    const files = fs.readdirSync('main/store', { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
    const upward = files.filter((file) => /from '(\.\.\/)+pages\//.test(fs.readFileSync(`main/store/${file}`, 'utf8')));
    expect(files.length).toBeGreaterThan(10);
    expect(upward).toEqual([]);
  });
});

describe('the layer table in docs/technical/architecture.md', () => {
  it('is the one the lint rule enforces, folder for folder', () => {
    const doc = fs.readFileSync('docs/technical/architecture.md', 'utf8');
    const shown = /\| layer \| folders[^\n]*\n(?:\|[^\n]*\n?)+/.exec(doc)?.[0].trimEnd();
    expect(shown).toBe(layerTable());
  });
});
