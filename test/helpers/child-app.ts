/**
 * The app as a child process for the SIGKILL tests: a fixture bundled once (so each of the many starts is a plain
 * `node` start), run with its own environment, its output collected until it exits or is killed.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { build } from 'esbuild';

export async function bundleChild(entry: string, name: string): Promise<string> {
  const outfile = path.resolve('node_modules', '.cache', 'fax-desktop-tests', `${name}.mjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['better-sqlite3-multiple-ciphers', 'keytar', 'pdfjs-dist', 'electron'],
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'silent',
  });
  return outfile;
}

export function runChildApp(bundle: string, env: Record<string, string>): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bundle], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code, signal) => resolve({ code, signal, output }));
  });
}
