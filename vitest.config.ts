import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
// With its extension: Vite's native config loader (its coming default) needs it.
import { SlowFirstSequencer } from './test/slow-first-sequencer.ts';

// A stray require('electron') in plain Node must return a path, never start a download (see TOOLCHAIN.md).
process.env.ELECTRON_OVERRIDE_DIST_PATH ??= '/nonexistent';
process.env.ELECTRON_SKIP_BINARY_DOWNLOAD ??= '1';

/**
 * Unit files that replace a module (`vi.mock`) or a global need a fresh module graph each; every other unit file
 * shares its worker's modules with the files before it (`isolate: false`), which halves the unit run — most of a
 * small file's time was importing what the previous file had already imported.
 */
const unitFiles = fs.globSync('test/unit/**/*.test.ts');
const replacesModules = (file: string): boolean => /\bvi\.(?:do)?[mM]ock\(|\bvi\.stub(?:Global|Env)\(/.test(fs.readFileSync(file, 'utf8'));
const isolatedUnitFiles = unitFiles.filter(replacesModules).map((file) => file.split(path.sep).join('/'));
const sharedModuleFiles = fs.globSync('test/{renderer,fax-service,integration,e2e}/**/*.test.{ts,tsx}').filter(replacesModules);
if (sharedModuleFiles.length > 0) throw new Error(`These files replace a module but run in a project that shares modules between files: ${sharedModuleFiles.join(', ')}`);

export default defineConfig({
  test: {
    reporters: ['default'],
    // Three workers on two cores: much of the suite waits on servers, Chromium and child processes, so a third
    // worker keeps the CPUs busy (npm test ≈ 4 minutes instead of 5.5).
    maxWorkers: 3,
    sequence: { sequencer: SlowFirstSequencer },
    // expect.poll waits one second unless told; a busy machine must not fail a test that waits on the app (the e2e
    // project's own setting below is the same). It ends as soon as the value is there.
    expect: { poll: { timeout: 10_000 } },
    // One initdb per run for the private PostgreSQL clusters, not one per cluster (test/helpers/postgres-template.ts);
    // the page-render worker bundled once for the run (test/helpers/test-page-renderer.ts).
    globalSetup: ['test/postgres-templates-setup.ts', 'test/page-render-worker-setup.ts'],
    // A test's time-out guards against a hang, never measures speed (the bench does): each is sized for a machine
    // twice as slow as CI on a quiet hour — another job beside it, an empty home (issue 58). Passing tests end as
    // soon as they are done, whatever the time-out.
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          exclude: isolatedUnitFiles,
          isolate: false,
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-mocks',
          include: isolatedUnitFiles,
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'renderer',
          include: ['test/renderer/**/*.test.{ts,tsx}'],
          // No renderer file replaces a module: they share their worker's modules (and its jsdom) as unit files do.
          isolate: false,
          environment: 'jsdom',
          testTimeout: 30_000,
          setupFiles: ['test/renderer/pdf-globals.ts', 'test/renderer/async-waits.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'sandbox',
          include: ['test/fax-service/**/*.test.ts'],
          // Each file starts its own sandbox; none replaces a module.
          isolate: false,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          // No integration file replaces a module (checked above); each starts its own servers and cores, so they
          // share their worker's modules too.
          isolate: false,
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      // Walks through a person's path with many faxes read by OCR (minutes): `npm run test:walk`, not in `npm test`.
      ...(process.env.FAX_WALKS === '1'
        ? [
            {
              extends: true as const,
              test: {
                name: 'walk',
                include: ['test/walks/**/*.test.ts'],
                isolate: false,
                environment: 'node' as const,
                testTimeout: 300_000,
                hookTimeout: 300_000,
                expect: { poll: { timeout: 20_000 } },
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          // Each file opens its own windows (a page from its worker's pool), harness and core; the app's modules are
          // imported once per worker.
          isolate: false,
          // One Chromium per worker, shared by the files it runs (test/e2e/worker-browser.ts).
          environment: 'node',
          testTimeout: 150_000,
          hookTimeout: 150_000,
          // What the user sees settles within a second alone, but the suite runs three files at once on two cores:
          // a poll waits up to 10 s for it (it returns as soon as the value is there).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
