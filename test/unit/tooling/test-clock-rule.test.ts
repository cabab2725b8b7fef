// Tests build calendar times only through test/helpers/clock.ts: the lint rule refuses `new Date(<numbers>)`
// elsewhere in the tests (a time that depends on the day the test runs), and leaves the helper and code alone; and
// it refuses replacing process.env (a copy no longer carries a change of TZ to the clock). Nor may a test bound real
// time from above or wait a few seconds at most (a busy machine breaks those, not the app: issue 58).
import { describe, expect, it } from 'vitest';
import { sampleLinter } from '../../helpers/lint-sample';
import { testClockConfigs } from '../../../eslint.test-clock.js';

const errorsFor = sampleLinter(testClockConfigs);

describe('calendar times in tests', () => {
  it.each([
    ['const t = new Date(2026, 10, 23, 10, 42, 15).getTime();\n'],
    ['const t = new Date(2026, 10);\n'],
    ['const t = new Date(0);\n'],
    ['const t = new Date(10_000);\n'],
    ['const t = (day: number) => new Date(2026, 10, day);\n'],
  ])('refuses %s in a test', async (code) => {
    expect(await errorsFor('test/renderer/outbox.test.ts', code)).toEqual([expect.stringContaining('test/helpers/clock.ts')]);
    expect(await errorsFor('bench/benches/lists.ts', code)).toEqual([expect.stringContaining('test/helpers/clock.ts')]);
  });

  it('refuses replacing process.env in a test, and allows setting and restoring its keys', async () => {
    expect(await errorsFor('test/integration/a.test.ts', 'const saved = { ...process.env };\nprocess.env = saved;\n')).toEqual([expect.stringContaining('change of TZ')]);
    expect(await errorsFor('test/integration/a.test.ts', "process.env.TZ = 'Asia/Tokyo';\nObject.assign(process.env, { A: '1' });\n")).toEqual([]);
  });

  it('allows the helper, instants from a variable or a string, and the app’s own code', async () => {
    expect(await errorsFor('test/helpers/clock.ts', 'export const t = new Date(2026, 10, 23);\n')).toEqual([]);
    expect(await errorsFor('test/unit/a.test.ts', 'const ms = 5; const t = new Date(ms); const u = new Date("2026-11-23T10:00:00Z"); const v = new Date();\n')).toEqual([]);
    expect(await errorsFor('main/runtime/clock.ts', 'const t = new Date(2026, 10, 23);\n')).toEqual([]);
  });

  it.each([
    ['expect(Date.now() - started).toBeLessThan(2_000);\n'],
    ['expect(performance.now() - started).toBeLessThanOrEqual(3_200);\n'],
    ["await expect.poll(() => row.textContent(), { timeout: 2_000, interval: 50 }).toContain('x');\n"],
    ["await waitUntil(() => x, Boolean, { what: 'x', timeoutMs: 5_000 });\n"],
    ['await vi.waitFor(() => expect(x).toBe(1));\n'],
  ])('refuses a speed claim on the wall clock in a test: %s', async (code) => {
    expect(await errorsFor('test/integration/a.test.ts', code)).toHaveLength(1);
  });

  it('allows a lower bound on real time, a long wait, vi.waitFor with its time given, and the bench', async () => {
    const code = "expect(Date.now() - started).toBeGreaterThanOrEqual(900);\nawait expect.poll(() => x, { timeout: 30_000 }).toBe(1);\nawait vi.waitFor(() => expect(x).toBe(1), { timeout: 15_000 });\n";
    expect(await errorsFor('test/integration/a.test.ts', code)).toEqual([]);
    expect(await errorsFor('bench/benches/office-hub.ts', 'expect(Date.now() - started).toBeLessThan(2_000);\n')).toEqual([]);
  });
});
