/**
 * bench/results.json and bench/RESULTS.md from one run of `npm run bench`. A run with a name filter measures only
 * some benchmarks: their rows replace the earlier ones, the others stay from the runs that measured them, and the
 * report says which rows were measured when and on which machine (a table of one date and machine over rows from
 * three would misstate where a figure came from).
 */
import type { Metric } from './metric';

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  platform: string;
  node: string;
  chromium: string;
}

/** When and where some benchmarks were measured again after the full run. */
export interface Rerun {
  date: string;
  machine: Machine;
  runsPerTiming: number;
  benchmarks: string[];
}

export type BenchMetric = Metric & { benchmark: string };

export interface BenchResults {
  /** The last full run's date and machine. */
  date: string;
  machine: Machine;
  runsPerTiming: number;
  metrics: BenchMetric[];
  /** Benchmark name, then what went wrong. */
  failures: string[];
  /** Later runs of some benchmarks, oldest first; a benchmark is named in its latest one only. */
  reruns: Rerun[];
}

export interface ThisRun {
  date: string;
  machine: Machine;
  runsPerTiming: number;
  /** Every benchmark's name, in the report's order. */
  order: readonly string[];
  /** The benchmarks this run tried (all of them for a full run). */
  selected: readonly string[];
  full: boolean;
  metrics: BenchMetric[];
  failures: Array<{ benchmark: string; message: string }>;
}

const failureOf = (benchmark: string, message: string): string => `${benchmark}: ${message}`;

/** What a run writes: a full run stands alone; a partial one is merged into what the earlier runs left. */
export function mergeResults(previous: BenchResults | null, run: ThisRun): BenchResults {
  const position = (name: string): number => run.order.indexOf(name);
  const sorted = (metrics: BenchMetric[]): BenchMetric[] => metrics.sort((a, b) => position(a.benchmark) - position(b.benchmark));
  const failures = run.failures.map(({ benchmark, message }) => failureOf(benchmark, message));
  if (run.full || !previous) {
    return { date: run.date, machine: run.machine, runsPerTiming: run.runsPerTiming, metrics: sorted([...run.metrics]), failures, reruns: [] };
  }
  const tried = new Set(run.selected);
  const measured = [...new Set(run.metrics.map((metric) => metric.benchmark))];
  const measuredNow = new Set(measured);
  // A benchmark that failed this time keeps its earlier rows, and its failure is reported beside them.
  const kept = previous.metrics.filter((metric) => !measuredNow.has(metric.benchmark));
  const earlierFailures = previous.failures.filter((failure) => ![...tried].some((name) => failure.startsWith(`${name}: `)));
  const reruns = previous.reruns
    .map((rerun) => ({ ...rerun, benchmarks: rerun.benchmarks.filter((name) => !measuredNow.has(name)) }))
    .filter((rerun) => rerun.benchmarks.length > 0);
  if (measured.length > 0) {
    reruns.push({ date: run.date, machine: run.machine, runsPerTiming: run.runsPerTiming, benchmarks: measured.sort((a, b) => position(a) - position(b)) });
  }
  return { ...previous, metrics: sorted([...kept, ...run.metrics]), failures: [...earlierFailures, ...failures], reruns };
}

/** Reads what an earlier run wrote; files from before reruns were recorded have none. */
export function parseResults(text: string): BenchResults {
  const parsed = JSON.parse(text) as Omit<BenchResults, 'reruns'> & { reruns?: Rerun[] };
  const { date, machine, runsPerTiming, metrics, failures } = parsed;
  return { date, machine, runsPerTiming, metrics, failures, reruns: parsed.reruns ?? [] };
}

const machineLine = (machine: Machine): string =>
  `${String(machine.cpus)} × ${machine.cpuModel}, ${String(machine.memoryGiB)} GiB, ${machine.platform}; Node ${machine.node}; ${machine.chromium}`;

const runsOf = (count: number): string => `${String(count)} run${count === 1 ? '' : 's'}`;

const format = (value: number | undefined): string => (value === undefined ? '' : value.toLocaleString('en-US', { maximumFractionDigits: 1 }));

export function tableOf(metrics: readonly Metric[]): string {
  return [
    '| metric | value | unit | target | pass | min | max | note |',
    '|---|---:|---|---|---|---:|---:|---|',
    ...metrics.map((metric) => `| ${metric.metric} | ${format(metric.value)} | ${metric.unit} | ${metric.target} | ${metric.pass ? '✅' : '❌'} | ${format(metric.min)} | ${format(metric.max)} | ${metric.note ?? ''} |`),
  ].join('\n');
}

export function renderReport(results: BenchResults): string {
  const reruns = results.reruns.map(
    (rerun) =>
      `Measured again on ${rerun.date} by \`npm run bench -- <name>\` (timings the median of ${runsOf(rerun.runsPerTiming)}) on ${machineLine(rerun.machine)}: ` +
      `${rerun.benchmarks.map((name) => `“${name}”`).join(', ')}.`,
  );
  return [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` on ${results.date}. Timing figures are the median of ${runsOf(results.runsPerTiming)}, with min and max.`,
    '',
    `Machine: ${machineLine(results.machine)}.`,
    '',
    ...reruns.flatMap((line) => [line, '']),
    tableOf(results.metrics),
    '',
    results.failures.length > 0 ? `Could not run: ${results.failures.join('; ')}` : '',
    'How each figure is measured: see the comment at the top of each file in `bench/benches/`.',
    '',
  ].join('\n');
}
