/**
 * Runs the longest test files first (longest-processing-time scheduling), from a table of how long each slow file
 * takes in the full suite on two cores rather than last run's timings (CI starts from a fresh clone with no timings).
 * A file that is not listed counts as short. The table only orders the run: a stale figure costs time, never a
 * result. Refresh it from `npx vitest run --reporter=json` when a file's time changes a lot.
 *
 * Files are kept together by project (the project whose longest file is longest first, each longest-first inside):
 * vitest reuses a worker that shares modules (`isolate: false`) only while the next file in the queue belongs to
 * the same project, and starts a fresh process — importing the harness, the core and playwright again — whenever
 * it does not. Interleaving the projects by time alone started ~50 workers a run instead of ~15.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds each slow file took in the full suite (2 cores, three files at once), keyed by its path under test/. */
export const typicalSeconds: Readonly<Record<string, number>> = {
  'integration/outbox-kill.test.ts': 164,
  'e2e/screens-a11y.test.ts': 83,
  'integration/hotfolder-kill.test.ts': 69,
  'e2e/office-in-use.test.ts': 44,
  'e2e/security.test.ts': 40,
  'integration/ocr/nothing-outlives.test.ts': 37,
  'integration/rules-kill.test.ts': 34,
  'integration/office-rules-kill.test.ts': 32,
  'unit/preflight/preflight.test.ts': 29,
  'e2e/find-by-content.test.ts': 29,
  'integration/ocr/recognition.test.ts': 27,
  'e2e/preflight.test.ts': 24,
  'e2e/fill-sign.test.ts': 20,
  'integration/hub-in-use.test.ts': 19,
  'e2e/page-tools.test.ts': 19,
  'integration/standalone-clone.test.ts': 18,
  'e2e/compose.test.ts': 17,
  'unit/guard/recipient-guard-properties.test.ts': 16,
  'fax-service/conformance-webhooks.test.ts': 15,
  'e2e/office.test.ts': 14,
  'e2e/inbox.test.ts': 12,
  'e2e/drafts.test.ts': 12,
  'integration/outbox.test.ts': 11,
  'integration/hub-triage-kill.test.ts': 11,
  'integration/fax-printer.test.ts': 11,
  'integration/edit-held-kill.test.ts': 11,
  'e2e/guard.test.ts': 11,
  'e2e/replies.test.ts': 10,
  'e2e/onboarding.test.ts': 10,
  'e2e/locales.test.ts': 10,
  'e2e/compose-keyboard.test.ts': 10,
  'integration/send-memory.test.ts': 9,
  'integration/office-desks.test.ts': 9,
  'integration/live-status.test.ts': 9,
  'integration/hub-room.test.ts': 9,
  'integration/hub-limits.test.ts': 12,
  'e2e/hot-folders.test.ts': 9,
  'integration/hub-live.test.ts': 8,
  'e2e/layout.test.ts': 8,
  'integration/read-only-folders.test.ts': 7,
  'e2e/report.test.ts': 7,
  'e2e/lists.test.ts': 7,
  'e2e/fax-printer.test.ts': 7,
  'unit/tooling/security-scan.test.ts': 6,
  'integration/office-rules.test.ts': 6,
  'integration/hub-offline.test.ts': 6,
  'e2e/rules.test.ts': 6,
  'e2e/list-rows.test.ts': 6,
  'unit/pages/page-marks.test.ts': 5,
  'integration/sync.test.ts': 5,
  'integration/hub-triage.test.ts': 5,
  'integration/hot-folders.test.ts': 5,
  'unit/pages/tiff-pdf.test.ts': 4,
  'unit/pages/page-renderer.test.ts': 4,
  'unit/pages/fill-form.test.ts': 4,
  'integration/hub-connection.test.ts': 4,
  'integration/connection.test.ts': 4,
  'integration/api-client.test.ts': 4,
  'fax-service/multipart.test.ts': 4,
  'e2e/policies.test.ts': 4,
  'e2e/menus.test.ts': 4,
  'e2e/directory.test.ts': 4,
};

/** An e2e file not in the table still goes before the short unit files: it starts a page and a harness. */
export function typicalSecondsOf(file: string): number {
  const underTest = file.replace(/\\/g, '/').replace(/^.*?\/test\//, '');
  return typicalSeconds[underTest] ?? (underTest.startsWith('e2e/') ? 4 : 1);
}

/** The run's order: by project (longest file first), each project's files longest first. */
export function slowFirstByProject<T extends { moduleId: string; project: { name: string } }>(files: readonly T[]): T[] {
  const longest = new Map<string, number>();
  for (const file of files) longest.set(file.project.name, Math.max(longest.get(file.project.name) ?? 0, typicalSecondsOf(file.moduleId)));
  const projectSeconds = (file: T): number => longest.get(file.project.name) ?? 0;
  return [...files].sort((a, b) => projectSeconds(b) - projectSeconds(a) || a.project.name.localeCompare(b.project.name) || typicalSecondsOf(b.moduleId) - typicalSecondsOf(a.moduleId));
}

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return slowFirstByProject(await super.sort(files));
  }
}
