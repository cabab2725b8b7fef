/** Runs a program and collects what it printed (small outputs only: CUPS's tools, pkexec). */
import { spawn } from 'node:child_process';

export interface CommandResult {
  /** The exit code; null when the program could not be started (`startError` says why) or was stopped. */
  code: number | null;
  stdout: string;
  stderr: string;
  /** `ENOENT` when the program is not installed. */
  startError: string | null;
}

export type RunCommand = (command: string, args: readonly string[], options?: { timeoutMs?: number }) => Promise<CommandResult>;

const maxOutputBytes = 64 * 1024;

export const runCommand: RunCommand = (command, args, options = {}) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: options.timeoutMs ?? 30_000, env: { ...process.env, LC_ALL: 'C' } });
    const collect = (stream: NodeJS.ReadableStream) => {
      let text = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        if (text.length < maxOutputBytes) text += chunk;
      });
      return () => text;
    };
    const stdout = collect(child.stdout);
    const stderr = collect(child.stderr);
    let startError: string | null = null;
    child.on('error', (error: NodeJS.ErrnoException) => {
      startError = error.code ?? 'unknown';
    });
    child.on('close', (code) => resolve({ code, stdout: stdout(), stderr: stderr(), startError }));
  });
