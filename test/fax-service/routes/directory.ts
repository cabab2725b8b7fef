/** GET /contacts (q = case-insensitive substring of name, number, company or email), /numbers, /account. */
import type { ApiContext } from '../context';
import type { Reply } from '../http-io';
import { checkKnownParams, pagination, single } from '../query';
import { accountResource, contactResource, listEnvelope, numberResource, type ContactRow, type NumberRow } from '../resources';

export function listContacts(context: ApiContext): Promise<Reply> {
  checkKnownParams(context.url, ['q', 'limit', 'offset']);
  const { limit, offset } = pagination(context.url);
  const q = (single(context.url, 'q') ?? '').trim().toLowerCase();
  const { db } = context.services;
  const where = q
    ? `account_id = ? AND (instr(lower(name), ?) > 0 OR instr(lower(coalesce(fax_number, '')), ?) > 0 OR instr(lower(coalesce(company, '')), ?) > 0 OR instr(lower(coalesce(email, '')), ?) > 0)`
    : 'account_id = ?';
  const args = q ? [context.account.id, q, q, q, q] : [context.account.id];
  const total = (db.prepare(`SELECT COUNT(*) AS total FROM contacts WHERE ${where}`).get(...args) as { total: number }).total;
  const rows = db.prepare(`SELECT id, name, fax_number, company, email, notes, created_at FROM contacts WHERE ${where} ORDER BY name COLLATE NOCASE, id LIMIT ? OFFSET ?`).all(...args, limit, offset) as ContactRow[];
  return Promise.resolve({ status: 200, json: listEnvelope(rows.map(contactResource), total, limit, offset, context.requestId) });
}

export function listNumbers(context: ApiContext): Promise<Reply> {
  checkKnownParams(context.url, ['limit', 'offset']);
  const { limit, offset } = pagination(context.url);
  const { db } = context.services;
  const total = (db.prepare('SELECT COUNT(*) AS total FROM numbers WHERE account_id = ?').get(context.account.id) as { total: number }).total;
  const rows = db.prepare('SELECT id, number, label, created_at FROM numbers WHERE account_id = ? ORDER BY created_at, rowid LIMIT ? OFFSET ?').all(context.account.id, limit, offset) as NumberRow[];
  return Promise.resolve({ status: 200, json: listEnvelope(rows.map(numberResource), total, limit, offset, context.requestId) });
}

export function getAccount(context: ApiContext): Promise<Reply> {
  checkKnownParams(context.url, []);
  const covers = context.services.db.prepare('SELECT id, name FROM covers WHERE account_id = ? ORDER BY created_at, rowid').all(context.account.id) as Array<{ id: string; name: string }>;
  return Promise.resolve({ status: 200, json: { data: accountResource(context.account, covers), request_id: context.requestId } });
}
