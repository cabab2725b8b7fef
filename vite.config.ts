import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'renderer',
  base: '/',
  plugins: [react()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'chrome140',
    sourcemap: true,
    // Keep asset files separate: the CSP allows only 'self' scripts, never inlined data: modules.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
});
