// Encrypted at rest: after a session that synced, received, sent, previewed and drafted, every file the app wrote
// under its data folder is read raw — no fax number, subject, sender name, API key or PDF header appears.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StageResult, SubmissionView } from '../../preload/models';
import { connectedCore, type ConnectedCore } from '../helpers/connected-core';
import { corpusDir } from '../helpers/corpus';
import { waitUntil } from '../helpers/wait';
import { startTestSandbox, type TestSandbox } from '../fax-service/testkit';

let t: TestSandbox;
let app: ConnectedCore;
const subject = 'Confidential biopsy results';
const senderName = 'Riverside Oncology';
const numbers = ['+14155550142', '+442079460958', '+14155550486', '+14155557777'];

beforeAll(async () => {
  t = await startTestSandbox();
  app = await connectedCore(t);
  await t.control('POST', `/accounts/${app.accountId}/contacts`, { name: 'Dr. Alice Moreno', fax_number: numbers[3] });
  const inbound = await t.control<{ fax_id: number }>('POST', `/accounts/${app.accountId}/inbound`, { pages: 2, from: numbers[1], sender_name: senderName });
  await app.call('syncNow');
  await app.call('openFaxPdf', { id: String(inbound.json.fax_id) });
  const staged = (await app.call('stageFiles', { paths: [path.join(corpusDir, 'calgray.pdf'), path.join(corpusDir, 'rotation.pdf')] })) as { ok: true; value: StageResult };
  const fileIds = staged.value.staged.map((file) => file.id);
  const sent = (await app.call('sendFax', { recipients: [{ number: numbers[0], name: 'Dr. Lee' }, { number: numbers[2] }], subject, notes: 'Call me', fileIds: [fileIds[0]] })) as {
    ok: true;
    value: SubmissionView;
  };
  await waitUntil(async () => ((await app.call('listOutbox')) as { ok: true; value: SubmissionView[] }).value.find((item) => item.id === sent.value.id)?.state, (state) => state === 'accepted');
  await t.advance(60);
  await app.call('syncNow');
  await app.call('listContacts', { offset: 0, limit: 10 });
  await app.call('saveDraft', { id: 'draft-at-rest', recipients: [{ number: numbers[3], name: 'Dr. Alice Moreno' }], subject, notes: '', coverId: '', files: staged.value.staged.slice(1), updatedAt: Date.now() });
  const services = await app.core.services();
  services.cache.flush();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

function everyFile(dir: string, skip: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (full === skip) return [];
    return entry.isDirectory() ? everyFile(full, skip) : [full];
  });
}

describe('data at rest', () => {
  it('the session wrote a cache, a WAL, cached PDFs, the outbox journal and copies, staged files, a draft and logs', () => {
    const files = everyFile(app.dataDir, app.settings.get().downloadFolder).map((file) => path.relative(app.dataDir, file));
    for (const expected of [/^cache\.db$/, /^pdfs\/\d+\.sealed$/, /^outbox\/[^/]+\/submission\.sealed$/, /^outbox\/[^/]+\/file-0\.sealed$/, /^staging\/[a-f0-9]+\.sealed$/, /^draft\.sealed$/, /^logs\/main\.log$/, /^settings\.json$/]) {
      expect(files.some((file) => expected.test(file)), String(expected)).toBe(true);
    }
  });

  it('no file under the data folder holds a fax number, the subject, a sender name, the API key or a PDF header', () => {
    const needles = [...numbers, ...numbers.map((number) => number.slice(1)), subject, senderName, 'Dr. Alice Moreno', app.key, '%PDF'];
    const findings: string[] = [];
    for (const file of everyFile(app.dataDir, app.settings.get().downloadFolder)) {
      const raw = fs.readFileSync(file).toString('latin1');
      const utf16 = fs.readFileSync(file).toString('utf16le');
      for (const needle of needles) if (raw.includes(needle) || utf16.includes(needle)) findings.push(`${path.relative(app.dataDir, file)} contains ${needle === app.key ? 'the API key' : needle}`);
    }
    expect(findings).toEqual([]);
  });
});
