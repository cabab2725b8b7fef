// A user's clone stands alone: copied without ../shared beside it, the sandbox starts and the demo seeds its
// account; nothing the app, the demo, the sandbox, the harness or the benchmarks run names ../shared. And without
// a display, the harness says how to see the window.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = process.cwd();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-clone-'));
const clone = path.join(work, 'fax-desktop');

function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; until?: RegExp; timeoutMs?: number }): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`timed out: ${command} ${args.join(' ')}\n${stdout}\n${stderr}`));
    }, options.timeoutMs ?? 60_000);
    const check = () => {
      if (options.until && options.until.test(stdout + stderr)) child.kill('SIGTERM');
    };
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      check();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      check();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

beforeAll(() => {
  // What a clone holds: the tracked files (and new ones not yet committed), as they are in the working tree.
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: repo, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    if (!fs.existsSync(path.join(repo, file))) continue;
    fs.mkdirSync(path.dirname(path.join(clone, file)), { recursive: true });
    fs.copyFileSync(path.join(repo, file), path.join(clone, file));
  }
  fs.symlinkSync(path.join(repo, 'node_modules'), path.join(clone, 'node_modules'));
});

afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true });
});

describe('a clone without ../shared', () => {
  it('has no ../shared beside it', () => {
    expect(fs.existsSync(path.join(work, 'shared'))).toBe(false);
  });

  it('names ../shared nowhere the app, demo, sandbox, harness or benchmarks run', () => {
    const runtime = ['main', 'preload', 'renderer', 'scripts', 'bench', path.join('test', 'harness'), path.join('test', 'fax-service')];
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(ts|tsx|js|mjs|cjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && entry.name !== 'testkit.ts') {
          if (/\.\.\/shared|['"]shared['"]/.test(fs.readFileSync(full, 'utf8'))) offenders.push(path.relative(clone, full));
        }
      }
    };
    for (const dir of runtime) walk(path.join(clone, dir));
    expect(offenders).toEqual([]);
  });

  it('starts the sandbox', async () => {
    const data = path.join(work, 'sandbox-data');
    const result = await run(process.execPath, ['--import', 'tsx', 'test/fax-service/cli.ts', '--port', '0', '--data', data], { cwd: clone, until: /"baseUrl"/ });
    expect(result.stderr).not.toMatch(/ENOENT|shared/);
    expect(JSON.parse(result.stdout.trim().split('\n')[0] ?? '{}')).toMatchObject({ baseUrl: expect.stringMatching(/^https:\/\/127\.0\.0\.1:\d+\/v1$/) as unknown });
  });

  it('runs the demo\'s setup: sandbox, seeded account, key in the keychain, profile pointed at it', async () => {
    const result = await run(process.execPath, ['--import', 'tsx', 'scripts/demo.ts', '--prepare-only'], { cwd: clone, env: { DEMO_DATA: path.join(clone, '.demo-data') } });
    expect(result.code, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout.trim()) as { faxes: { inbound: number; outbound: number } };
    expect(summary.faxes).toEqual({ inbound: 25, outbound: 34 });
    const settings = JSON.parse(fs.readFileSync(path.join(clone, '.demo-data', 'profile', 'settings.json'), 'utf8')) as { baseUrl: string };
    expect(settings.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/v1$/);
  });

  it('runs the office demo\'s setup: an embedded PostgreSQL hub, Maria\'s office with its labels, Tom joined with the join code', async () => {
    const result = await run(process.execPath, ['--import', 'tsx', 'scripts/demo-office.ts', '--prepare-only'], { cwd: clone, env: { DEMO_DATA: path.join(clone, '.demo-data-office') }, timeoutMs: 120_000 });
    expect(result.code, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as { desks: unknown[]; hubFolder: string };
    const labels = ['Referral', 'Lab', 'Records request'];
    expect(summary.desks).toEqual([
      { joined: true, name: 'Maria Lopez', role: 'admin', labels },
      { joined: true, name: 'Tom Baker', role: 'staff', labels },
    ]);
    // Encrypted connections only: the hub's access rules allow nothing else.
    expect(fs.readFileSync(path.join(summary.hubFolder, 'data', 'pg_hba.conf'), 'utf8').trim()).toBe('hostssl all all 127.0.0.1/32 scram-sha-256');
    fs.rmSync(summary.hubFolder, { recursive: true, force: true });
  }, 150_000);
});

describe('without a display', () => {
  it('the harness runs headless and says how to see the window', async () => {
    const env = { ...process.env };
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    const userData = path.join(work, 'harness-profile');
    const result = await run(process.execPath, ['--import', 'tsx', 'test/harness/cli.ts', '--user-data', userData, '--base-url', 'https://fax.example.test/v1', '--command', 'npm run demo'], {
      cwd: repo,
      env: { ...env, DISPLAY: '', WAYLAND_DISPLAY: '' },
      until: /connectOverCDP/,
    });
    expect(result.stdout).toMatch(/"cdpUrl":"http:\/\/127\.0\.0\.1:\d+"/);
    expect(result.stderr).toContain('this machine has no display');
    expect(result.stderr).toContain('xvfb-run -a npm run demo');
    expect(result.stderr).toMatch(/add 127\.0\.0\.1:\d+/);
  });
});
