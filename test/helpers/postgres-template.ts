/**
 * initdb once, copy many: each private cluster (`startPrivatePostgres`) starts as a copy of a template cluster made
 * by the first one asked for with the same server programs, instead of an initdb of its own. An initdb cost ~0.8
 * CPU-s (its bootstrap and single-user backends) and held its test's worker ~1 s; a copy of the folder costs a tenth
 * of that or less, and a run starts ~20 clusters. Its WAL segments are 1 MB instead of 16 (a 28 MB folder to copy
 * instead of 39 MB).
 *
 * The templates live in FAX_TEST_PG_TEMPLATES, a folder the run's global setup makes and removes
 * (test/postgres-templates-setup.ts), or, outside vitest (the bench), in a folder of this process's own removed
 * when it exits. A template is made in a folder of its own and renamed into place whole, so workers making the same
 * one side by side never see half of it; the one renamed first is used by all.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Runs a server program (as the `postgres` user when this process is root: PostgreSQL refuses root). */
export interface ServerAccount {
  asRoot: boolean;
  /** The `postgres` user's uid and gid when root. */
  owner: { uid: number; gid: number } | null;
}

export function serverAccount(): ServerAccount {
  const asRoot = process.getuid?.() === 0;
  if (!asRoot) return { asRoot, owner: null };
  const id = (flag: string): number => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { asRoot, owner: { uid: id('-u'), gid: id('-g') } };
}

/** The command line that runs `file` with `args` as the server's account. */
export function asServer(account: ServerAccount, file: string, args: string[]): [string, string[]] {
  return account.asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
}

export function runAsServer(account: ServerAccount, file: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): string {
  const [command, commandArgs] = asServer(account, file, args);
  const result = spawnSync(command, commandArgs, { cwd: options.cwd, encoding: 'utf8', input: '', env: { ...process.env, LC_ALL: 'C', ...(options.env ?? {}) } });
  if (result.status !== 0) throw new Error(`${path.basename(file)} failed (${String(result.status)}): ${result.stderr}`);
  return result.stdout;
}

export function giveToServer(account: ServerAccount, entry: string): void {
  if (account.owner) fs.chownSync(entry, account.owner.uid, account.owner.gid);
}

let ownBase: string | null = null;

function templatesBase(): string {
  const given = process.env.FAX_TEST_PG_TEMPLATES;
  if (given) return given;
  if (!ownBase) {
    const base = makeTemplatesFolder();
    ownBase = base;
    process.once('exit', () => fs.rmSync(base, { recursive: true, force: true }));
  }
  return ownBase;
}

/** Makes a templates folder the server's account can pass through (it reads the templates it owns inside). */
export function makeTemplatesFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-pg-templates-'));
  fs.chmodSync(dir, 0o711);
  return dir;
}

export interface ClusterTemplate {
  /** The template's data folder (never started: only copied). */
  data: string;
  /** Its superuser's password. */
  password: string;
}

/** The template for these server programs and superuser, made now if this run has none yet. */
export function clusterTemplate(account: ServerAccount, serverBin: string, superuser: string): ClusterTemplate {
  const base = templatesBase();
  const initdb = path.join(serverBin, 'initdb');
  const programs = fs.statSync(initdb);
  const key = crypto.createHash('sha256').update(`${initdb}\n${String(programs.size)}\n${String(programs.mtimeMs)}\n${superuser}`).digest('hex').slice(0, 16);
  const final = path.join(base, key);
  const read = (): ClusterTemplate => ({ data: path.join(final, 'data'), password: fs.readFileSync(path.join(final, 'password'), 'utf8').trim() });
  if (fs.existsSync(final)) return read();
  const making = fs.mkdtempSync(path.join(base, `${key}-`));
  try {
    const password = crypto.randomBytes(18).toString('base64url');
    fs.writeFileSync(path.join(making, 'password'), `${password}\n`, { mode: 0o600 });
    giveToServer(account, making);
    giveToServer(account, path.join(making, 'password'));
    runAsServer(account, initdb, ['-D', path.join(making, 'data'), '-U', superuser, '--pwfile', path.join(making, 'password'), '--auth', 'scram-sha-256', '-E', 'UTF8', '--locale', 'C', '--no-sync', '--wal-segsize=1'], { cwd: making });
    try {
      fs.renameSync(making, final);
    } catch (error) {
      // Another worker renamed its template into place first: that one is used, this one goes.
      if (!fs.existsSync(final)) throw error;
    }
  } finally {
    fs.rmSync(making, { recursive: true, force: true });
  }
  return read();
}

/** A new cluster's data folder at `data` (its parent belongs to the server's account): a copy of the template. */
export function copyTemplate(account: ServerAccount, template: ClusterTemplate, data: string): void {
  runAsServer(account, 'cp', ['-a', template.data, data], { cwd: path.dirname(data) });
}
