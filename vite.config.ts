import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** pdf.js reads its standard fonts, CMaps, ICC profiles and decoders from the app's own files ('self' in the CSP). */
function copyPdfjsAssets(): Plugin {
  return {
    name: 'copy-pdfjs-assets',
    apply: 'build',
    closeBundle() {
      const source = path.resolve('node_modules', 'pdfjs-dist');
      const target = path.resolve('dist', 'renderer', 'pdfjs');
      for (const folder of ['standard_fonts', 'cmaps', 'wasm', 'iccs']) {
        fs.cpSync(path.join(source, folder), path.join(target, folder), { recursive: true });
      }
    },
  };
}

export default defineConfig({
  root: 'renderer',
  base: '/',
  plugins: [react(), copyPdfjsAssets()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'chrome140',
    sourcemap: true,
    // Keep asset files separate: the CSP allows only 'self' scripts, never inlined data: modules.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 2000,
    // The app, and the plain page shown when the window crashed twice in a minute (main/shell/crash-handling.ts).
    rolldownOptions: { input: { main: path.resolve('renderer', 'index.html'), crashed: path.resolve('renderer', 'crashed.html') } },
  },
});
