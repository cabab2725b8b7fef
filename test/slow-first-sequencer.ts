/**
 * Runs the longest test files first, from a fixed order rather than last run's timings (CI starts from a fresh
 * clone with no timings): the SIGKILL test (~2 minutes of child processes) and the e2e files (one Chromium at a
 * time) start at once, and everything else fills the other workers around them.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const order: ReadonlyArray<[RegExp, number]> = [
  [/integration\/outbox-kill\.test\.ts$/, 100],
  [/\/e2e\/screens-a11y\.test\.ts$/, 60],
  [/\/e2e\/inbox\.test\.ts$/, 55],
  [/\/e2e\/security\.test\.ts$/, 50],
  [/\/e2e\//, 40],
  [/conformance-webhooks\.test\.ts$/, 30],
  [/\/integration\//, 20],
];

function weight(file: string): number {
  return order.find(([pattern]) => pattern.test(file))?.[1] ?? 0;
}

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted].sort((a, b) => weight(b.moduleId) - weight(a.moduleId));
  }
}
