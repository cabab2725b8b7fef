/** GET /faxes (filters, paging, stable order), GET /faxes/{id}, GET /faxes/{id}/pdf. */
import fs from 'node:fs';
import path from 'node:path';
import { invalidRequest, notFound } from '../api-error';
import type { ApiContext } from '../context';
import { renderFaxPdf, renderInboundPdf, type StoredDocument } from '../documents';
import type { Reply } from '../http-io';
import { checkKnownParams, pagination, single, timestampParam } from '../query';
import { faxResource, listEnvelope, type FaxRow, type RecipientRow } from '../resources';

export const filterableStatuses = ['queued', 'converting', 'sending', 'delivered', 'failed', 'partial', 'received'];

export function loadFax(context: ApiContext): { fax: FaxRow; recipients: RecipientRow[] } {
  const row = context.services.ids.rowOf(context.params.id ?? '');
  if (row === null) throw notFound('No such fax.');
  const fax = context.services.db.prepare('SELECT * FROM faxes WHERE id = ? AND account_id = ?').get(row, context.account.id) as FaxRow | undefined;
  if (!fax) throw notFound('No such fax.');
  const recipients = context.services.db.prepare('SELECT * FROM recipients WHERE fax_id = ? ORDER BY position').all(fax.id) as RecipientRow[];
  return { fax, recipients };
}

export function listFaxes(context: ApiContext): Promise<Reply> {
  const { url } = context;
  checkKnownParams(url, ['limit', 'offset', 'direction', 'status', 'created_after', 'created_before']);
  const { limit, offset } = pagination(url);
  const where = ['account_id = ?'];
  const args: Array<string | number> = [context.account.id];
  const direction = single(url, 'direction');
  if (direction !== null) {
    if (direction !== 'inbound' && direction !== 'outbound') throw invalidRequest('invalid_parameter', 'direction must be inbound or outbound.');
    where.push('direction = ?');
    args.push(direction);
  }
  const status = single(url, 'status');
  if (status !== null) {
    if (!filterableStatuses.includes(status)) throw invalidRequest('invalid_parameter', `status must be one of ${filterableStatuses.join(', ')}.`);
    where.push('status = ?');
    args.push(status);
  }
  // Both bounds are exclusive; created_at has second precision.
  const after = timestampParam(url, 'created_after');
  if (after !== null) {
    where.push('created_s > ?');
    args.push(Math.floor(after / 1000));
  }
  const before = timestampParam(url, 'created_before');
  if (before !== null) {
    where.push('created_s < ?');
    args.push(Math.ceil(before / 1000));
  }
  const { db } = context.services;
  const clause = where.join(' AND ');
  const total = (db.prepare(`SELECT COUNT(*) AS total FROM faxes WHERE ${clause}`).get(...args) as { total: number }).total;
  const rows = db.prepare(`SELECT * FROM faxes WHERE ${clause} ORDER BY created_s DESC, id DESC LIMIT ? OFFSET ?`).all(...args, limit, offset) as FaxRow[];
  const recipientsOf = db.prepare('SELECT * FROM recipients WHERE fax_id = ? ORDER BY position');
  const items = rows.map((row) => faxResource(row, recipientsOf.all(row.id) as RecipientRow[], context.services.ids));
  return Promise.resolve({ status: 200, json: listEnvelope(items, total, limit, offset, context.requestId) });
}

export function getFax(context: ApiContext): Promise<Reply> {
  checkKnownParams(context.url, []);
  const { fax, recipients } = loadFax(context);
  return Promise.resolve({ status: 200, json: { data: faxResource(fax, recipients, context.services.ids), request_id: context.requestId } });
}

export async function getFaxPdf(context: ApiContext): Promise<Reply> {
  checkKnownParams(context.url, []);
  const { fax } = loadFax(context);
  const pdfDir = path.join(context.services.dataDir, 'pdfs');
  const target = path.join(pdfDir, `${fax.id}.pdf`);
  if (!fs.existsSync(target)) {
    let bytes: Uint8Array;
    if (fax.direction === 'inbound') {
      bytes = await renderInboundPdf(fax.pages, fax.sender_name ?? 'Unknown sender');
    } else {
      const cover = fax.cover_id
        ? (context.services.db.prepare('SELECT name FROM covers WHERE id = ?').get(fax.cover_id) as { name: string } | undefined)
        : undefined;
      bytes = await renderFaxPdf({
        cover: cover ? { subject: fax.subject, notes: fax.notes, coverName: cover.name } : null,
        documents: JSON.parse(fax.files) as StoredDocument[],
      });
    }
    fs.mkdirSync(pdfDir, { recursive: true });
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    fs.writeFileSync(temporary, bytes);
    fs.renameSync(temporary, target);
  }
  return { status: 200, file: target, contentType: 'application/pdf', headers: { 'Content-Disposition': `inline; filename="fax-${fax.id}.pdf"` } };
}
