/**
 * Runs the longest test files first (longest-processing-time scheduling), from a table of how long each slow file
 * takes in the full suite on two cores rather than last run's timings (CI starts from a fresh clone with no timings).
 * A file that is not listed counts as short. The table only orders the run: a stale figure costs time, never a
 * result. Refresh it from `npx vitest run --reporter=json` when a file's time changes a lot.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds each slow file took in the full suite (2 cores, three files at once), keyed by its path under test/. */
export const typicalSeconds: Readonly<Record<string, number>> = {
  'integration/outbox-kill.test.ts': 133,
  'e2e/screens-a11y.test.ts': 71,
  'e2e/security.test.ts': 40,
  'integration/hotfolder-kill.test.ts': 36,
  'e2e/compose.test.ts': 25,
  'e2e/office.test.ts': 15,
  'integration/hub-triage-kill.test.ts': 11,
  'e2e/preflight.test.ts': 20,
  'integration/rules-kill.test.ts': 19,
  'unit/preflight/preflight.test.ts': 16,
  'integration/edit-held-kill.test.ts': 14,
  'e2e/onboarding.test.ts': 14,
  'fax-service/conformance-webhooks.test.ts': 14,
  'e2e/guard.test.ts': 12,
  'e2e/drafts.test.ts': 11,
  'integration/fax-printer.test.ts': 11,
  'unit/guard/recipient-guard-properties.test.ts': 11,
  'e2e/compose-keyboard.test.ts': 10,
  'e2e/inbox.test.ts': 10,
  'e2e/replies.test.ts': 9,
  'e2e/locales.test.ts': 8,
  'integration/live-status.test.ts': 7,
  'e2e/layout.test.ts': 7,
  'integration/outbox.test.ts': 7,
  'e2e/hot-folders.test.ts': 7,
  'integration/standalone-clone.test.ts': 7,
  'integration/send-memory.test.ts': 7,
  'e2e/fax-printer.test.ts': 6,
  'e2e/lists.test.ts': 6,
  'integration/hot-folders.test.ts': 6,
  'integration/read-only-folders.test.ts': 5,
  'unit/pages/page-marks.test.ts': 5,
  'integration/transmission-report.test.ts': 5,
  'e2e/report.test.ts': 5,
  'integration/sync.test.ts': 5,
  'unit/tooling/security-scan.test.ts': 4,
  'integration/office-desks.test.ts': 4,
  'integration/hub-live.test.ts': 4,
  'integration/office-rules.test.ts': 4,
  'unit/pages/page-renderer.test.ts': 4,
  'fax-service/multipart.test.ts': 4,
};

/** An e2e file not in the table still goes before the short unit files: it starts a page and a harness. */
function seconds(file: string): number {
  const underTest = file.replace(/\\/g, '/').replace(/^.*?\/test\//, '');
  return typicalSeconds[underTest] ?? (underTest.startsWith('e2e/') ? 4 : 1);
}

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted].sort((a, b) => seconds(b.moduleId) - seconds(a.moduleId));
  }
}
