// @ts-check
/**
 * The layers of the main process, enforced by lint (after VS Code's code-layering rule): a folder may import only
 * from its own layer and the layers below it, so nothing runs back up (a service never reaches into IPC, the
 * data layer never into a service). Kept apart from eslint.config.js so a unit test can lint sample code with it.
 */
import path from 'node:path';

/** Top to bottom. Every file under main/ must belong to one. */
export const mainLayers = [
  { name: 'shell', job: 'Electron only: windows, `app://` protocol, guards, IPC registration, OS notifications, tray, menus', paths: ['main/shell'] },
  { name: 'app', job: 'assembles the services from their interfaces; the only place that knows them all', paths: ['main/core.ts', 'main/core-deps.ts', 'main/open-services.ts', 'main/app-commands.ts'] },
  { name: 'ipc', job: 'one handler per contract channel (validate, dispatch), the dispatcher, the lock gate', paths: ['main/ipc'] },
  { name: 'services', job: 'what the app does', paths: ['main/connection', 'main/sync', 'main/outbox', 'main/compose', 'main/faxes', 'main/directory', 'main/pdf', 'main/lock', 'main/guard', 'main/replies', 'main/preflight', 'main/commands', 'main/window', 'main/support', 'main/office', 'main/triage', 'main/desktop-integration', 'main/policy', 'main/ocr', 'main/documents', 'main/intake', 'main/chart'] },
  { name: 'data', job: 'the Fax Service client and its readers, the office hub database client, the EHR clients (FHIR, SMART, HL7 over MLLP), encrypted stores, file checks, page drawing', paths: ['main/api', 'main/hub', 'main/ehr', 'main/store', 'main/files', 'main/pages', 'main/security'] },
  { name: 'runtime', job: 'event bus, timers, serial passes, checkpoints, the redacting logger, the error type', paths: ['main/runtime', 'main/log', 'main/i18n', 'main/errors.ts', 'main/desktop.ts'] },
];

/**
 * Inside the services layer, which other service folders each folder may use (VS Code's code-layering keeps such
 * lists too): everything else in the layer is out of reach, so a new dependency between two services is a
 * decision written here, and no two folders can come to depend on each other.
 */
export const serviceUses = {
  'main/connection': [],
  'main/sync': ['main/connection'],
  'main/compose': [],
  'main/outbox': ['main/compose', 'main/connection', 'main/pdf'],
  'main/faxes': ['main/connection', 'main/pdf'],
  'main/directory': ['main/connection'],
  'main/pdf': ['main/connection'],
  'main/lock': [],
  'main/guard': [],
  'main/replies': [],
  'main/preflight': ['main/compose'],
  'main/commands': [],
  'main/window': [],
  'main/support': [],
  'main/office': ['main/compose', 'main/outbox', 'main/pdf'],
  'main/desktop-integration': [],
  'main/triage': [],
  'main/policy': [],
  'main/ocr': ['main/pdf'],
  'main/documents': ['main/pdf', 'main/compose'],
  'main/intake': [],
  'main/chart': ['main/intake', 'main/office'],
};

/** The service folder a file is in (`main/office` for main/office/rules/x.ts), or null. */
export function serviceFolderOf(file) {
  const module = file.replace(/\.(ts|tsx|js|mjs|cjs)$/, '');
  return Object.keys(serviceUses).find((folder) => module.startsWith(`${folder}/`)) ?? null;
}

/** The layer table of docs/technical/architecture.md, made from `mainLayers` (a unit test fails when they differ). */
export function layerTable() {
  const folders = (paths) => paths.map((entry) => `\`${entry.replace(/^main\//, '')}${entry.endsWith('.ts') ? '' : '/'}\``).join(' ');
  return ['| layer | folders (under `main/`) | job |', '|---|---|---|', ...mainLayers.map((layer) => `| ${layer.name} | ${folders(layer.paths)} | ${layer.job} |`)].join('\n');
}

/**
 * The index of the file's layer, or null. `file` is relative to the repository root, with forward slashes; an
 * import specifier without its extension (`../../core`) is matched as the module it names.
 */
export function layerOf(file) {
  const module = file.replace(/\.(ts|tsx|js|mjs|cjs)$/, '');
  const index = mainLayers.findIndex((layer) => layer.paths.some((prefix) => module === prefix.replace(/\.ts$/, '') || module.startsWith(`${prefix}/`)));
  return index < 0 ? null : index;
}

/** @param {string} file */
function relative(file) {
  return path.relative(process.cwd(), file).split(path.sep).join('/');
}

/** @type {import('eslint').Rule.RuleModule} */
const mainLayersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'main/ layers import only from their own layer and those below it' },
    schema: [],
    messages: {
      upward: '{{from}} ({{fromLayer}}) may not import {{to}} ({{toLayer}}): a layer imports only from itself and the layers below it (shell → app → ipc → services → data → runtime).',
      unplaced: '{{file}} is in no layer of main/: add its folder to mainLayers in eslint.layers.js.',
      sideways: '{{from}} may not use {{to}}: the service folder {{fromFolder}} uses only {{allowed}} (serviceUses in eslint.layers.js).',
      unlisted: '{{file}} is in the services layer but its folder is not in serviceUses (eslint.layers.js): say which services it uses.',
    },
  },
  create(context) {
    const file = relative(context.filename);
    if (!file.startsWith('main/')) return {};
    const own = layerOf(file);
    /** @param {import('estree').Node} node @param {unknown} source */
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = relative(path.resolve(path.dirname(context.filename), source));
      if (!target.startsWith('main/')) return;
      const theirs = layerOf(target);
      if (own === null || theirs === null) return;
      if (theirs === own && mainLayers[own]?.name === 'services') {
        const fromFolder = serviceFolderOf(file);
        const toFolder = serviceFolderOf(target);
        if (fromFolder === null || toFolder === null || fromFolder === toFolder) return;
        const allowed = serviceUses[fromFolder] ?? [];
        if (!allowed.includes(toFolder)) context.report({ node, messageId: 'sideways', data: { from: file, to: target, fromFolder, allowed: allowed.length > 0 ? allowed.join(', ') : 'none' } });
        return;
      }
      if (theirs >= own) return;
      context.report({ node, messageId: 'upward', data: { from: file, fromLayer: mainLayers[own]?.name ?? '', to: target, toLayer: mainLayers[theirs]?.name ?? '' } });
    };
    return {
      Program(node) {
        if (own === null) context.report({ node, messageId: 'unplaced', data: { file } });
        else if (mainLayers[own]?.name === 'services' && serviceFolderOf(file) === null) context.report({ node, messageId: 'unlisted', data: { file } });
      },
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => {
        if (node.source) check(node, node.source.value);
      },
      ImportExpression: (node) => {
        if (node.source.type === 'Literal') check(node, node.source.value);
      },
    };
  },
};

/** @type {import('eslint').Linter.Config[]} */
export const layerConfigs = [
  {
    files: ['main/**/*.ts'],
    plugins: { local: { rules: { 'main-layers': mainLayersRule } } },
    rules: { 'local/main-layers': 'error' },
  },
];
