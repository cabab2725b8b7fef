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

/** What a figure must meet: at most or at least a value, or nothing (reported for comparison). */
export type Goal = { atMost: number } | { atLeast: number } | null;

/** A figure over several runs: the median is the value, and it must meet the goal. */
export function timing(metric: string, runs: readonly number[], unit: string, goal: Goal, note?: string): Metric {
  const value = round(median(runs));
  const [target, pass] = goal === null ? ['—', true] : 'atMost' in goal ? [`≤ ${String(goal.atMost)}`, value <= goal.atMost] : [`≥ ${String(goal.atLeast)}`, value >= goal.atLeast];
  return { metric, value, unit, target, pass, runs: runs.map(round), min: round(Math.min(...runs)), max: round(Math.max(...runs)), ...(note ? { note } : {}) };
}

/** A single measured figure against an upper limit. */
export function atMost(metric: string, value: number, unit: string, limit: number, note?: string): Metric {
  return { metric, value: round(value), unit, target: `≤ ${String(limit)}`, pass: value <= limit, ...(note ? { note } : {}) };
}

/** A single measured figure against a lower limit. */
export function atLeast(metric: string, value: number, unit: string, limit: number, note?: string): Metric {
  return { metric, value: round(value), unit, target: `≥ ${String(limit)}`, pass: value >= limit, ...(note ? { note } : {}) };
}

/** Reported for context, no target. */
export function info(metric: string, value: number, unit: string, note?: string): Metric {
  return { metric, value: round(value), unit, target: '—', pass: true, ...(note ? { note } : {}) };
}
