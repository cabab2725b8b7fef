/**
 * The bench's report (bench/lib/report.ts) says where each row came from: a run of some benchmarks
 * (`npm run bench -- <name>`) replaces their rows and is named with its date and machine, and the other rows keep
 * the full run's — a partial run used to put its own date and machine over every row of the table.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeResults, parseResults, renderReport, type BenchMetric, type BenchResults, type Machine, type ThisRun } from '../../../bench/lib/report';

const order = ['sync', 'polling', 'preflight', 'npm test'];
const intel: Machine = { cpus: 2, cpuModel: 'Intel Xeon', memoryGiB: 23.5, platform: 'Linux x64', node: 'v24', chromium: 'Chromium 156' };
const epyc: Machine = { ...intel, cpuModel: 'AMD EPYC' };

const row = (benchmark: string, value: number): BenchMetric => ({ benchmark, metric: `${benchmark} figure`, value, unit: 's', target: '≤ 300', pass: value <= 300 });

function run(date: string, machine: Machine, measured: Record<string, number | Error>, full = false): ThisRun {
  const entries = Object.entries(measured);
  return {
    date,
    machine,
    runsPerTiming: 5,
    order,
    selected: full ? order : entries.map(([name]) => name),
    full,
    metrics: entries.flatMap(([name, value]) => (value instanceof Error ? [] : [row(name, value)])),
    failures: entries.flatMap(([name, value]) => (value instanceof Error ? [{ benchmark: name, message: value.message }] : [])),
  };
}

const fullRun = (): BenchResults => mergeResults(null, run('2026-11-27', intel, { 'npm test': 415, sync: 101, polling: 3, preflight: 100 }, true));

describe("the bench's report", () => {
  it('a full run stands alone: its date and machine over rows in the benchmarks\' order, no reruns', () => {
    const results = fullRun();
    expect(results.metrics.map((metric) => metric.benchmark)).toEqual(order);
    expect(results.reruns).toEqual([]);
    const report = renderReport(results);
    expect(report).toContain('Written by `npm run bench` on 2026-11-27.');
    expect(report).toContain('Machine: 2 × Intel Xeon');
    expect(report).not.toContain('Measured again');
  });

  it('a partial run replaces its rows only and is named with its date and machine; the full run\'s header stays', () => {
    const results = mergeResults(fullRun(), run('2026-11-28', epyc, { 'npm test': 332 }));
    expect(results.metrics.map((metric) => [metric.benchmark, metric.value])).toEqual([
      ['sync', 101],
      ['polling', 3],
      ['preflight', 100],
      ['npm test', 332],
    ]);
    expect(results.date).toBe('2026-11-27');
    expect(results.machine).toEqual(intel);
    expect(results.reruns).toEqual([{ date: '2026-11-28', machine: epyc, runsPerTiming: 5, benchmarks: ['npm test'] }]);
    const report = renderReport(results);
    expect(report).toContain('Written by `npm run bench` on 2026-11-27.');
    expect(report).toContain('Machine: 2 × Intel Xeon');
    expect(report).toMatch(/Measured again on 2026-11-28 .*AMD EPYC.*: “npm test”\./);
  });

  it('a benchmark measured again moves to its newest rerun; an older rerun left with none is dropped', () => {
    let results = mergeResults(fullRun(), run('d1', epyc, { preflight: 83 }));
    results = mergeResults(results, run('d2', epyc, { 'npm test': 332, polling: 4 }));
    results = mergeResults(results, run('d3', intel, { preflight: 80 }));
    expect(results.reruns.map((rerun) => [rerun.date, rerun.benchmarks])).toEqual([
      ['d2', ['polling', 'npm test']],
      ['d3', ['preflight']],
    ]);
  });

  it('a benchmark that fails keeps its earlier rows beside its failure; measuring it again clears the failure', () => {
    let results = mergeResults(fullRun(), run('d1', epyc, { preflight: new Error('the sandbox did not start') }));
    expect(results.metrics.find((metric) => metric.benchmark === 'preflight')?.value).toBe(100);
    expect(results.failures).toEqual(['preflight: the sandbox did not start']);
    expect(results.reruns).toEqual([]);
    expect(renderReport(results)).toContain('Could not run: preflight: the sandbox did not start');
    results = mergeResults(results, run('d2', epyc, { 'npm test': 320 }));
    expect(results.failures).toEqual(['preflight: the sandbox did not start']);
    results = mergeResults(results, run('d3', epyc, { preflight: 90 }));
    expect(results.failures).toEqual([]);
    expect(results.metrics.find((metric) => metric.benchmark === 'preflight')?.value).toBe(90);
  });

  it('reads results written before reruns were recorded', () => {
    const { reruns: _reruns, ...old } = fullRun();
    const results = parseResults(JSON.stringify(old));
    expect(results.reruns).toEqual([]);
    expect(mergeResults(results, run('d1', epyc, { sync: 99 })).reruns).toHaveLength(1);
  });

  it('over random sequences of runs, every row comes from the latest run that measured it, and is attributed to it', () => {
    const step = fc.record({
      full: fc.boolean(),
      machine: fc.constantFrom(intel, epyc),
      measured: fc.dictionary(fc.constantFrom(...order), fc.oneof(fc.integer({ min: 1, max: 500 }), fc.constant(new Error('down'))), { minKeys: 1 }),
    });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 8 }), (steps) => {
        let results: BenchResults | null = null;
        const latest = new Map<string, { value: number; date: string; machine: Machine; full: boolean }>();
        let lastFull: string | null = null;
        for (const [index, spec] of steps.entries()) {
          const date = `d${String(index)}`;
          // A full run measures every benchmark: the ones it does not name failed.
          const measured = spec.full ? Object.fromEntries(order.map((name) => [name, spec.measured[name] ?? new Error('down')])) : spec.measured;
          if (spec.full) {
            latest.clear();
            lastFull = date;
          }
          for (const [name, value] of Object.entries(measured)) if (!(value instanceof Error)) latest.set(name, { value, date, machine: spec.machine, full: spec.full });
          results = mergeResults(results, run(date, spec.machine, measured, spec.full));
        }
        if (!results) throw new Error('no run');
        const final: BenchResults = results;
        expect(final.metrics.map((metric) => metric.benchmark)).toEqual(order.filter((name) => latest.has(name)));
        const named = final.reruns.flatMap((rerun) => rerun.benchmarks);
        expect(new Set(named).size).toBe(named.length);
        for (const metric of final.metrics) {
          const expected = latest.get(metric.benchmark);
          expect(metric.value).toBe(expected?.value);
          const rerun = final.reruns.find((entry) => entry.benchmarks.includes(metric.benchmark));
          // Measured by the full run (or by the first run, which stands for one): the header's date and machine.
          if (rerun) expect([rerun.date, rerun.machine]).toEqual([expected?.date, expected?.machine]);
          else expect(expected?.date).toBe(lastFull ?? 'd0');
        }
      }),
      { seed: 20261128, numRuns: 300 },
    );
  });
});
