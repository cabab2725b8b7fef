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
  ...rendererConfigs(),
];

/** The renderer: no Electron, no Node, no main code; and only its data layer (renderer/src/data/) calls main. */
function rendererConfigs() {
  const paths = [{ name: 'electron', message: 'The renderer reaches main through window.fax only.' }];
  const noNodeOrMain = { group: ['node:*', '**/main/**'], message: 'The renderer has no Node and no main-process code.' };
  return [
    {
      files: ['renderer/**/*.{ts,tsx}'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths,
            patterns: [
              noNodeOrMain,
              { group: ['**/data/ipc'], allowTypeImports: true, message: 'Views do not call main: use the data module of the domain (renderer/src/data/).' },
            ],
          },
        ],
        'no-restricted-properties': ['error', { object: 'window', property: 'fax', message: 'Only renderer/src/data/ipc.ts opens window.fax.' }],
      },
    },
    {
      files: ['renderer/src/data/**/*.{ts,tsx}'],
      rules: { 'no-restricted-imports': ['error', { paths, patterns: [noNodeOrMain] }] },
    },
    { files: ['renderer/src/data/ipc.ts'], rules: { 'no-restricted-properties': 'off' } },
  ];
}
