// Spec section "Endpoints → Fax endpoints" (POST /faxes, GET /faxes, GET /faxes/{id}, GET /faxes/{id}/pdf).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusDir, corpusPdf } from '../helpers/corpus';
import {
  expectErrorEnvelope,
  jpegHeader,
  makeDocx,
  makeTiff,
  makeZip,
  onePagePdf,
  startTestSandbox,
  tinyPng,
  type FaxJson,
  type ListJson,
  type Part,
  type TestSandbox,
} from './testkit';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(async () => t.close());

const file = (content: Buffer, filename = 'doc.pdf'): Part => ({ name: 'files', filename, content });
const to = (value: string): Part => ({ name: 'to', value });

describe('POST /faxes', () => {
  it('[F1][F6] accepts multipart with repeated `to`; 202 single envelope with id, reference, object, status, to, pages', async () => {
    const { key } = await t.fullAccess();
    const response = await t.send(key, [to('+14155550100'), to('+442079460958'), file(corpusPdf('calgray.pdf'))]);
    expect(response.status).toBe(202);
    const { data } = response.json as { data: FaxJson };
    expect(data).toMatchObject({ object: 'fax', status: 'queued', to: '+14155550100', pages: 3 });
    expect(Number.isInteger(data.id)).toBe(true);
    expect(typeof data.reference).toBe('string');
    expect(data.recipients.map((recipient) => recipient.to)).toEqual(['+14155550100', '+442079460958']);
  });

  it('[F2] to_name is matched to `to` by position', async () => {
    const { key } = await t.fullAccess();
    const response = await t.send(key, [
      to('+14155550100'),
      { name: 'to_name', value: 'Dr. First' },
      to('+14155550101'),
      { name: 'to_name', value: 'Dr. Second' },
      file(onePagePdf),
    ]);
    const { data } = response.json as { data: FaxJson };
    expect(data.recipients.map((recipient) => [recipient.to, recipient.name])).toEqual([
      ['+14155550100', 'Dr. First'],
      ['+14155550101', 'Dr. Second'],
    ]);
  });

  it('[F3] subject, notes and a cover_id of the caller\'s account are accepted; the cover adds a page', async () => {
    const { accountId, key } = await t.fullAccess();
    const { json: cover } = await t.control<{ id: string }>('POST', `/accounts/${accountId}/covers`, { name: 'Clinic cover' });
    const response = await t.send(key, [to('+14155550100'), { name: 'subject', value: 'Referral' }, { name: 'notes', value: 'Please call' }, { name: 'cover_id', value: cover.id }, file(onePagePdf)]);
    expect(response.status).toBe(202);
    expect((response.json as { data: FaxJson & { subject: string } }).data).toMatchObject({ pages: 2, subject: 'Referral' });
  });

  it('[F3][A8] a cover_id of another account is not found', async () => {
    const other = await t.fullAccess();
    const { json: cover } = await t.control<{ id: string }>('POST', `/accounts/${other.accountId}/covers`, { name: 'Theirs' });
    const { key } = await t.fullAccess();
    const response = await t.send(key, [to('+14155550100'), { name: 'cover_id', value: cover.id }]);
    expect(response.status).toBe(404);
    expect(expectErrorEnvelope(response).error.type).toBe('not_found');
  });

  it('[F5] a cover sheet alone (cover_id, no file) is a valid fax of 1 page', async () => {
    const { accountId, key } = await t.fullAccess();
    const { json: cover } = await t.control<{ id: string }>('POST', `/accounts/${accountId}/covers`, { name: 'Alone' });
    const response = await t.send(key, [to('+14155550100'), { name: 'cover_id', value: cover.id }]);
    expect(response.status).toBe(202);
    expect((response.json as { data: FaxJson }).data.pages).toBe(1);
  });

  it('[F5] neither file nor cover_id → 400 invalid_request', async () => {
    const { key } = await t.fullAccess();
    const response = await t.send(key, [to('+14155550100'), { name: 'subject', value: 'nothing attached' }]);
    expect(response.status).toBe(400);
    expect(expectErrorEnvelope(response).error).toMatchObject({ type: 'invalid_request', code: 'missing_document' });
  });

  it('[F4] PDF, DOCX, JPG, PNG and TIFF are recognised by content, whatever their names; pages are counted', async () => {
    const { key } = await t.fullAccess();
    const response = await t.send(key, [
      to('+14155550100'),
      file(corpusPdf('hello_world_rotated.pdf'), 'looks-like.txt'),
      file(makeDocx({ pages: 4 }), 'report.pdf'),
      file(jpegHeader, 'photo.png'),
      file(tinyPng, 'image.jpg'),
      file(makeTiff(3), 'scan.doc'),
    ]);
    expect(response.status).toBe(202);
    expect((response.json as { data: FaxJson }).data.pages).toBe(5 + 4 + 1 + 1 + 3);
  });

  it('[F4] a file of another type is refused even with a .pdf name (a ZIP that is not a Word document, plain text)', async () => {
    const { key } = await t.fullAccess();
    for (const content of [makeZip({ 'a.txt': 'hello' }), Buffer.from('just text, not a PDF')]) {
      const response = await t.send(key, [to('+14155550100'), file(content, 'disguised.pdf')]);
      expect(response.status).toBe(400);
      expect(expectErrorEnvelope(response).error.code).toBe('unsupported_file_type');
    }
  });

  it('[F4] page counts of the real-world corpus match the reference implementation (poppler) for every file', async () => {
    const { key } = await t.fullAccess();
    const manifest = fs
      .readFileSync(path.join(corpusDir, '..', 'pdfs-manifest.csv'), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#') && !line.startsWith('file,'))
      .map((line) => line.split(','));
    expect(manifest.length).toBeGreaterThanOrEqual(40);
    for (const [name, , pages] of manifest) {
      const response = await t.send(key, [to('+14155550100'), file(corpusPdf(name ?? ''), name)]);
      expect(response.status, name).toBe(202);
      expect((response.json as { data: FaxJson }).data.pages, name).toBe(Number(pages));
    }
  });

  it('[F1] the 21st recipient is refused; 20 are accepted', async () => {
    const { key } = await t.fullAccess();
    const numbers = Array.from({ length: 21 }, (_, index) => to(`+1415555${String(1000 + index)}`));
    const tooMany = await t.send(key, [...numbers, file(onePagePdf)]);
    expect(tooMany.status).toBe(400);
    expect(expectErrorEnvelope(tooMany).error.code).toBe('too_many_recipients');
    expect((await t.send(key, [...numbers.slice(0, 20), file(onePagePdf)])).status).toBe(202);
  });

  it('[F1] `to` must be E.164', async () => {
    const { key } = await t.fullAccess();
    for (const bad of ['4155550100', '+0123456789', '+1 415 555 0100', '+1415555010012345', 'fax:+14155550100', '']) {
      const response = await t.send(key, [to(bad), file(onePagePdf)]);
      expect(response.status, bad).toBe(400);
      expect(['invalid_number', 'missing_recipient']).toContain(expectErrorEnvelope(response).error.code);
    }
  });
});

describe('GET /faxes', () => {
  let key: string;
  let accountId: string;
  beforeAll(async () => {
    ({ key, accountId } = await t.fullAccess());
    // 3 outbound + 2 inbound at known times, two of them sharing one created_at.
    await t.control('POST', `/accounts/${accountId}/faxes`, { direction: 'outbound', count: 3, newest_at: '2026-03-01T10:00:00Z', spacing_seconds: 60 });
    await t.control('POST', `/accounts/${accountId}/inbound`, { created_at: '2026-03-01T10:05:00Z' });
    await t.control('POST', `/accounts/${accountId}/inbound`, { created_at: '2026-03-01T10:05:00Z' });
  });

  const list = async (query: string) => ((await t.api(key, 'GET', `/faxes${query}`)).json as ListJson<FaxJson>).data;

  it('[F8] orders by created_at descending, then id descending', async () => {
    const { data } = await list('?limit=100');
    const keys = data.map((fax) => [fax.created_at, fax.id] as const);
    const sorted = [...keys].sort((a, b) => (a[0] === b[0] ? b[1] - a[1] : a[0] < b[0] ? 1 : -1));
    expect(keys).toEqual(sorted);
    expect(data[0]?.created_at).toBe(data[1]?.created_at);
    expect((data[0]?.id ?? 0) > (data[1]?.id ?? 0)).toBe(true);
  });

  it('[F8] paging is stable: pages of 2 concatenate to the full list with no gap or repeat', async () => {
    const full = (await list('?limit=100')).data.map((fax) => fax.id);
    const paged: number[] = [];
    for (let offset = 0; offset < full.length; offset += 2) paged.push(...(await list(`?limit=2&offset=${offset}`)).data.map((fax) => fax.id));
    expect(paged).toEqual(full);
    const page = await list('?limit=2&offset=0');
    expect(page).toMatchObject({ total: 5, limit: 2, offset: 0, has_more: true });
    expect(await list('?limit=2&offset=4')).toMatchObject({ has_more: false });
  });

  it('[F7] limit is at most 100', async () => {
    expect((await t.api(key, 'GET', '/faxes?limit=100')).status).toBe(200);
    const response = await t.api(key, 'GET', '/faxes?limit=101');
    expect(response.status).toBe(400);
    expect(expectErrorEnvelope(response).error.type).toBe('invalid_request');
  });

  it('[F7] filters by direction and status', async () => {
    expect((await list('?direction=inbound')).data.every((fax) => fax.direction === 'inbound')).toBe(true);
    expect((await list('?direction=inbound')).total).toBe(2);
    expect((await list('?direction=outbound&status=delivered')).total).toBe(3);
    expect((await t.api(key, 'GET', '/faxes?direction=sideways')).status).toBe(400);
  });

  it('[F7][F9] created_after and created_before are exclusive bounds', async () => {
    expect((await list('?created_after=2026-03-01T10:05:00Z')).total).toBe(0);
    expect((await list('?created_after=2026-03-01T10:04:59Z')).total).toBe(2);
    expect((await list('?created_before=2026-03-01T09:58:00Z')).total).toBe(0);
    expect((await list('?created_before=2026-03-01T09:58:01Z')).total).toBe(1);
    expect((await list('?created_after=2026-03-01T09:58:00Z&created_before=2026-03-01T10:00:00Z')).total).toBe(1);
    expect((await t.api(key, 'GET', '/faxes?created_after=yesterday')).status).toBe(400);
  });

  it('[F9] incremental sync: created_after = newest held returns only newer faxes', async () => {
    const newest = (await list('?limit=1')).data[0]?.created_at ?? '';
    expect((await list(`?created_after=${encodeURIComponent(newest)}`)).total).toBe(0);
    await t.control('POST', `/accounts/${accountId}/inbound`, { created_at: '2026-03-01T10:06:00Z' });
    const fresh = await list(`?created_after=${encodeURIComponent(newest)}`);
    expect(fresh.total).toBe(1);
    expect(fresh.data[0]?.created_at).toBe('2026-03-01T10:06:00Z');
  });
});

describe('GET /faxes/{id} and /faxes/{id}/pdf', () => {
  it('[F10] returns one fax with each recipient\'s status and error', async () => {
    const { key } = await t.fullAccess();
    const sent = (await t.send(key, [to('+14155550100'), to('+14155550408'), file(onePagePdf)])).json as { data: FaxJson };
    await t.advance(60);
    const { data } = (await t.api(key, 'GET', `/faxes/${sent.data.id}`)).json as { data: FaxJson };
    expect(data.recipients).toEqual([expect.objectContaining({ status: 'delivered', error: null }), expect.objectContaining({ status: 'failed', error: 'no_answer' })]);
  });

  it('[F10][A8] a fax that does not exist, or belongs to another account, is 404 not_found — the same answer', async () => {
    const owner = await t.fullAccess();
    const stranger = await t.fullAccess();
    const sent = (await t.send(owner.key, [to('+14155550100'), file(onePagePdf)])).json as { data: FaxJson };
    for (const path of [`/faxes/${sent.data.id}`, `/faxes/${sent.data.id}/pdf`, '/faxes/99999999', '/faxes/abc']) {
      const response = await t.api(stranger.key, 'GET', path);
      expect(response.status, path).toBe(404);
      expect(expectErrorEnvelope(response).error.type).toBe('not_found');
    }
  });

  it('[F11] the PDF is application/pdf and holds the sent pages (cover + files)', async () => {
    const { accountId, key } = await t.fullAccess();
    const { json: cover } = await t.control<{ id: string }>('POST', `/accounts/${accountId}/covers`, { name: 'Cover' });
    const sent = (await t.send(key, [to('+14155550100'), { name: 'cover_id', value: cover.id }, file(corpusPdf('calgray.pdf')), file(tinyPng, 'p.png')])).json as { data: FaxJson };
    expect(sent.data.pages).toBe(5);
    const pdf = await t.api(key, 'GET', `/faxes/${sent.data.id}/pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { PDFDocument } = await import('pdf-lib');
    expect((await PDFDocument.load(pdf.body)).getPageCount()).toBe(5);
  });
});
