/**
 * The control plane (/sandbox/…, JSON, `Authorization: Bearer <controlToken>`): creates accounts, keys and
 * directory data, makes inbound faxes arrive, moves the virtual clock, injects faults and shows what the
 * service did (webhook deliveries, the requests a key made). Never reachable with an API key.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { ApiError, invalidRequest, notFound, quota } from './api-error';
import type { Clock } from './clock';
import type { SandboxDb } from './database';
import { parseKeepingDigits, type PublicIds } from './public-ids';
import { garbles, type Faults } from './faults';
import { asRecord, readJson, type Reply } from './http-io';
import { hashKey, prefixedId, token } from './ids';
import { accountResource, isPaused, type AccountRow } from './resources';
import { plans, scopeProblem, type Plan } from './scopes';
import type { CertificatePair } from './tls';

export interface RequestLogEntry {
  at: string;
  key_id: string | null;
  account_id: string | null;
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
}

export interface ControlDeps {
  db: SandboxDb;
  clock: Clock;
  faults: Faults;
  issueLeaf(): Promise<CertificatePair>;
  requestLog(accountId: string): RequestLogEntry[];
  afterClockChange(): void;
  recordEvent(faxId: number): void;
  /** Where GET /faxes/{id}/pdf finds a fax's document (`<id>.pdf`); rendered on first request when absent. */
  pdfDir: string;
  /** The fax ids the API shows: replies here give them as the API does (`fax_id`) and as text (`fax_id_text`). */
  ids: PublicIds;
}

const e164 = /^\+[1-9]\d{7,14}$/;

function str(body: Record<string, unknown>, field: string, options: { required?: boolean; max?: number } = {}): string | null {
  const value = body[field];
  if (value === undefined || value === null) {
    if (options.required) throw invalidRequest('missing_parameter', `${field} is required.`);
    return null;
  }
  if (typeof value !== 'string' || value.length > (options.max ?? 500)) throw invalidRequest('invalid_parameter', `${field} must be a string.`);
  return value;
}

function int(body: Record<string, unknown>, field: string, min: number, max: number, fallback: number | null): number {
  const value = body[field];
  if (value === undefined || value === null) {
    if (fallback === null) throw invalidRequest('missing_parameter', `${field} is required.`);
    return fallback;
  }
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalidRequest('invalid_parameter', `${field} must be a whole number from ${min} to ${max}.`);
  }
  return value;
}

function onlyFields(body: Record<string, unknown>, fields: readonly string[]): void {
  for (const field of Object.keys(body)) if (!fields.includes(field)) throw invalidRequest('unknown_parameter', `Unknown field: ${field}.`);
}

function cycleOf(now: number): { start: string; end: string } {
  const date = new Date(now);
  const start = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
  const end = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0));
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
}

const senderNames = ['Riverside Clinic', 'Northgate Pharmacy', 'St. Mary Radiology', 'Lakeside Dental', 'City Lab Services', 'Oak Family Practice'];

export function createControlPlane(deps: ControlDeps) {
  const { db, clock } = deps;

  const account = (id: string): AccountRow => {
    const row = db.prepare('SELECT * FROM accounts WHERE id = ?').get(id) as AccountRow | undefined;
    if (!row) throw notFound('No such account.');
    return row;
  };

  const insertFax = db.prepare(
    `INSERT INTO faxes (account_id, reference, direction, status, pages, created_s, accepted_ms, subject, sender_name, from_number, to_number,
       cost_cents, completed_ms, updated_ms) VALUES (?, '', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const setReference = db.prepare('UPDATE faxes SET reference = ? WHERE id = ?');
  const insertRecipient = db.prepare('INSERT INTO recipients (fax_id, position, to_number, name, status, error) VALUES (?, 0, ?, ?, ?, ?)');

  const ownNumber = (accountId: string): string =>
    (db.prepare('SELECT number FROM numbers WHERE account_id = ? ORDER BY created_at, rowid LIMIT 1').get(accountId) as { number: string } | undefined)?.number ??
    '+15550100000';

  const randomNumber = (): string => `+1555${String(crypto.randomInt(1_000_000, 9_999_999))}`;

  function createInbound(accountId: string, body: Record<string, unknown>): Reply {
    onlyFields(body, ['pages', 'from', 'sender_name', 'created_at', 'count', 'document_base64']);
    const owner = account(accountId);
    const pages = int(body, 'pages', 1, 500, 1);
    const count = int(body, 'count', 1, 50_000, 1);
    // A test can make a fax arrive with any bytes at all as its document (hostile, broken or encrypted PDFs).
    const documentText = str(body, 'document_base64', { max: 20 * 1024 * 1024 });
    if (documentText !== null && count !== 1) throw invalidRequest('invalid_parameter', 'document_base64 goes with a single fax (count 1).');
    const from = str(body, 'from');
    if (from !== null && !e164.test(from)) throw invalidRequest('invalid_number', 'from must be an E.164 number.');
    const createdAt = str(body, 'created_at');
    const createdMs = createdAt === null ? null : Date.parse(createdAt);
    if (createdMs !== null && Number.isNaN(createdMs)) throw invalidRequest('invalid_parameter', 'created_at must be an ISO 8601 timestamp.');
    if (isPaused(owner)) throw quota('account_paused', 'Receiving is paused on this account (usage reached 110 % of the page limit).');
    const to = ownNumber(accountId);
    const now = clock.now();
    const ids = db.transaction(() => {
      const created: number[] = [];
      for (let index = 0; index < count; index += 1) {
        const senderName = str(body, 'sender_name') ?? senderNames[crypto.randomInt(senderNames.length)] ?? 'Sender';
        const createdS = Math.floor((createdMs ?? now) / 1000);
        const result = insertFax.run(accountId, 'inbound', 'received', pages, createdS, now, null, senderName, from ?? randomNumber(), to, 0, now, now);
        const id = Number(result.lastInsertRowid);
        setReference.run(`FX-${String(id).padStart(8, '0')}`, id);
        insertRecipient.run(id, to, null, 'received', null);
        created.push(id);
      }
      db.prepare('UPDATE accounts SET pages_used = pages_used + ? WHERE id = ?').run(pages * count, accountId);
      return created;
    })();
    if (documentText !== null && ids[0] !== undefined) {
      fs.mkdirSync(deps.pdfDir, { recursive: true });
      fs.writeFileSync(path.join(deps.pdfDir, `${String(ids[0])}.pdf`), Buffer.from(documentText, 'base64'));
    }
    for (const id of ids) deps.recordEvent(id);
    const shown = { fax_id: deps.ids.json(ids[0] ?? 0), fax_id_text: deps.ids.text(ids[0] ?? 0) };
    return { status: 201, json: count === 1 ? shown : { ...shown, fax_ids: ids.map(deps.ids.json), fax_ids_text: ids.map(deps.ids.text) } };
  }

  function seedHistory(accountId: string, body: Record<string, unknown>): Reply {
    onlyFields(body, ['direction', 'count', 'pages', 'status', 'to', 'spacing_seconds', 'newest_at']);
    account(accountId);
    const direction = str(body, 'direction') ?? 'outbound';
    if (direction !== 'inbound' && direction !== 'outbound') throw invalidRequest('invalid_parameter', 'direction must be inbound or outbound.');
    const count = int(body, 'count', 1, 100_000, 1);
    const pages = int(body, 'pages', 1, 500, 1);
    const spacing = int(body, 'spacing_seconds', 0, 86_400, 60);
    const status = str(body, 'status') ?? (direction === 'inbound' ? 'received' : 'delivered');
    // The spec's final states, or any other word: clients are tested against states other services use.
    if (!/^[A-Za-z][A-Za-z_-]{0,39}$/.test(status) || ['queued', 'converting', 'sending'].includes(status)) {
      throw invalidRequest('invalid_parameter', 'status must be a final state (a word, not queued, converting or sending).');
    }
    const to = str(body, 'to');
    if (to !== null && !e164.test(to)) throw invalidRequest('invalid_number', 'to must be an E.164 number.');
    const newestAt = str(body, 'newest_at');
    const newest = newestAt === null ? clock.now() : Date.parse(newestAt);
    if (Number.isNaN(newest)) throw invalidRequest('invalid_parameter', 'newest_at must be an ISO 8601 timestamp.');
    const own = ownNumber(accountId);
    const ids = db.transaction(() => {
      const created: number[] = [];
      for (let index = count - 1; index >= 0; index -= 1) {
        const createdS = Math.floor(newest / 1000) - index * spacing;
        const counterpart = to ?? randomNumber();
        const recipient = direction === 'outbound' ? counterpart : own;
        const error = status === 'failed' ? 'no_answer' : null;
        const result = insertFax.run(
          accountId,
          direction,
          status,
          pages,
          createdS,
          createdS * 1000,
          direction === 'outbound' ? 'Seeded history' : null,
          direction === 'inbound' ? senderNames[index % senderNames.length] ?? 'Sender' : null,
          direction === 'inbound' ? counterpart : own,
          recipient,
          direction === 'outbound' ? pages * 7 : 0,
          createdS * 1000,
          createdS * 1000,
        );
        const id = Number(result.lastInsertRowid);
        setReference.run(`FX-${String(id).padStart(8, '0')}`, id);
        insertRecipient.run(id, recipient, null, status === 'partial' ? 'delivered' : status, error);
        created.push(id);
      }
      return created;
    })();
    return { status: 201, json: { count: ids.length, first_id: ids[0], last_id: ids[ids.length - 1] } };
  }

  async function handle(request: IncomingMessage, url: URL): Promise<Reply> {
    const method = request.method ?? 'GET';
    const path = url.pathname.replace(/\/+$/, '');
    const segments = path.split('/').slice(2); // after "/sandbox"
    const body = method === 'POST' || method === 'PATCH' ? asRecord(await readJson(request, 24 * 1024 * 1024)) : {};
    const [first, second, third] = segments;

    if (method === 'POST' && first === 'accounts' && segments.length === 1) {
      onlyFields(body, ['plan', 'page_limit', 'pages_used', 'name']);
      const plan = str(body, 'plan', { required: true }) as string;
      if (!(plan in plans)) throw invalidRequest('invalid_parameter', `plan must be one of ${Object.keys(plans).join(', ')}.`);
      const id = prefixedId('acct');
      const cycle = cycleOf(clock.now());
      db.prepare('INSERT INTO accounts (id, name, plan, page_limit, pages_used, cycle_start, cycle_end, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
        id,
        str(body, 'name') ?? 'Sandbox account',
        plan,
        int(body, 'page_limit', 0, 10_000_000, null),
        int(body, 'pages_used', 0, 100_000_000, 0),
        cycle.start,
        cycle.end,
        new Date(clock.now()).toISOString(),
      );
      return { status: 201, json: { id } };
    }
    if (first === 'accounts' && second !== undefined && segments.length === 2 && (method === 'GET' || method === 'PATCH')) {
      if (method === 'PATCH') {
        onlyFields(body, ['page_limit', 'pages_used', 'plan']);
        const current = account(second);
        const plan = str(body, 'plan') ?? current.plan;
        if (!(plan in plans)) throw invalidRequest('invalid_parameter', 'Unknown plan.');
        db.prepare('UPDATE accounts SET page_limit = ?, pages_used = ?, plan = ? WHERE id = ?').run(
          int(body, 'page_limit', 0, 10_000_000, current.page_limit),
          int(body, 'pages_used', 0, 100_000_000, current.pages_used),
          plan,
          second,
        );
      }
      return { status: 200, json: accountResource(account(second)) };
    }
    if (method === 'POST' && first === 'accounts' && second !== undefined && segments.length === 3) {
      const owner = account(second);
      switch (third) {
        case 'keys': {
          onlyFields(body, ['scopes']);
          const scopes = body.scopes;
          if (!Array.isArray(scopes) || !scopes.every((scope) => typeof scope === 'string')) throw invalidRequest('invalid_parameter', 'scopes must be an array of strings.');
          const problem = scopeProblem(scopes);
          if (problem) throw invalidRequest('invalid_scopes', problem);
          const active = (db.prepare('SELECT COUNT(*) AS n FROM api_keys WHERE account_id = ? AND revoked_at IS NULL').get(owner.id) as { n: number }).n;
          const limit = plans[owner.plan as Plan];
          if (active >= limit) {
            throw new ApiError(409, 'invalid_request', 'active_key_limit_reached', `The ${owner.plan} plan allows ${limit} active keys; revoke one first.`);
          }
          const id = prefixedId('key');
          const key = `fk_test_${token(32)}`;
          db.prepare('INSERT INTO api_keys (id, account_id, hash, scopes, created_at) VALUES (?, ?, ?, ?, ?)').run(
            id,
            owner.id,
            hashKey(key),
            JSON.stringify([...new Set(scopes)]),
            new Date(clock.now()).toISOString(),
          );
          return { status: 201, json: { id, key } };
        }
        case 'contacts': {
          onlyFields(body, ['name', 'fax_number', 'company', 'email', 'notes']);
          const faxNumber = str(body, 'fax_number');
          if (faxNumber !== null && !e164.test(faxNumber)) throw invalidRequest('invalid_number', 'fax_number must be an E.164 number.');
          const id = prefixedId('ct');
          db.prepare('INSERT INTO contacts (id, account_id, name, fax_number, company, email, notes, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
            id,
            owner.id,
            str(body, 'name', { required: true }),
            faxNumber,
            str(body, 'company'),
            str(body, 'email'),
            str(body, 'notes', { max: 2000 }),
            new Date(clock.now()).toISOString(),
          );
          return { status: 201, json: { id } };
        }
        case 'numbers': {
          onlyFields(body, ['number', 'label']);
          const number = str(body, 'number', { required: true }) as string;
          if (!e164.test(number)) throw invalidRequest('invalid_number', 'number must be an E.164 number.');
          const id = prefixedId('num');
          db.prepare('INSERT INTO numbers (id, account_id, number, label, created_at) VALUES (?, ?, ?, ?, ?)').run(
            id,
            owner.id,
            number,
            str(body, 'label'),
            new Date(clock.now()).toISOString(),
          );
          return { status: 201, json: { id } };
        }
        case 'covers': {
          onlyFields(body, ['name']);
          const id = prefixedId('cov');
          db.prepare('INSERT INTO covers (id, account_id, name, created_at) VALUES (?, ?, ?, ?)').run(
            id,
            owner.id,
            str(body, 'name', { required: true }),
            new Date(clock.now()).toISOString(),
          );
          return { status: 201, json: { id } };
        }
        case 'inbound':
          return createInbound(owner.id, body);
        case 'faxes':
          return seedHistory(owner.id, body);
        default:
          break;
      }
    }
    if (method === 'GET' && first === 'accounts' && second !== undefined && third === 'deliveries') {
      account(second);
      const rows = db
        .prepare('SELECT event_id, endpoint_id, url, attempt, status_code, error, at FROM deliveries WHERE account_id = ? ORDER BY seq')
        .all(second);
      return { status: 200, json: { data: rows } };
    }
    if (method === 'GET' && first === 'accounts' && second !== undefined && third === 'requests') {
      account(second);
      return { status: 200, json: { data: deps.requestLog(second) } };
    }
    if (method === 'GET' && first === 'accounts' && second !== undefined && third === 'events') {
      account(second);
      const rows = db.prepare('SELECT id, type, created, fax_id, standard, reduced FROM events WHERE account_id = ? ORDER BY created, id').all(second) as Array<
        Record<string, unknown> & { standard: string; reduced: string }
      >;
      return { status: 200, json: { data: rows.map((row) => ({ ...row, standard: parseKeepingDigits(row.standard), reduced: parseKeepingDigits(row.reduced) })) } };
    }
    if (method === 'DELETE' && first === 'keys' && second !== undefined && segments.length === 2) {
      const result = db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(new Date(clock.now()).toISOString(), second);
      if (result.changes === 0) throw notFound('No such active key.');
      return { status: 204 };
    }
    if (first === 'clock' && segments.length === 1) {
      if (method === 'POST') {
        onlyFields(body, ['advance_seconds', 'frozen']);
        const seconds = body.advance_seconds ?? 0;
        if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0 || seconds > 366 * 86_400) {
          throw invalidRequest('invalid_parameter', 'advance_seconds must be a number of seconds from 0 to one year.');
        }
        if (body.frozen !== undefined && typeof body.frozen !== 'boolean') throw invalidRequest('invalid_parameter', 'frozen must be true or false.');
        if (body.frozen !== undefined) clock.freeze(body.frozen);
        clock.advance(seconds);
        deps.afterClockChange();
      }
      if (method === 'POST' || method === 'GET') return { status: 200, json: { now: new Date(clock.now()).toISOString() } };
    }
    if (first === 'faults' && segments.length === 1) {
      if (method === 'DELETE') {
        deps.faults.clear();
        return { status: 204 };
      }
      if (method === 'POST') {
        onlyFields(body, ['method', 'path', 'status', 'times', 'after_commit', 'reset_after_bytes', 'garble']);
        const faultMethod = str(body, 'method', { required: true }) as string;
        const faultPath = str(body, 'path', { required: true }) as string;
        const status = int(body, 'status', 0, 599, null);
        const garble = body.garble === undefined ? null : garbles.find((candidate) => candidate === body.garble);
        if (garble === undefined) throw invalidRequest('invalid_parameter', `garble must be one of ${garbles.join(', ')}.`);
        if (garble !== null && (status < 200 || status > 299)) throw invalidRequest('invalid_parameter', 'A garbled reply needs a 2xx status.');
        if (garble === null && status !== 0 && status < 400) throw invalidRequest('invalid_parameter', 'status must be 0 (connection reset) or an error status.');
        deps.faults.add({
          method: faultMethod,
          path: faultPath,
          status,
          times: int(body, 'times', 1, 10_000, 1),
          afterCommit: body.after_commit === true,
          resetAfterBytes: body.reset_after_bytes === undefined ? null : int(body, 'reset_after_bytes', 0, 1_000_000_000, 0),
          garble,
        });
        return { status: 201, json: { ok: true } };
      }
    }
    if (method === 'GET' && first === 'tls' && segments.length === 1) {
      return { status: 200, json: await deps.issueLeaf() };
    }
    throw notFound('No such control-plane operation.');
  }

  return { handle };
}

export function isControlToken(header: string | undefined, controlToken: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '');
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(controlToken);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
