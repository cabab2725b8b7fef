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
 *
 * The project with the most files runs last whatever its longest file (the unit tests: ~120 files of a second or
 * two): its short files even out the workers' ends. Ordered by longest file alone, the sandbox's conformance files
 * came last, and the run ended on one worker waiting 13 s for webhook retries while the two cores idled.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds each slow file took in the full suite (2 cores, three files at once), keyed by its path under test/. */
export const typicalSeconds: Readonly<Record<string, number>> = {
  'integration/outbox-kill.test.ts': 77,
  'integration/ocr/recognition.test.ts': 40,
  'e2e/office-in-use.test.ts': 32,
  'integration/hotfolder-kill.test.ts': 30,
  'e2e/security.test.ts': 25,
  'integration/hub-in-use.test.ts': 24,
  'integration/office-rules-kill.test.ts': 22,
  'integration/office-desks.test.ts': 21,
  'e2e/screens-a11y.test.ts': 20,
  'integration/office-rules.test.ts': 20,
  'integration/rules-kill.test.ts': 17,
  'integration/standalone-clone.test.ts': 16,
  'e2e/compose.test.ts': 15,
  'integration/hub-limits.test.ts': 15,
  'fax-service/conformance-webhooks.test.ts': 13,
  'e2e/office.test.ts': 12,
  'e2e/page-tools.test.ts': 12,
  'e2e/fill-sign.test.ts': 11,
  'e2e/preflight.test.ts': 11,
  'integration/fax-printer.test.ts': 11,
  'e2e/drafts.test.ts': 10,
  'integration/ocr/nothing-outlives.test.ts': 10,
  'unit/preflight/preflight.test.ts': 10,
  'integration/hub-triage.test.ts': 9,
  'integration/outbox.test.ts': 9,
  'integration/source-workers.test.ts': 9,
  'e2e/find-by-content.test.ts': 8,
  'e2e/guard.test.ts': 8,
  'e2e/inbox.test.ts': 8,
  'e2e/replies.test.ts': 8,
  'integration/send-memory.test.ts': 8,
  'e2e/hot-folders.test.ts': 7,
  'e2e/onboarding.test.ts': 7,
  'e2e/report.test.ts': 7,
  'integration/live-status.test.ts': 7,
  'e2e/compose-keyboard.test.ts': 6,
  'e2e/fax-printer.test.ts': 6,
  'integration/chart-kill.test.ts': 6,
  'e2e/lists.test.ts': 5,
  'e2e/window-pool.test.ts': 5,
  'fax-service/control-plane.test.ts': 5,
  'integration/hub-connection.test.ts': 5,
  'integration/hub-live.test.ts': 5,
  'integration/hub-record.test.ts': 5,
  'integration/hub-room.test.ts': 5,
  'unit/guard/recipient-guard-properties.test.ts': 5,
  'unit/tooling/security-scan.test.ts': 5,
  'e2e/layout.test.ts': 4,
  'fax-service/multipart.test.ts': 4,
  'integration/edit-held-kill.test.ts': 4,
  'integration/hub-key-change.test.ts': 4,
  'integration/read-only-folders.test.ts': 4,
  'integration/sync.test.ts': 4,
  'unit/intake/intake-properties.test.ts': 4,
  'unit/pages/fill-form.test.ts': 4,
  'unit/pages/page-renderer.test.ts': 4,
  'e2e/directory.test.ts': 3,
  'e2e/list-rows.test.ts': 3,
  'e2e/locales.test.ts': 3,
  'e2e/menus.test.ts': 3,
  'e2e/rules.test.ts': 3,
  'e2e/to-file.test.ts': 3,
  'integration/api-client.test.ts': 3,
  'integration/hot-folders.test.ts': 3,
  'integration/hub-offline.test.ts': 3,
  'integration/hub-triage-kill.test.ts': 3,
  'integration/transmission-report.test.ts': 3,
  'unit/pages/tiff-pdf.test.ts': 3,
  'unit/shell/main-bootstrap.test.ts': 3,
  'unit/pages/page-marks.test.ts': 1,
};

/**
 * Files that, run alone, spend most of their time waiting — on a hub's timers, reconnects and notifications, on
 * webhook retries — measured at under 40 % of a core. Run together they left both cores idle for most of a minute;
 * spread between the files that keep the cores busy, they wait beside them (idle core-seconds over a run 52 → 30,
 * though the run's wall time moved only within its spread: see docs/technical/testing.md).
 */
export const mostlyWaiting: ReadonlySet<string> = new Set([
  'integration/hub-in-use.test.ts',
  'integration/office-desks.test.ts',
  'integration/hub-limits.test.ts',
  'integration/office-rules.test.ts',
  'integration/live-status.test.ts',
  'integration/hub-room.test.ts',
  'integration/hub-connection.test.ts',
  'integration/hub-live.test.ts',
  'integration/hub-triage.test.ts',
  'integration/api-client.test.ts',
  'integration/hub-offline.test.ts',
  'integration/office-joining.test.ts',
  'fax-service/conformance-webhooks.test.ts',
  'fax-service/conformance-states.test.ts',
  'fax-service/multipart.test.ts',
]);

function underTestOf(file: string): string {
  return file.replace(/\\/g, '/').replace(/^.*?\/test\//, '');
}

/** An e2e file not in the table still goes before the short unit files: it starts a page and a harness. */
export function typicalSecondsOf(file: string): number {
  const underTest = underTestOf(file);
  return typicalSeconds[underTest] ?? (underTest.startsWith('e2e/') ? 4 : 1);
}

/**
 * The run's order: by project (longest file first, the project of most files last), each project's files longest
 * first, with the files that mostly wait spread between the others.
 */
export function slowFirstByProject<T extends { moduleId: string; project: { name: string } }>(files: readonly T[]): T[] {
  const longest = new Map<string, number>();
  const count = new Map<string, number>();
  for (const file of files) {
    longest.set(file.project.name, Math.max(longest.get(file.project.name) ?? 0, typicalSecondsOf(file.moduleId)));
    count.set(file.project.name, (count.get(file.project.name) ?? 0) + 1);
  }
  // The project of most files (the first by name among equals): last.
  const mostFiles = [...count].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
  const projectRank = (file: T): number => (file.project.name === mostFiles ? -1 : (longest.get(file.project.name) ?? 0));
  const byProject = [...files].sort((a, b) => projectRank(b) - projectRank(a) || a.project.name.localeCompare(b.project.name) || typicalSecondsOf(b.moduleId) - typicalSecondsOf(a.moduleId));
  const order: T[] = [];
  for (let start = 0; start < byProject.length; ) {
    const name = byProject[start]?.project.name;
    let end = start;
    while (end < byProject.length && byProject[end]?.project.name === name) end += 1;
    order.push(...spreadWaiting(byProject.slice(start, end)));
    start = end;
  }
  return order;
}

/** One project's files, longest first: each file that mostly waits goes after one that keeps the cores busy. */
function spreadWaiting<T extends { moduleId: string }>(files: readonly T[]): T[] {
  const busy = files.filter((file) => !mostlyWaiting.has(underTestOf(file.moduleId)));
  const waiting = files.filter((file) => mostlyWaiting.has(underTestOf(file.moduleId)));
  const order: T[] = [];
  while (busy.length > 0 || waiting.length > 0) {
    const next = busy.shift();
    if (next) order.push(next);
    const wait = waiting.shift();
    if (wait) order.push(wait);
  }
  return order;
}

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return slowFirstByProject(await super.sort(files));
  }
}
