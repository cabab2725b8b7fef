import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { boundaryConfigs } from '../../../eslint.boundaries.js';

const eslint = new ESLint({
  overrideConfigFile: true,
  overrideConfig: [{ languageOptions: { parser: tseslint.parser } }, ...boundaryConfigs],
});

async function errorsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.message);
}

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
