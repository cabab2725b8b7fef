/**
 * Bundles the Electron main process and the preload with esbuild. Native modules and electron stay external;
 * everything else (zod, electron-store, conf…) is bundled so the packaged app loads few files.
 */
import { build } from 'esbuild';
import { mainProcessExternals } from './bundle-externals';

await build({
  // The render worker (a worker thread of main) and the recognition process are bundles of their own beside main's.
  entryPoints: { index: 'main/shell/main.ts', 'page-render-worker': 'main/pages/page-render-worker.ts', 'recognition-process': 'main/ocr/recognition-process.ts' },
  outdir: 'dist/main',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  sourcemap: true,
  external: [...mainProcessExternals],
  logLevel: 'warning',
});

// The sandboxed preload may only require('electron'): bundle everything else into one file.
await build({
  entryPoints: { index: 'preload/index.ts' },
  outdir: 'dist/preload',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'browser',
  format: 'cjs',
  target: 'chrome140',
  minify: true,
  // The map is not packed (electron-builder.yml excludes *.map); the license list reads which packages it holds.
  sourcemap: true,
  external: ['electron'],
  logLevel: 'warning',
});

console.log('built dist/main/index.cjs, dist/main/page-render-worker.cjs, dist/main/recognition-process.cjs and dist/preload/index.cjs');
