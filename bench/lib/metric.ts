/** What a benchmark reports: one line of bench/results.json and of the table in bench/RESULTS.md. */

export interface Metric {
  metric: string;
  value: number;
  unit: string;
  /** Human form of the target, e.g. "≤ 250". */
  target: string;
  pass: boolean;
  /** Timing figures: every run's value, and the median (= value), min and max over them. */
  runs?: number[];
  min?: number;
  max?: number;
  note?: string;
}

export interface BenchContext {
  runs: number;
  log: (line: string) => void;
}

export interface Benchmark {
  name: string;
  run(context: BenchContext): Promise<Metric[]>;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** A timing metric over several runs: the median is the value; passes when the median meets the target. */
export function timing(metric: string, runs: readonly number[], unit: string, limit: number, note?: string): Metric {
  const value = round(median(runs));
  return { metric, value, unit, target: `≤ ${String(limit)}`, pass: value <= limit, runs: runs.map(round), min: round(Math.min(...runs)), max: round(Math.max(...runs)), ...(note ? { note } : {}) };
}

/** A single measured figure against an upper limit. */
export function atMost(metric: string, value: number, unit: string, limit: number, note?: string): Metric {
  return { metric, value: round(value), unit, target: `≤ ${String(limit)}`, pass: value <= limit, ...(note ? { note } : {}) };
}

export function atLeast(metric: string, value: number, unit: string, limit: number, note?: string): Metric {
  return { metric, value: round(value), unit, target: `≥ ${String(limit)}`, pass: value >= limit, ...(note ? { note } : {}) };
}

/** Reported for context, no target. */
export function info(metric: string, value: number, unit: string, note?: string): Metric {
  return { metric, value: round(value), unit, target: '—', pass: true, ...(note ? { note } : {}) };
}
