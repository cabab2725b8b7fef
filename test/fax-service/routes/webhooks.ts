/**
 * GET/POST /webhooks and DELETE /webhooks/{id}. The signing secret is returned once, at creation. Endpoints
 * created by an `automation:events:read` key receive the reduced payload.
 */
import crypto from 'node:crypto';
import { invalidRequest, notFound } from '../api-error';
import type { ApiContext } from '../context';
import { eventTypes } from '../events';
import { asRecord, readJson, type Reply } from '../http-io';
import { prefixedId } from '../ids';
import { checkKnownParams, pagination } from '../query';
import { listEnvelope, webhookResource, type WebhookRow } from '../resources';

export function listWebhooks(context: ApiContext): Promise<Reply> {
  checkKnownParams(context.url, ['limit', 'offset']);
  const { limit, offset } = pagination(context.url);
  const { db } = context.services;
  const total = (db.prepare('SELECT COUNT(*) AS total FROM webhooks WHERE account_id = ? AND deleted_at IS NULL').get(context.account.id) as { total: number }).total;
  const rows = db
    .prepare('SELECT * FROM webhooks WHERE account_id = ? AND deleted_at IS NULL ORDER BY created_at, rowid LIMIT ? OFFSET ?')
    .all(context.account.id, limit, offset) as WebhookRow[];
  return Promise.resolve({ status: 200, json: listEnvelope(rows.map(webhookResource), total, limit, offset, context.requestId) });
}

function httpsUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'url is not a valid URL.';
  }
  if (url.protocol !== 'https:') return 'url must use https; plain HTTP is refused.';
  if (url.username || url.password) return 'url must not contain credentials.';
  return null;
}

export async function createWebhook(context: ApiContext): Promise<Reply> {
  checkKnownParams(context.url, []);
  const body = asRecord(await readJson(context.request));
  for (const field of Object.keys(body)) {
    if (!['url', 'events', 'description'].includes(field)) throw invalidRequest('unknown_parameter', `Unknown field: ${field}.`);
  }
  if (typeof body.url !== 'string' || body.url.length === 0) throw invalidRequest('missing_parameter', 'url is required.');
  if (body.url.length > 2048) throw invalidRequest('invalid_parameter', 'url is too long.');
  const problem = httpsUrlProblem(body.url);
  if (problem) throw invalidRequest(problem.includes('https') ? 'https_required' : 'invalid_parameter', problem);
  let events: string[] = [...eventTypes];
  if (body.events !== undefined) {
    if (!Array.isArray(body.events) || body.events.length === 0 || !body.events.every((event) => typeof event === 'string')) {
      throw invalidRequest('invalid_parameter', 'events must be a non-empty array of event kinds.');
    }
    const unknown = (body.events).filter((event) => !(eventTypes as readonly string[]).includes(event));
    if (unknown.length > 0) throw invalidRequest('invalid_parameter', `Unknown event kind: ${unknown.join(', ')}.`);
    events = [...new Set(body.events)];
  }
  if (body.description !== undefined && (typeof body.description !== 'string' || body.description.length > 500)) {
    throw invalidRequest('invalid_parameter', 'description must be a string of at most 500 characters.');
  }
  const id = prefixedId('we');
  const secret = `whsec_${crypto.randomBytes(24).toString('hex')}`;
  const payload = context.scopes.includes('automation:events:read') ? 'reduced' : 'standard';
  const createdAt = new Date(context.services.clock.now()).toISOString();
  context.services.db
    .prepare('INSERT INTO webhooks (id, account_id, url, events, description, secret, payload, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
    .run(id, context.account.id, body.url, JSON.stringify(events), typeof body.description === 'string' ? body.description : null, secret, payload, createdAt);
  const row = context.services.db.prepare('SELECT * FROM webhooks WHERE id = ?').get(id) as WebhookRow;
  return { status: 201, json: { data: { ...webhookResource(row), secret }, request_id: context.requestId } };
}

export function deleteWebhook(context: ApiContext): Promise<Reply> {
  checkKnownParams(context.url, []);
  const id = context.params.id ?? '';
  const { db, clock } = context.services;
  const row = db.prepare('SELECT id FROM webhooks WHERE id = ? AND account_id = ? AND deleted_at IS NULL').get(id, context.account.id);
  if (!row) throw notFound('No such webhook endpoint.');
  db.prepare('UPDATE webhooks SET deleted_at = ? WHERE id = ?').run(new Date(clock.now()).toISOString(), id);
  db.prepare('DELETE FROM delivery_queue WHERE endpoint_id = ?').run(id);
  return Promise.resolve({ status: 200, json: { data: { id, object: 'webhook_endpoint', deleted: true }, request_id: context.requestId } });
}
