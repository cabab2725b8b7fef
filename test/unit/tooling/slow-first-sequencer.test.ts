import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { slowFirstByProject, typicalSeconds, typicalSecondsOf } from '../../slow-first-sequencer';

describe('the suite order table', () => {
  it('names only test files that exist, so a renamed slow file is not silently run last', () => {
    const missing = Object.keys(typicalSeconds).filter((file) => !fs.existsSync(path.resolve('test', file)));
    expect(missing).toEqual([]);
  });
});

describe('the run order', () => {
  const file = (project: string, underTest: string) => ({ project: { name: project }, moduleId: `/repo/test/${underTest}` });

  it('keeps each project together (a worker that shares modules is reused only for its own project), the project with the longest file first', () => {
    const order = slowFirstByProject([
      file('unit', 'unit/a.test.ts'),
      file('e2e', 'e2e/screens-a11y.test.ts'),
      file('integration', 'integration/sync.test.ts'),
      file('e2e', 'e2e/unlisted.test.ts'),
      file('integration', 'integration/outbox-kill.test.ts'),
      file('unit', 'unit/preflight/preflight.test.ts'),
    ]);
    expect(order.map((entry) => entry.moduleId.replace('/repo/test/', ''))).toEqual([
      'integration/outbox-kill.test.ts',
      'integration/sync.test.ts',
      'e2e/screens-a11y.test.ts',
      'e2e/unlisted.test.ts',
      'unit/preflight/preflight.test.ts',
      'unit/a.test.ts',
    ]);
  });

  it('whatever the files: every file once, each project in one run of files, longest first inside it (property)', () => {
    const listed = Object.keys(typicalSeconds);
    const anyFile = fc.record({ project: fc.constantFrom('unit', 'e2e', 'integration', 'renderer'), underTest: fc.oneof(fc.constantFrom(...listed), fc.stringMatching(/^[a-z]{1,6}\/[a-z]{1,6}\.test\.ts$/)) });
    fc.assert(
      fc.property(fc.array(anyFile, { maxLength: 40 }), (drawn) => {
        const files = drawn.map((entry) => file(entry.project, entry.underTest));
        const order = slowFirstByProject(files);
        expect([...order].sort((a, b) => files.indexOf(a) - files.indexOf(b))).toEqual(files);
        const projects = order.map((entry) => entry.project.name).filter((name, index, all) => name !== all[index - 1]);
        expect(new Set(projects).size).toBe(projects.length);
        for (let index = 1; index < order.length; index += 1) {
          const [before, after] = [order[index - 1], order[index]];
          if (before && after && before.project.name === after.project.name) expect(typicalSecondsOf(before.moduleId)).toBeGreaterThanOrEqual(typicalSecondsOf(after.moduleId));
        }
      }),
      { numRuns: 200 },
    );
  });
});
