// The outbox against the sandbox: journaled, exactly-once sends; holds; schedules; resend; forward; reconciliation.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StageResult, SubmissionView } from '../../preload/models';
import type { ConnectedCore } from '../helpers/connected-core';
import { useSandbox } from '../helpers/sandbox-fixture';
import { value, type Reply } from '../helpers/ipc-value';
import { corpusDir } from '../helpers/corpus';
import { waitUntil } from '../helpers/wait';
import { chooseMainLanguage } from '../../main/i18n/main-locale';
import { realTimers, type Timers } from '../../main/runtime/timers';
import type { FaxJson, ListJson } from '../fax-service/testkit';

const fixture = useSandbox();

async function stage(app: ConnectedCore, ...names: string[]): Promise<string[]> {
  const result = value<StageResult>(await app.call('stageFiles', { paths: names.map((name) => path.join(corpusDir, name)) }));
  expect(result.rejected).toEqual([]);
  return result.staged.map((file) => file.id);
}

async function serverFaxes(app: ConnectedCore): Promise<FaxJson[]> {
  return ((await fixture.t.api(app.key, 'GET', '/faxes?direction=outbound&limit=100')).json as ListJson<FaxJson>).data.data;
}

async function settled(app: ConnectedCore, id: string, states: string[] = ['accepted']): Promise<SubmissionView> {
  return waitUntil(
    async () => value<SubmissionView[]>(await app.call('listOutbox')).find((item) => item.id === id),
    (item) => item !== undefined && states.includes(item.state),
    { what: `submission ${states.join('/')}` },
  ) as Promise<SubmissionView>;
}

/** Real timers that note every delay they are set for, so a test can read what the app scheduled. */
function recordingTimers(): { timers: Timers; delays: number[] } {
  const delays: number[] = [];
  const timers: Timers = {
    set: (callback, milliseconds) => {
      delays.push(milliseconds);
      return realTimers.set(callback, milliseconds);
    },
    clear: (handle) => realTimers.clear(handle),
  };
  return { timers, delays };
}

describe('outbox', () => {
  it('sends a staged draft exactly once, records it in the cache and the audit log, and clears the draft', async () => {
    const app = await fixture.connect();
    const fileIds = await stage(app, 'calgray.pdf', 'rotation.pdf');
    await app.call('saveDraft', { id: 'draft-referral', recipients: [{ number: '+14155550100', name: 'Dr. Lee' }], subject: 'Referral', notes: '', coverId: '', files: [], updatedAt: Date.now() });
    const submitted = value<SubmissionView>(await app.call('sendFax', { recipients: [{ number: '+1 (415) 555-0100', name: 'Dr. Lee' }], subject: 'Referral', fileIds }));
    expect(submitted).toMatchObject({ pages: 5, fileCount: 2, recipients: [{ number: '+14155550100', name: 'Dr. Lee' }] });
    const done = await settled(app, submitted.id);
    const faxes = await serverFaxes(app);
    expect(faxes).toHaveLength(1);
    expect({ ...faxes[0], id: String(faxes[0]?.id) }).toMatchObject({ id: done.faxId, pages: 5 });
    expect(value(await app.call('getDraft'))).toBeNull();
    const services = await app.core.services();
    expect(services.cache.faxes.detail(done.faxId ?? '')).toMatchObject({ submissionId: submitted.id, subject: 'Referral' });
    expect(services.cache.audit.entries().map((entry) => entry.action)).toContain('send');
    expect(app.events.some((event) => event.name === 'uploadProgress')).toBe(true);
  });

  it('each limit is checked before anything is journaled, with a specific message', async () => {
    const app = await fixture.connect();
    const [file] = await stage(app, 'empty.pdf');
    const cases: Array<[unknown, RegExp]> = [
      [{ recipients: [], fileIds: [file] }, /Add at least one recipient/],
      [{ recipients: [{ number: '4155550100' }], fileIds: [file] }, /Recipient 1: Add the country code/],
      [{ recipients: Array.from({ length: 21 }, (_, index) => ({ number: `+1415555${1000 + index}` })), fileIds: [file] }, /at most 20 recipients; this one has 21/],
      [{ recipients: [{ number: '+14155550100' }], fileIds: [] }, /Nothing to send/],
    ];
    for (const [request, message] of cases) {
      const reply = (await app.call('sendFax', request)) as Reply<unknown>;
      expect(reply.ok).toBe(false);
      if (!reply.ok) expect(reply.error.message).toMatch(message);
    }
    expect(value<SubmissionView[]>(await app.call('listOutbox'))).toEqual([]);
  });

  it('402: held with the quota reason and never retried by itself; after a top-up, "retry" sends it once', async () => {
    const app = await fixture.connect({ account: { page_limit: 2, pages_used: 2 } });
    const fileIds = await stage(app, 'empty.pdf');
    const submitted = value<SubmissionView>(await app.call('sendFax', { recipients: [{ number: '+14155550100' }], fileIds }));
    const held = await settled(app, submitted.id, ['held']);
    expect(held.error).toMatchObject({ kind: 'quota', code: 'page_limit_reached' });
    // The journal keeps the reason by id: read in German, the same held fax explains itself in German.
    chooseMainLanguage('de');
    try {
      const german = value<SubmissionView[]>(await app.call('listOutbox'))[0];
      expect(german?.error?.message).toMatch(/Kontingent|Seiten/);
      expect(german?.error?.message).not.toBe(held.error?.message);
    } finally {
      chooseMainLanguage('system');
    }
    // Passes of the outbox (as its timer and every change start them) leave it held: only "retry" sends it again.
    const services = await app.core.services();
    await services.outbox.work();
    await services.outbox.work();
    expect(value<SubmissionView[]>(await app.call('listOutbox'))[0]).toMatchObject({ state: 'held', attempts: 1 });
    await fixture.t.control('PATCH', `/accounts/${app.accountId}`, { page_limit: 100 });
    value(await app.call('retrySubmission', { id: submitted.id }));
    await settled(app, submitted.id);
    expect(await serverFaxes(app)).toHaveLength(1);
  });

  it('a submission that cannot go now (signed out) waits for the connection without setting timers over and over', async () => {
    const { timers, delays } = recordingTimers();
    const app = await fixture.connect({ extra: { timers } });
    const fileIds = await stage(app, 'empty.pdf');
    value(await app.call('signOut'));
    const services = await app.core.services();
    expect(app.core.connection.usable()).toBe(false);
    const submitted = await services.outbox.submit({ recipients: [{ number: '+14155550100' }], fileIds });
    expect(submitted.state).toBe('pending');
    // A pass that cannot send does not set a 0 ms timer to try again at once (that was a busy loop until the next
    // sign-in): signing in again is what moves it on.
    delays.length = 0;
    await services.outbox.work();
    expect(delays.filter((delay) => delay === 0)).toEqual([]);
    expect(services.outbox.record(submitted.id)?.state).toBe('pending');
    value(await app.call('connect', { apiKey: app.key }));
    await settled(app, submitted.id);
    expect(await serverFaxes(app)).toHaveLength(1);
  });

  it('a scheduled send waits in the outbox until its time', async () => {
    const { timers, delays } = recordingTimers();
    const app = await fixture.connect({ extra: { timers } });
    const fileIds = await stage(app, 'empty.pdf');
    const submitted = value<SubmissionView>(await app.call('sendFax', { recipients: [{ number: '+14155550100' }], fileIds, scheduledAt: Date.now() + 1500 }));
    expect(submitted.state).toBe('scheduled');
    // A pass finds it not due, sends nothing, and sets the timer for its time.
    delays.length = 0;
    await (await app.core.services()).outbox.work();
    expect(await serverFaxes(app)).toHaveLength(0);
    expect(delays.some((delay) => delay > 1000 && delay <= 1500)).toBe(true);
    await settled(app, submitted.id);
    expect(await serverFaxes(app)).toHaveLength(1);
  });

  it('"resend failed recipients" makes a new submission to only those numbers, with the same files', async () => {
    const app = await fixture.connect();
    const fileIds = await stage(app, 'calgray.pdf');
    const submitted = value<SubmissionView>(
      await app.call('sendFax', { recipients: [{ number: '+14155550100' }, { number: '+14155550486', name: 'Busy clinic' }, { number: '+14155550408' }], fileIds }),
    );
    const accepted = await settled(app, submitted.id);
    await fixture.t.advance(60);
    await app.call('syncNow');
    const resend = value<SubmissionView>(await app.call('resendFailed', { faxId: accepted.faxId }));
    expect(resend.recipients).toEqual([{ number: '+14155550486', name: 'Busy clinic' }, { number: '+14155550408' }]);
    expect(resend).toMatchObject({ origin: 'resend', pages: 3 });
    await settled(app, resend.id);
    const faxes = await serverFaxes(app);
    expect(faxes).toHaveLength(2);
    expect(faxes[0]?.recipients.map((recipient) => recipient.to)).toEqual(['+14155550486', '+14155550408']);
    const nothingFailed = (await app.call('resendFailed', { faxId: String(faxes.find((fax) => fax.recipients.length === 3)?.id ?? 0) })) as Reply<unknown>;
    expect(nothingFailed.ok).toBe(true);
  });

  it('forwards a received fax\'s PDF to another number', async () => {
    const app = await fixture.connect();
    const { json } = await fixture.t.control<{ fax_id: number }>('POST', `/accounts/${app.accountId}/inbound`, { pages: 4 });
    await app.call('syncNow');
    const forwarded = value<SubmissionView>(await app.call('forwardFax', { faxId: String(json.fax_id), recipients: [{ number: '+442079460958' }], subject: 'FYI' }));
    expect(forwarded).toMatchObject({ origin: 'forward', pages: 4 });
    await settled(app, forwarded.id);
    expect((await serverFaxes(app))[0]).toMatchObject({ pages: 4, recipients: [expect.objectContaining({ to: '+442079460958' })] });
  });

  it('sending a draft spends it: it never comes back, a late save of it is ignored, and sending it again makes no second fax', async () => {
    const app = await fixture.connect();
    const fileIds = await stage(app, 'empty.pdf');
    const draft = { id: 'draft-spent', recipients: [{ number: '+14155550100' }], subject: 'once', notes: '', coverId: '', files: [], updatedAt: Date.now() };
    value(await app.call('saveDraft', draft));
    const request = { draftId: draft.id, recipients: [{ number: '+14155550100' }], subject: 'once', fileIds };
    const first = value<SubmissionView>(await app.call('sendFax', request));
    // A debounced save that arrives after the send, and the same send again (a double click, a lost reply).
    value(await app.call('saveDraft', { ...draft, subject: 'typed late' }));
    expect(value(await app.call('getDraft'))).toBeNull();
    const again = value<SubmissionView>(await app.call('sendFax', request));
    expect(again.id).toBe(first.id);
    await settled(app, first.id);
    expect(await serverFaxes(app)).toHaveLength(1);
    // A kill between journaling and removing the draft leaves the draft file behind: it is spent, so it stays hidden.
    const { writeSealedJson } = await import('../../main/store/crypto/sealed-file');
    const { loadDataKeys } = await import('../../main/store/crypto/data-keys');
    await writeSealedJson(path.join(app.dataDir, 'draft.sealed'), (await loadDataKeys(app.secrets)).fileKey, draft);
    expect(value(await app.call('getDraft'))).toBeNull();
    expect(fs.existsSync(path.join(app.dataDir, 'draft.sealed'))).toBe(false);
    // A new draft (another id) is kept.
    value(await app.call('saveDraft', { ...draft, id: 'draft-next', subject: 'next' }));
    expect(value(await app.call('getDraft'))).toMatchObject({ id: 'draft-next', subject: 'next' });
  });

  it('a 2xx reply nobody can read means "checking", not "not sent": asked again with the same key until a readable answer, one fax each', async () => {
    const app = await fixture.connect();
    const garbles = ['html', 'truncated', 'wrong_types'];
    for (const garble of garbles) await fixture.t.control('POST', '/faults', { method: 'POST', path: '/faxes', status: 202, times: 1, garble });
    const ids: string[] = [];
    for (const [index] of garbles.entries()) {
      const fileIds = await stage(app, 'empty.pdf');
      ids.push(value<SubmissionView>(await app.call('sendFax', { recipients: [{ number: `+1415555010${index}` }], subject: `garbled ${index}`, fileIds })).id);
    }
    for (const id of ids) {
      const checking = await settled(app, id, ['waiting', 'accepted']);
      if (checking.state === 'waiting') {
        expect(checking.outcomeUnknown).toBe(true);
        expect(checking.error?.message).toMatch(/not known yet whether it accepted the fax.*never sent twice/);
      }
    }
    const views = value<SubmissionView[]>(await app.call('listOutbox'));
    expect(views.filter((view) => view.outcomeUnknown).length).toBeGreaterThan(0);
    for (const id of ids) expect(await settled(app, id)).toMatchObject({ state: 'accepted', outcomeUnknown: false, attempts: 2 });
    expect(await serverFaxes(app)).toHaveLength(3);
  });

  it('discarding a submission that may be on its way needs a confirmation; if the fax did arrive, sync shows it like any other', async () => {
    const app = await fixture.connect();
    // Every reply to the send is unreadable (the fax is created the first time), so the outcome stays unknown.
    await fixture.t.control('POST', '/faults', { method: 'POST', path: '/faxes', status: 202, times: 1000, garble: 'html' });
    const fileIds = await stage(app, 'empty.pdf');
    const submitted = value<SubmissionView>(await app.call('sendFax', { recipients: [{ number: '+14155550100' }], subject: 'maybe sent', fileIds }));
    await settled(app, submitted.id, ['waiting']);
    const refused = (await app.call('discardSubmission', { id: submitted.id })) as Reply<unknown>;
    expect(refused).toMatchObject({ ok: false, error: { kind: 'conflict', code: 'outcome_unknown', message: expect.stringMatching(/may already be on its way/) as unknown } });
    expect(value<SubmissionView[]>(await app.call('listOutbox')).map((item) => item.id)).toContain(submitted.id);
    value(await app.call('discardSubmission', { id: submitted.id, confirmed: true }));
    await fixture.t.control('DELETE', '/faults');
    expect(value<SubmissionView[]>(await app.call('listOutbox'))).toEqual([]);
    await app.call('syncNow');
    const sent = value<{ items: Array<{ subject: string | null; direction: string }> }>(await app.call('listFaxes', { direction: 'outbound', offset: 0, limit: 10 }));
    expect(sent.items).toEqual([expect.objectContaining({ subject: 'maybe sent', direction: 'outbound' })]);
  });

  it('a staged file that has disappeared is "no longer available" everywhere, never an internal error', async () => {
    const app = await fixture.connect();
    const [fileId = ''] = await stage(app, 'empty.pdf');
    fs.rmSync(path.join(app.dataDir, 'staging', `${fileId}.sealed`));
    const read = (await app.call('readStagedFile', { id: fileId })) as Reply<unknown>;
    expect(read).toMatchObject({ ok: false, error: { kind: 'file', message: 'A file of this draft is no longer available. Add it again.' } });
    const send = (await app.call('sendFax', { recipients: [{ number: '+14155550100' }], fileIds: [fileId] })) as Reply<unknown>;
    expect(send).toMatchObject({ ok: false, error: { kind: 'file', message: 'A file of this draft is no longer available. Add it again.' } });
    expect(value<SubmissionView[]>(await app.call('listOutbox'))).toEqual([]);
    expect(fs.readdirSync(path.join(app.dataDir, 'outbox'))).toEqual([]);
  });

  it('a cover sheet ID the service does not know is named as such, not as "no such item"', async () => {
    const app = await fixture.connect();
    const fileIds = await stage(app, 'empty.pdf');
    const submitted = value<SubmissionView>(await app.call('sendFax', { recipients: [{ number: '+14155550100' }], coverId: 'cov_does_not_exist', fileIds }));
    const failed = await settled(app, submitted.id, ['failed']);
    expect(failed.error?.message).toMatch(/does not know the cover sheet ID/);
    expect(failed.error?.message).not.toMatch(/no such item/);
    expect(failed.error?.requestId).toMatch(/^req_/);
  });

  it('a submission older than the 24 h key retention is looked for in the fax list, not blindly resent', async () => {
    const app = await fixture.connect();
    const services = await app.core.services();
    const fileIds = await stage(app, 'empty.pdf');
    const submitted = value<SubmissionView>(await app.call('sendFax', { recipients: [{ number: '+14155550100' }], fileIds }));
    await settled(app, submitted.id);
    // Pretend the reply was lost 25 hours ago: journal it back as "waiting" with an old first attempt.
    const record = services.outbox.record(submitted.id);
    if (!record) throw new Error('no record');
    const journalDir = path.join(app.dataDir, 'outbox', submitted.id);
    const { writeSealedJson } = await import('../../main/store/crypto/sealed-file');
    const { loadDataKeys } = await import('../../main/store/crypto/data-keys');
    const keys = await loadDataKeys(app.secrets);
    const old = Date.now() - 25 * 3600 * 1000;
    await services.outbox.stop();
    await writeSealedJson(path.join(journalDir, 'submission.sealed'), keys.fileKey, { ...record, state: 'waiting', faxId: null, acceptedAt: null, firstAttemptAt: old, lastAttemptAt: old + 1000, nextAttemptAt: Date.now() });
    // The journal is re-read by a fresh outbox, as after a restart.
    const { createOutbox } = await import('../../main/outbox/outbox');
    const { createStaging } = await import('../../main/compose/staging');
    const { createSubmissionJournal } = await import('../../main/outbox/submission-journal');
    const outbox = createOutbox({
      journal: createSubmissionJournal(app.dataDir, keys.fileKey),
      staging: createStaging({ dataDir: app.dataDir, fileKey: keys.fileKey, log: (await import('../../main/log/logger')).silentLogger }),
      connection: app.core.connection,
      cache: services.cache,
      events: app.core.events,
      log: (await import('../../main/log/logger')).silentLogger,
      fileKey: keys.fileKey,
      outcomes: (await import('../../main/outbox/send-outcomes')).recordSendOutcomes({ cache: services.cache, events: app.core.events }),
      // The service's fax was created "then": shift the clock so its created_at falls in the searched window.
      now: () => Date.now(),
    });
    await fixture.t.control('POST', `/accounts/${app.accountId}/faxes`, { direction: 'outbound', count: 1, to: '+14155550100', newest_at: new Date(old + 500).toISOString() });
    await outbox.load();
    await outbox.start();
    await waitUntil(() => outbox.record(submitted.id)?.state, (state) => state === 'accepted', { what: 'reconciled' });
    expect(outbox.record(submitted.id)?.faxId).not.toBe(record.faxId);
    // Found, not resent: still exactly the two faxes on the service (the original and the seeded "lost" one).
    expect(await serverFaxes(app)).toHaveLength(2);
    await outbox.stop();
  });
});

describe('PDF store', () => {
  it('downloads once into an encrypted file, gives the bytes, saves a plain copy where asked', async () => {
    const app = await fixture.connect();
    const { json } = await fixture.t.control<{ fax_id: number }>('POST', `/accounts/${app.accountId}/inbound`, { pages: 3 });
    await app.call('syncNow');
    const first = value<{ size: number; head: Uint8Array }>(await app.call('openFaxPdf', { id: String(json.fax_id) }));
    const served = (await fixture.t.api(app.key, 'GET', `/faxes/${json.fax_id}/pdf`)).body;
    const whole = value<Uint8Array>(await app.call('readFaxPdf', { id: String(json.fax_id), begin: 0, end: first.size }));
    expect(Buffer.from(whole).equals(served)).toBe(true);
    // The sandbox logs a request when its response finishes, which can trail the client's read by a tick.
    const pdfRequests = async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (await fixture.t.control<{ data: Array<{ path: string }> }>('GET', `/accounts/${app.accountId}/requests`)).json.data.filter((request) => request.path.endsWith('/pdf')).length;
    };
    const before = await pdfRequests();
    expect(before).toBe(2);
    value(await app.call('openFaxPdf', { id: String(json.fax_id), purpose: 'print' }));
    expect(await pdfRequests()).toBe(before);
    // The preview's way in: the size and the first bytes, then any range; all from the same cached file.
    const opened = value<{ size: number; head: Uint8Array }>(await app.call('openFaxPdf', { id: String(json.fax_id) }));
    expect(opened.size).toBe(served.length);
    expect(Buffer.from(opened.head).equals(served.subarray(0, Math.min(served.length, 65_536)))).toBe(true);
    const tail = value<Uint8Array>(await app.call('readFaxPdf', { id: String(json.fax_id), begin: served.length - 300, end: served.length }));
    expect(Buffer.from(tail).equals(served.subarray(served.length - 300))).toBe(true);
    expect(await app.call('readFaxPdf', { id: String(json.fax_id), begin: 10, end: 10 })).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    expect(await app.call('readFaxPdf', { id: String(json.fax_id), begin: 0, end: 5 * 1024 * 1024 })).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    expect(await pdfRequests()).toBe(before);
    const sealedFiles = fs.readdirSync(path.join(app.dataDir, 'pdfs'));
    expect(sealedFiles).toHaveLength(1);
    expect(fs.readFileSync(path.join(app.dataDir, 'pdfs', sealedFiles[0] ?? '')).includes('%PDF')).toBe(false);
    expect(value(await app.call('saveFaxPdf', { id: String(json.fax_id) }))).toEqual({ saved: true });
    const saved = fs.readdirSync(app.settings.get().downloadFolder);
    expect(saved).toHaveLength(1);
    expect(fs.readFileSync(path.join(app.settings.get().downloadFolder, saved[0] ?? '')).equals(served)).toBe(true);
  });

  it('evicts least-recently-used PDFs beyond the size cap', async () => {
    const app = await fixture.connect();
    const ids: number[] = [];
    for (let index = 0; index < 3; index += 1) ids.push((await fixture.t.control<{ fax_id: number }>('POST', `/accounts/${app.accountId}/inbound`, { pages: 20 })).json.fax_id);
    await app.call('syncNow');
    const services = await app.core.services();
    const one = (await fixture.t.api(app.key, 'GET', `/faxes/${ids[0] ?? 0}/pdf`)).body.length;
    // A store whose cap holds two of these documents, not three.
    const { createPdfStore } = await import('../../main/pdf/pdf-store');
    const { loadDataKeys } = await import('../../main/store/crypto/data-keys');
    const { silentLogger } = await import('../../main/log/logger');
    const keys = await loadDataKeys(app.secrets);
    const settings = { get: () => ({ ...app.settings.get(), pdfCacheMaxMb: (one * 2.5) / (1024 * 1024) }), update: app.settings.update };
    const store = createPdfStore({ dataDir: app.dataDir, fileKey: keys.fileKey, cache: services.cache, connection: app.core.connection, settings, log: silentLogger });
    const [first, second, third] = ids.map(String) as [string, string, string];
    await store.ensure(first);
    await store.ensure(second);
    await store.ensure(first); // first is now the most recently used
    await store.ensure(third);
    expect([store.isCached(first), store.isCached(second), store.isCached(third)]).toEqual([true, false, true]);
    expect(fs.readdirSync(path.join(app.dataDir, 'pdfs')).sort()).toEqual([`${first}.sealed`, `${third}.sealed`].sort());
  });
});
