/**
 * `npm run bench [-- <name filter>…]`: every benchmark against the sandbox on loopback. Writes bench/results.json
 * (machine-readable: metric, value, unit, target, pass, and runs/min/max for timings) and bench/RESULTS.md, and
 * prints the table. Benchmarks are not tests: they never fail the build, they report pass/fail against targets.
 * BENCH_RUNS sets the runs per timing figure (default 5).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bigInbox } from './benches/big-inbox';
import { cacheMemory } from './benches/cache-memory';
import { coldStart } from './benches/cold-start';
import { freshness } from './benches/freshness';
import { guard } from './benches/guard';
import { preflight } from './benches/preflight';
import { polling } from './benches/polling';
import { initialSync } from './benches/initial-sync';
import { pdfFirstPage } from './benches/pdf-first-page';
import { printMemory } from './benches/print-memory';
import { sendMemory } from './benches/send-memory';
import { testSuite } from './benches/test-suite';
import { officeHub } from './benches/office-hub';
import { pageTools } from './benches/page-tools';
import { batchSplit } from './benches/batch-split';
import { recognition, textSearch } from './benches/recognition';
import { recognitionUnseen } from './benches/recognition-unseen';
import { intakeBench } from './benches/intake';
import { chartBench } from './benches/chart';
import type { Benchmark } from './lib/metric';
import { closeWorkerWindows } from '../test/e2e/worker-browser';
import { mergeResults, parseResults, renderReport, tableOf, type BenchMetric } from './lib/report';

const benchmarks: Benchmark[] = [initialSync, polling, freshness, sendMemory, pdfFirstPage, printMemory, bigInbox, cacheMemory, coldStart, guard, preflight, officeHub, pageTools, batchSplit, recognition, recognitionUnseen, intakeBench, chartBench, textSearch, testSuite];
const filters = process.argv.slice(2).map((arg) => arg.toLowerCase());
const selected = filters.length === 0 ? benchmarks : benchmarks.filter((bench) => filters.some((filter) => bench.name.includes(filter)));
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));

function chromiumVersion(): string {
  try {
    return execFileSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

const machine = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
  platform: `${os.type()} ${os.release()} ${os.arch()}`,
  node: process.version,
  chromium: chromiumVersion(),
};

const results: BenchMetric[] = [];
const failures: Array<{ benchmark: string; message: string }> = [];
for (const bench of selected) {
  console.log(`\n▶ ${bench.name}`);
  const started = performance.now();
  try {
    const metrics = await bench.run({ runs, log: (line) => console.log(line) });
    results.push(...metrics.map((metric) => ({ benchmark: bench.name, ...metric })));
  } catch (error) {
    failures.push({ benchmark: bench.name, message: error instanceof Error ? error.message : String(error) });
    console.error(`  ✗ ${bench.name} could not run:`, error);
  }
  console.log(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

const out = path.join(import.meta.dirname);
const resultsFile = path.join(out, 'results.json');
const previous = fs.existsSync(resultsFile) ? parseResults(fs.readFileSync(resultsFile, 'utf8')) : null;
const merged = mergeResults(previous, {
  date: new Date().toISOString(),
  machine,
  runsPerTiming: runs,
  order: benchmarks.map((bench) => bench.name),
  selected: selected.map((bench) => bench.name),
  full: filters.length === 0,
  metrics: results,
  failures,
});
fs.writeFileSync(resultsFile, `${JSON.stringify(merged, null, 2)}\n`);
fs.writeFileSync(path.join(out, 'RESULTS.md'), renderReport(merged));
console.log(`\n${tableOf(results)}\n\nWritten bench/results.json and bench/RESULTS.md.`);
await closeWorkerWindows();
