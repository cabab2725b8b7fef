import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mostlyWaiting, slowFirstByProject, typicalSeconds, typicalSecondsOf } from '../../slow-first-sequencer';

describe('the suite order table', () => {
  it('names only test files that exist, so a renamed slow file is not silently run last', () => {
    const missing = [...Object.keys(typicalSeconds), ...mostlyWaiting].filter((file) => !fs.existsSync(path.resolve('test', file)));
    expect(missing).toEqual([]);
  });
});

describe('the run order', () => {
  const file = (project: string, underTest: string) => ({ project: { name: project }, moduleId: `/repo/test/${underTest}` });
  const orderOf = (files: Array<ReturnType<typeof file>>): string[] => slowFirstByProject(files).map((entry) => entry.moduleId.replace('/repo/test/', ''));

  it('keeps each project together (a worker that shares modules is reused only for its own project), the project with the longest file first, the project of most files last', () => {
    const order = orderOf([
      file('unit', 'unit/a.test.ts'),
      file('e2e', 'e2e/screens-a11y.test.ts'),
      file('integration', 'integration/sync.test.ts'),
      file('sandbox', 'fax-service/conformance-webhooks.test.ts'),
      file('e2e', 'e2e/unlisted.test.ts'),
      file('integration', 'integration/outbox-kill.test.ts'),
      file('unit', 'unit/preflight/preflight.test.ts'),
      file('unit', 'unit/b.test.ts'),
    ]);
    expect(order).toEqual([
      'integration/outbox-kill.test.ts',
      'integration/sync.test.ts',
      'e2e/screens-a11y.test.ts',
      'e2e/unlisted.test.ts',
      'fax-service/conformance-webhooks.test.ts',
      'unit/preflight/preflight.test.ts',
      'unit/a.test.ts',
      'unit/b.test.ts',
    ]);
  });

  it('spreads the files that mostly wait between the busy ones of their project', () => {
    const order = orderOf([
      file('integration', 'integration/hub-in-use.test.ts'),
      file('integration', 'integration/hub-limits.test.ts'),
      file('integration', 'integration/outbox-kill.test.ts'),
      file('integration', 'integration/hub-offline.test.ts'),
      file('integration', 'integration/hotfolder-kill.test.ts'),
    ]);
    expect(order).toEqual([
      'integration/outbox-kill.test.ts',
      'integration/hub-in-use.test.ts',
      'integration/hotfolder-kill.test.ts',
      'integration/hub-limits.test.ts',
      'integration/hub-offline.test.ts',
    ]);
  });

  it('whatever the files: every file once, each project in one run of files, busy and waiting files each longest first, alternating (property)', () => {
    const listed = [...Object.keys(typicalSeconds), ...mostlyWaiting];
    const anyFile = fc.record({ project: fc.constantFrom('unit', 'e2e', 'integration', 'renderer'), underTest: fc.oneof(fc.constantFrom(...listed), fc.stringMatching(/^[a-z]{1,6}\/[a-z]{1,6}\.test\.ts$/)) });
    const waits = (entry: { moduleId: string }): boolean => mostlyWaiting.has(entry.moduleId.replace('/repo/test/', ''));
    fc.assert(
      fc.property(fc.array(anyFile, { maxLength: 40 }), (drawn) => {
        const files = drawn.map((entry) => file(entry.project, entry.underTest));
        const order = slowFirstByProject(files);
        expect([...order].sort((a, b) => files.indexOf(a) - files.indexOf(b))).toEqual(files);
        const projects = order.map((entry) => entry.project.name).filter((name, index, all) => name !== all[index - 1]);
        expect(new Set(projects).size).toBe(projects.length);
        // The project of most files is the last one.
        const counts = projects.map((name) => files.filter((entry) => entry.project.name === name).length);
        if (projects.length > 0) expect(counts.at(-1)).toBe(Math.max(...counts));
        for (const name of projects) {
          const run = order.filter((entry) => entry.project.name === name);
          for (const kind of [run.filter(waits), run.filter((entry) => !waits(entry))]) {
            for (let index = 1; index < kind.length; index += 1) expect(typicalSecondsOf(kind[index - 1]!.moduleId)).toBeGreaterThanOrEqual(typicalSecondsOf(kind[index]!.moduleId));
          }
          // Never two waiting files in a row while a busy one is still to come.
          for (let index = 1; index < run.length; index += 1) {
            if (waits(run[index - 1]!) && waits(run[index]!)) expect(run.slice(index).some((entry) => !waits(entry))).toBe(false);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
