/**
 * `npm test` wall time: the whole suite as CI runs it (scripts/test.sh: typecheck and lint, build, security scan,
 * every test), timed by the script itself, with a fresh, empty home folder as `.ci/run` gives it (issue 58: what a
 * new contributor's first run takes). Its output goes to a log file in the OS temp folder, not the console.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { atMost, type Benchmark } from '../lib/metric';

const colourCodes = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const testSuite: Benchmark = {
  name: 'npm test',
  async run({ log }) {
    const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fax-bench-test-')), 'npm-test.log');
    const output = fs.createWriteStream(logFile);
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-bench-home-'));
    const child = spawn('bash', [path.join(repoRoot, 'scripts', 'test.sh')], { cwd: repoRoot, env: { ...process.env, HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      output.write(chunk);
    });
    child.stderr.pipe(output);
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    output.end();
    fs.rmSync(home, { recursive: true, force: true });
    if (code !== 0) throw new Error(`npm test failed (exit ${String(code)}); its output is in ${logFile}`);
    const seconds = Number(/npm test took (\d+)s/.exec(text)?.[1] ?? Number.NaN);
    if (Number.isNaN(seconds)) throw new Error(`npm test did not print its time; its output is in ${logFile}`);
    const tests = /Tests\s+(\d+) passed/.exec(text.replace(colourCodes, ''))?.[1];
    log(`  npm test took ${String(seconds)} s (${tests ?? '?'} tests)`);
    return [atMost(`npm test wall time (${String(os.cpus().length)} cores)`, seconds, 's', 450, `${tests ?? '?'} tests, all passed, an empty home folder; printed by scripts/test.sh`)];
  },
};
