/**
 * Bundles the Electron main process and the preload with esbuild. Native modules and electron stay external;
 * everything else (zod, electron-store, conf…) is bundled so the packaged app loads few files.
 */
import { build } from 'esbuild';

const nativeOrHeavy = ['electron', 'keytar', 'better-sqlite3-multiple-ciphers', 'pdfjs-dist', '@napi-rs/canvas'];

await build({
  // The render worker (a worker thread of main) is a bundle of its own beside main's.
  entryPoints: { index: 'main/shell/main.ts', 'page-render-worker': 'main/pages/page-render-worker.ts' },
  outdir: 'dist/main',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  sourcemap: true,
  external: nativeOrHeavy,
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

console.log('built dist/main/index.cjs, dist/main/page-render-worker.cjs and dist/preload/index.cjs');
