/**
 * The tests' synchronous SQL (`server.sql`) answers exactly as `psql -At -c` (Debian's psql 15) does — the hub
 * suites were written against psql's output — and survives the server's restart and a connection the server ends.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres';

let server: PrivatePostgres;
let database: string;
let caFile: string;

beforeAll(async () => {
  server = await startPrivatePostgres();
  database = server.createDatabase('syncsql');
  caFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sync-sql-')), 'ca.pem');
  fs.writeFileSync(caFile, server.ca);
  server.sql(database, "CREATE TABLE t (id int, name text, ok boolean, at timestamptz, tags text[]); INSERT INTO t VALUES (1, 'a|b', true, '2026-01-02 03:04:05+00', '{x,y}'), (2, NULL, false, NULL, '{}')");
});

afterAll(() => {
  server.destroy();
  fs.rmSync(path.dirname(caFile), { recursive: true, force: true });
});

function psql(statement: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync('psql', ['-h', server.host, '-p', String(server.port), '-U', server.superuser, '-d', database, '-v', 'ON_ERROR_STOP=1', '-q', '-At', '-c', statement], {
    encoding: 'utf8',
    env: { ...process.env, LC_ALL: 'C', PGPASSWORD: server.password, PGSSLMODE: 'verify-full', PGSSLROOTCERT: caFile, PGTZ: 'UTC' },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('server.sql', () => {
  it.each([
    ['rows, columns, NULL, booleans, arrays', 'SELECT id, name, ok, tags FROM t ORDER BY id'],
    ['a timestamp as the server writes it', "SET TIME ZONE 'UTC'; SELECT at FROM t WHERE id = 1"],
    ['no rows', 'SELECT id FROM t WHERE id > 100'],
    ['a command without rows', "UPDATE t SET name = name WHERE id = 1"],
    ['several statements: the rows of each, in order (psql 15 shows every result)', "SELECT 1; SELECT 2, 3; UPDATE t SET name = name WHERE false; SELECT 'z'"],
    ['a count', 'SELECT count(*) FROM t'],
    ['two columns of the same name', 'SELECT a.id, b.id FROM t a JOIN t b ON a.id = b.id ORDER BY 1'],
  ])('%s: as psql prints it', (_what, statement) => {
    const reference = psql(statement);
    expect(reference.status).toBe(0);
    expect(server.sql(database, statement)).toBe(reference.stdout);
  });

  it('a failing statement throws with the server message, and changes nothing (one transaction, as psql -c)', () => {
    expect(() => server.sql(database, "INSERT INTO t (id) VALUES (3); SELECT 1/0")).toThrow(/division by zero/);
    expect(psql("INSERT INTO t (id) VALUES (3); SELECT 1/0").stderr).toMatch(/division by zero/);
    expect(server.sql(database, 'SELECT count(*) FROM t')).toBe('2\n');
  });

  it('answers again after the server restarts and after the server ends its connection', () => {
    expect(server.sql(database, 'SELECT 1')).toBe('1\n');
    server.stop();
    expect(() => server.sql(database, 'SELECT 1')).toThrow();
    server.start();
    expect(server.sql(database, 'SELECT 1')).toBe('1\n');
    // Its own connection ended by the server (as a test's pg_terminate_backend may do): the next call reconnects.
    expect(() => server.sql(database, 'SELECT pg_terminate_backend(pg_backend_pid())')).toThrow();
    expect(server.sql(database, 'SELECT 2')).toBe('2\n');
  });

  it('keeps no connection of its own once idle', async () => {
    server.sql(database, 'SELECT 1');
    await new Promise((resolve) => setTimeout(resolve, 600));
    const others = psql(`SELECT count(*) FROM pg_stat_activity WHERE usename = '${server.superuser}' AND backend_type = 'client backend' AND pid <> pg_backend_pid()`);
    expect(others.stdout).toBe('0\n');
  });
});
