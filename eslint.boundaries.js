// @ts-check
/**
 * Where Electron and raw IPC may be used. Kept apart from eslint.config.js so a unit test can lint sample code
 * against exactly these rules.
 */
export const electronOnlyHere = ['main/shell/**', 'preload/index.ts'];
export const ipcWrappers = ['main/shell/ipc.ts', 'preload/index.ts'];

/** @type {import('eslint').Linter.Config[]} */
export const boundaryConfigs = [
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: "Import 'electron' only in main/shell/ or preload/index.ts." }] },
      ],
    },
  },
  {
    files: electronOnlyHere,
    ignores: ipcWrappers,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              importNames: ['ipcMain', 'ipcRenderer'],
              message: 'Raw IPC only in main/shell/ipc.ts and preload/index.ts: register handlers through the contract.',
            },
          ],
        },
      ],
    },
  },
  { files: ipcWrappers, rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The renderer reaches main through window.fax only.' }],
          patterns: [{ group: ['node:*', '**/main/**'], message: 'The renderer has no Node and no main-process code.' }],
        },
      ],
    },
  },
];
