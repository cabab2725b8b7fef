/**
 * SQL from the tests' synchronous code (`server.sql(database, statement)`) without a process per statement. psql
 * (through runuser, as root) cost ~20 ms of CPU and held the calling worker's event loop as long — with three desks,
 * a sandbox and a browser window in that worker — and the suite runs ~500 of them. Here a worker thread holds a
 * node-postgres connection per database; the caller waits on an Atomics flag for the answer.
 *
 * What comes back reads as `psql -At -c` (psql 15, Debian's) prints it: every statement's rows in order, one per
 * line, columns joined by '|', NULL as nothing, every value as the server writes it. A statement string runs as
 * one simple query (one transaction, as psql -c sends it). A connection idle for 200 ms is closed: the server sees
 * no lasting connection psql would not have made (the tests that count connections or cap the server rely on that).
 */
import { createRequire } from 'node:module';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';

export interface SyncSqlTarget {
  host: string;
  port: number;
  user: string;
  password: string;
  /** The CA that signed the server's certificate (PEM): the connection is TLS, the server's name checked. */
  ca: string;
}

export interface SyncSql {
  /** Runs `statement` in `database`; throws with the server's message when it fails. */
  query(database: string, statement: string): string;
  close(): void;
}

type Reply = { ok: true; text: string } | { ok: false; message: string };

const answerWithinMs = 60_000;

// Plain JavaScript: a worker started from a string is not transformed by vitest.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const pg = require(workerData.pgPath);
const { target, port, signal } = workerData;
const asText = { getTypeParser: () => (value) => value };
const open = new Map();

function answer(reply) {
  port.postMessage(reply);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
}

async function connectionTo(database) {
  const known = open.get(database);
  if (known) {
    clearTimeout(known.idle);
    return { entry: known, reused: true };
  }
  const client = new pg.Client({ host: target.host, port: target.port, user: target.user, password: target.password, database, ssl: { ca: target.ca }, types: asText });
  const entry = { client, idle: undefined };
  client.on('error', () => drop(database, entry));
  client.on('end', () => drop(database, entry));
  await client.connect();
  open.set(database, entry);
  return { entry, reused: false };
}

function drop(database, entry) {
  clearTimeout(entry.idle);
  if (open.get(database) === entry) open.delete(database);
  entry.client.end().catch(() => undefined);
}

async function run(database, statement) {
  let { entry, reused } = await connectionTo(database);
  if (reused) {
    // A kept connection may have been ended by the server meanwhile (a restart, pg_terminate_backend) before its
    // 'end' arrived here: asked first, so that the statement itself is sent once, on a connection that answers.
    try {
      await entry.client.query('SELECT 1');
    } catch {
      drop(database, entry);
      ({ entry } = await connectionTo(database));
    }
  }
  try {
    return { entry, result: await entry.client.query({ text: statement, rowMode: 'array' }) };
  } catch (error) {
    // A connection that failed is not used again: the server may have ended it, its 'end' still to come.
    drop(database, entry);
    throw error;
  }
}

function linesOf(result) {
  return (Array.isArray(result) ? result : [result])
    .flatMap((each) => (Array.isArray(each.rows) ? each.rows : []))
    .map((row) => row.map((value) => (value === null ? '' : String(value))).join('|') + '\\n')
    .join('');
}

parentPort.on('message', async ({ database, statement }) => {
  let entry;
  try {
    const done = await run(database, statement);
    entry = done.entry;
    answer({ ok: true, text: linesOf(done.result) });
  } catch (error) {
    answer({ ok: false, message: error instanceof Error ? error.message : String(error) });
  } finally {
    if (entry && open.get(database) === entry) entry.idle = setTimeout(() => drop(database, entry), 200);
  }
});
`;

export function syncSql(target: SyncSqlTarget): SyncSql {
  const { port1, port2 } = new MessageChannel();
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const pgPath = createRequire(import.meta.url).resolve('pg');
  const worker = new Worker(workerSource, { eval: true, workerData: { target, pgPath, port: port2, signal }, transferList: [port2] });
  worker.unref();
  return {
    query(database, statement) {
      Atomics.store(signal, 0, 0);
      worker.postMessage({ database, statement });
      if (Atomics.wait(signal, 0, 0, answerWithinMs) === 'timed-out') throw new Error(`SQL in ${database}: no answer within ${String(answerWithinMs / 1000)} s`);
      const reply = receiveMessageOnPort(port1)?.message as Reply | undefined;
      if (reply === undefined) throw new Error(`SQL in ${database}: the worker answered nothing`);
      if (!reply.ok) throw new Error(`SQL in ${database} failed: ERROR:  ${reply.message}`);
      return reply.text;
    },
    close() {
      port1.close();
      void worker.terminate();
    },
  };
}
