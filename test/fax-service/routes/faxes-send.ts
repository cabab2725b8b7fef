/**
 * POST /faxes: a streamed multipart upload, validated against every rule of the spec, idempotent by
 * Idempotency-Key, counted against the page allowance, and handed to the carrier.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ApiError, idempotencyKeyReused, invalidRequest, notFound, quota, requestInProgress } from '../api-error';
import type { ApiContext } from '../context';
import { countPages, maxFileBytes, sniffType, type StoredDocument } from '../documents';
import { drain, type Reply } from '../http-io';
import type { Claim, IdempotencyStore } from '../idempotency';
import { parseMultipart, removeUploads, type ParsedForm } from '../multipart';
import { checkKnownParams } from '../query';
import { faxResource, isPaused, type FaxRow, type RecipientRow } from '../resources';
import { parseKeepingDigits } from '../public-ids';

export const maxRecipients = 20;
export const maxFiles = 20;
export const costCentsPerPage = 7;
const e164 = /^\+[1-9]\d{7,14}$/;
const allowedFields = ['to', 'to_name', 'subject', 'notes', 'cover_id'];
const fileFields = ['files', 'files[]'];

interface Submission {
  recipients: Array<{ to: string; name: string | null }>;
  subject: string | null;
  notes: string | null;
  coverId: string | null;
  documents: Array<StoredDocument & { sha256: string }>;
  pages: number;
}

function fingerprintOf(form: ParsedForm): string {
  const hash = crypto.createHash('sha256');
  for (const [name, value] of form.fields) hash.update(`f\0${name}\0${value}\0`);
  for (const file of form.files) hash.update(`F\0${file.field}\0${file.filename}\0${file.sha256}\0${file.size}\0`);
  return hash.digest('hex');
}

function onlyOnce(form: ParsedForm, name: string): string | null {
  const values = form.fields.filter(([field]) => field === name).map(([, value]) => value);
  if (values.length > 1) throw invalidRequest('invalid_parameter', `${name} may be given once.`);
  return values[0] ?? null;
}

async function validate(form: ParsedForm, context: ApiContext): Promise<Submission> {
  for (const [name] of form.fields) {
    if (!allowedFields.includes(name)) throw invalidRequest('unknown_parameter', `Unknown field: ${name}.`);
  }
  for (const file of form.files) {
    if (!fileFields.includes(file.field)) throw invalidRequest('unknown_parameter', `Unknown file field: ${file.field}. Send documents as "files".`);
  }
  if (form.truncatedField !== null) throw invalidRequest('field_too_long', `The field ${form.truncatedField} is too long.`);

  const numbers = form.fields.filter(([name]) => name === 'to').map(([, value]) => value.trim());
  const names = form.fields.filter(([name]) => name === 'to_name').map(([, value]) => value);
  if (numbers.length === 0) throw invalidRequest('missing_recipient', 'At least one recipient (to) is required.');
  if (numbers.length > maxRecipients) throw invalidRequest('too_many_recipients', `A fax can go to at most ${maxRecipients} recipients.`);
  numbers.forEach((number, index) => {
    if (!e164.test(number)) throw invalidRequest('invalid_number', `Recipient ${index + 1} is not an E.164 fax number (+ followed by 8 to 15 digits).`);
  });
  if (new Set(numbers).size !== numbers.length) throw invalidRequest('duplicate_recipient', 'The same recipient is listed twice.');
  if (names.length > numbers.length) throw invalidRequest('invalid_parameter', 'There are more to_name values than recipients.');

  const subject = onlyOnce(form, 'subject');
  const notes = onlyOnce(form, 'notes');
  const coverId = onlyOnce(form, 'cover_id');
  if (subject !== null && subject.length > 200) throw invalidRequest('field_too_long', 'subject is limited to 200 characters.');
  if (notes !== null && notes.length > 2000) throw invalidRequest('field_too_long', 'notes is limited to 2000 characters.');

  if (form.tooManyFiles) throw invalidRequest('too_many_files', `A fax can carry at most ${maxFiles} files.`);
  if (form.files.length === 0 && (coverId === null || coverId === '')) {
    throw invalidRequest('missing_document', 'Attach at least one file, or give a cover_id to send a cover sheet alone.');
  }
  const documents: Submission['documents'] = [];
  for (const [index, file] of form.files.entries()) {
    if (file.tooLarge) throw invalidRequest('file_too_large', `File ${index + 1} is larger than 25 MB.`);
    if (file.size === 0) throw invalidRequest('empty_file', `File ${index + 1} is empty.`);
    const type = sniffType(file.head, file.path);
    if (!type) throw invalidRequest('unsupported_file_type', `File ${index + 1} is not a PDF, DOCX, JPG, PNG or TIFF (checked by content, not by name).`);
    const pages = await countPages(type, file.path);
    if (pages < 1) throw invalidRequest('unreadable_file', `File ${index + 1} could not be read: no pages were found.`);
    documents.push({ path: file.path, type, pages, sha256: file.sha256 });
  }
  if (coverId !== null) {
    const cover = context.services.db.prepare('SELECT id FROM covers WHERE id = ? AND account_id = ?').get(coverId, context.account.id);
    if (!cover) throw notFound('No such cover sheet.');
  }
  const pages = documents.reduce((sum, document) => sum + document.pages, 0) + (coverId !== null ? 1 : 0);
  return {
    recipients: numbers.map((to, index) => ({ to, name: names[index] ?? null })),
    subject,
    notes,
    coverId,
    documents,
    pages,
  };
}

function checkQuota(account: ApiContext['account'], needed: number): void {
  if (isPaused(account)) throw quota('account_paused', 'Sending is paused on this account (usage reached 110 % of the page limit). Top up to resume.');
  if (account.pages_used + needed > account.page_limit) {
    throw quota('page_limit_reached', `This fax needs ${needed} pages; ${Math.max(0, account.page_limit - account.pages_used)} remain in the allowance.`);
  }
}

function createFax(context: ApiContext, submission: Submission): { fax: FaxRow; recipients: RecipientRow[] } {
  const { db, clock, dataDir } = context.services;
  const needed = submission.pages * submission.recipients.length;
  // Checked before any file moves; nothing can run between this check and the insert below (one tick).
  checkQuota(db.prepare('SELECT * FROM accounts WHERE id = ?').get(context.account.id) as ApiContext['account'], needed);
  const filesDir = path.join(dataDir, 'files');
  fs.mkdirSync(filesDir, { recursive: true });
  const stored = submission.documents.map((document) => {
    const target = path.join(filesDir, document.sha256);
    if (fs.existsSync(target)) fs.rmSync(document.path, { force: true });
    else fs.renameSync(document.path, target);
    return { path: target, type: document.type, pages: document.pages };
  });
  const now = clock.now();
  const fromNumber = (db.prepare('SELECT number FROM numbers WHERE account_id = ? ORDER BY created_at, rowid LIMIT 1').get(context.account.id) as
    | { number: string }
    | undefined)?.number ?? null;
  const insert = db.transaction(() => {
    const account = db.prepare('SELECT * FROM accounts WHERE id = ?').get(context.account.id) as ApiContext['account'];
    checkQuota(account, needed);
    const result = db
      .prepare(
        `INSERT INTO faxes (account_id, reference, direction, status, pages, created_s, accepted_ms, subject, notes, cover_id, sender_name,
           from_number, to_number, cost_cents, has_docx, files, updated_ms)
         VALUES (?, '', 'outbound', 'queued', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        context.account.id,
        submission.pages,
        Math.floor(now / 1000),
        now,
        submission.subject,
        submission.notes,
        submission.coverId,
        account.name,
        fromNumber,
        submission.recipients[0]?.to ?? '',
        needed * costCentsPerPage,
        submission.documents.some((document) => document.type === 'docx') ? 1 : 0,
        JSON.stringify(stored),
        now,
      );
    const id = Number(result.lastInsertRowid);
    db.prepare('UPDATE faxes SET reference = ? WHERE id = ?').run(`FX-${String(id).padStart(8, '0')}`, id);
    const addRecipient = db.prepare("INSERT INTO recipients (fax_id, position, to_number, name, status, error) VALUES (?, ?, ?, ?, 'queued', NULL)");
    submission.recipients.forEach((recipient, position) => addRecipient.run(id, position, recipient.to, recipient.name));
    db.prepare('UPDATE accounts SET pages_used = pages_used + ? WHERE id = ?').run(needed, context.account.id);
    return id;
  });
  const id = insert();
  const fax = db.prepare('SELECT * FROM faxes WHERE id = ?').get(id) as FaxRow;
  const recipients = db.prepare('SELECT * FROM recipients WHERE fax_id = ? ORDER BY position').all(id) as RecipientRow[];
  return { fax, recipients };
}

function idempotencyKeyOf(context: ApiContext): string | null {
  const header = context.request.headers['idempotency-key'];
  if (header === undefined) return null;
  if (Array.isArray(header) || header.length === 0 || header.length > 255 || !/^[\x21-\x7e]+$/.test(header)) {
    throw invalidRequest('invalid_idempotency_key', 'Idempotency-Key must be 1 to 255 visible ASCII characters (a UUID is ideal).');
  }
  return header;
}

export async function sendFax(context: ApiContext, idempotency: IdempotencyStore): Promise<Reply> {
  const { request, account } = context;
  try {
    checkKnownParams(context.url, []);
    if (!/^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '')) {
      throw invalidRequest('invalid_content_type', 'Send the fax as multipart/form-data.');
    }
  } catch (error) {
    drain(request);
    throw error;
  }
  let key: string | null;
  try {
    key = idempotencyKeyOf(context);
  } catch (error) {
    drain(request);
    throw error;
  }
  let claim: Claim | null = null;
  if (key !== null) {
    claim = idempotency.claim(account.id, key);
    if (claim.kind === 'in_progress') {
      drain(request);
      throw requestInProgress();
    }
  }
  const releaseClaim = () => {
    if (key !== null && claim?.kind === 'reserved') idempotency.release(account.id, key);
  };
  let form: ParsedForm;
  try {
    form = await parseMultipart(request, { tempDir: path.join(context.services.dataDir, 'uploads'), maxFileBytes, maxFiles });
  } catch {
    releaseClaim();
    throw invalidRequest('malformed_multipart', 'The multipart body could not be read (malformed, or the upload was interrupted).');
  }
  try {
    if (claim?.kind === 'completed') {
      removeUploads(form.files);
      if (claim.record.fingerprint !== fingerprintOf(form)) throw idempotencyKeyReused();
      return { status: claim.record.status, json: parseKeepingDigits(claim.record.body), headers: { 'Idempotent-Replay': 'true' } };
    }
    const submission = await validate(form, context);
    const { fax, recipients } = createFax(context, submission);
    const body = { data: faxResource(fax, recipients, context.services.ids), request_id: context.requestId };
    if (key !== null) idempotency.complete(account.id, key, { fingerprint: fingerprintOf(form), status: 202, body: JSON.stringify(body), faxId: fax.id });
    return { status: 202, json: body };
  } catch (error) {
    removeUploads(form.files);
    releaseClaim();
    throw error instanceof ApiError ? error : invalidRequest('invalid_request', 'The fax could not be accepted.');
  }
}
