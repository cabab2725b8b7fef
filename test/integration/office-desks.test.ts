/**
 * Two desks of one office, as the app runs them: real cores on one Fax Service account (the sandbox) and one hub
 * (a private PostgreSQL). The administrator's desk creates the office over IPC and adds a person; the other desk
 * joins with the join code. Claims, the "Mine"/"Unclaimed" filters, handled marks through the hub, notes, the
 * desk's own earlier marks moved once, the office's labels, who sent a fax and its reply, the audit export, leaving.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaxListPage } from '../../preload/models';
import type { ClaimOutcome, LabelView, OfficeView, PersonView, TriageNoteView } from '../../preload/office';
import type { SubmissionView } from '../../preload/models';
import { onePagePdf } from '../fax-service/testkit';
import pg from 'pg';
import { hubClientConfig, type HubAddress } from '../../main/hub/hub-address';
import type { ConnectedCore } from '../helpers/connected-core';
import { value } from '../helpers/ipc-value';
import { startPrivatePostgres, type PrivatePostgres } from '../helpers/private-postgres';
import { useSandbox } from '../helpers/sandbox-fixture';
import { waitUntil } from '../helpers/wait';
import { joinThroughApps } from '../helpers/office-join';
import { undoLeastPrivilege } from '../helpers/hub-schema-undo';
import { startTestCore, type TestCore } from '../helpers/node-core';

const fixture = useSandbox();
let server: PrivatePostgres;

beforeAll(async () => {
  server = await startPrivatePostgres();
});

afterAll(() => server.destroy());

async function inbox(app: ConnectedCore, filter: Record<string, unknown> = {}): Promise<FaxListPage> {
  return value<FaxListPage>(await app.call('listFaxes', { direction: 'inbound', offset: 0, limit: 20, ...filter }));
}

async function office(): Promise<{ maria: ConnectedCore; tom: ConnectedCore; faxIds: string[]; database: string; owner: HubAddress; ownerPassword: string }> {
  const maria = await fixture.connect();
  await fixture.t.control('POST', `/accounts/${maria.accountId}/faxes`, { direction: 'inbound', count: 3, spacing_seconds: 5, newest_at: new Date(Date.now() - 5_000).toISOString() });
  value(await maria.call('syncNow'));
  const faxIds = (await waitUntil(() => inbox(maria), (page) => page.total === 3, { what: 'three received faxes' })).items.map((item) => item.id);
  const tom = await fixture.connect({ accountId: maria.accountId });
  await waitUntil(() => inbox(tom), (page) => page.total === 3, { what: "the faxes on Tom's desk" });

  // Before the office: Maria marked one fax handled and wrote a note on her desk.
  value(await maria.call('markHandled', { ids: [faxIds[2]], handled: true }));
  value(await maria.call('setFaxNote', { id: faxIds[2], note: 'Called the lab back' }));

  const suffix = crypto.randomBytes(3).toString('hex');
  const database = `front_desk_${suffix}`;
  const owner = `office_owner_${suffix}`;
  const password = crypto.randomBytes(16).toString('base64url');
  server.sql('postgres', `CREATE ROLE ${owner} LOGIN PASSWORD '${password}'`);
  server.sql('postgres', `CREATE DATABASE ${database}`);
  // One complete way to sign in: a password, or a client certificate with its key.
  const where = { host: server.host, port: server.port, database, user: owner, ca: server.ca, name: 'Maria Lopez', setupUser: server.superuser, setupPassword: server.password };
  for (const incomplete of [{}, { clientCertificate: server.ca }, { password, clientKey: 'not a key' }, { clientCertificate: server.ca, clientKey: 'not a key' }]) {
    expect(await maria.call('createOffice', { ...where, ...incomplete })).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
  }
  const created = value<OfficeView>(await maria.call('createOffice', { ...where, password }));
  expect(created).toMatchObject({ joined: true, role: 'admin', me: { login: owner, name: 'Maria Lopez' } });
  const { joinCode } = value<{ joinCode: string }>(await maria.call('addOfficePerson', { login: `tom_${suffix}`, name: 'Tom Baker' }));
  const joined = await joinThroughApps((name, request) => tom.call(name, request), (name, request) => maria.call(name, request), joinCode);
  expect(joined).toMatchObject({ joined: true, role: 'staff', me: { login: `tom_${suffix}`, name: 'Tom Baker' } });
  return { maria, tom, faxIds, database, owner: { host: server.host, port: server.port, database, user: owner, ca: server.ca, clientCertificate: null }, ownerPassword: password };
}

describe('an office of two desks', () => {
  it('claims show across desks with names; "Mine" and "Unclaimed" filter; handled marks and notes are the office\'s', async () => {
    const { maria, tom, faxIds, database } = await office();
    const [first = '', second = '', earlier = ''] = faxIds;

    // Maria's earlier mark and note moved to the hub: Tom sees the fax handled and her note.
    await waitUntil(async () => (await inbox(tom, { notHandledOnly: true })).items.map((item) => item.id), (ids) => !ids.includes(earlier), { what: "Maria's earlier mark on Tom's desk" });
    expect(value<TriageNoteView[]>(await tom.call('listTriageNotes', { faxId: earlier })).map((note) => [note.author.name, note.text])).toEqual([['Maria Lopez', 'Called the lab back']]);

    expect(value<ClaimOutcome>(await maria.call('claimFax', { faxId: first }))).toEqual({ kind: 'won' });
    expect(value<ClaimOutcome>(await tom.call('claimFax', { faxId: first }))).toMatchObject({ kind: 'taken', by: { name: 'Maria Lopez' }, since: expect.any(Number) as number });
    await waitUntil(async () => (await inbox(tom)).items.find((item) => item.id === first)?.triage?.claimedBy?.name, (name) => name === 'Maria Lopez', { what: "Maria's claim in Tom's list" });
    expect((await inbox(tom, { triage: 'unclaimed' })).items.map((item) => item.id).sort()).toEqual([second, earlier].sort());
    expect((await inbox(maria, { triage: 'mine' })).items.map((item) => item.id)).toEqual([first]);
    expect((await inbox(tom, { triage: 'mine' })).items).toEqual([]);

    // Maria gives the second fax to Tom: it is his.
    const people = value<PersonView[]>(await maria.call('listOfficePeople'));
    const tomLogin = people.find((person) => person.name === 'Tom Baker')?.login ?? '';
    value(await maria.call('assignFax', { faxId: second, login: tomLogin }));
    await waitUntil(async () => (await inbox(tom, { triage: 'mine' })).items.map((item) => item.id), (ids) => ids.includes(second), { what: 'the assignment on Tom\'s desk' });

    // Tom marks it handled: the office's mark, on Maria's desk too (list, count).
    value(await tom.call('markHandled', { ids: [second], handled: true }));
    await waitUntil(async () => (await inbox(maria)).items.find((item) => item.id === second)?.handled, (handled) => handled === true, { what: "Tom's mark on Maria's desk" });
    expect((await inbox(maria)).items.find((item) => item.id === second)?.triage?.handledBy?.name).toBe('Tom Baker');
    value(await tom.call('addTriageNote', { faxId: second, text: 'Faxed the form back' }));
    await waitUntil(async () => (await inbox(maria)).items.find((item) => item.id === second)?.triage?.notes, (notes) => notes === 1, { what: 'the note count on Maria\'s desk' });

    // Nothing typed reached the hub in the clear.
    const dump = server.dump(database);
    for (const words of ['Faxed the form back', 'Called the lab back', 'Tom Baker', 'Maria Lopez']) expect(dump).not.toContain(words);
  });

  it('labels are the office\'s (administrator defines, anyone applies, filter, rename, remove); who sent a fax and its reply links are shared', async () => {
    const { maria, tom, faxIds, database } = await office();
    const [first = '', second = ''] = faxIds;
    const labelsOn = async (app: ConnectedCore) => value<LabelView[]>(await app.call('listOfficeLabels'));

    // Only the administrator defines labels; names are checked.
    const referral = value<{ id: string }>(await maria.call('saveOfficeLabel', { id: null, name: '  Referral ' })).id;
    const lab = value<{ id: string }>(await maria.call('saveOfficeLabel', { id: null, name: 'Lab' })).id;
    expect(await maria.call('saveOfficeLabel', { id: null, name: 'referral' })).toMatchObject({ ok: false, error: { kind: 'conflict' } });
    expect(await maria.call('saveOfficeLabel', { id: null, name: '   ' })).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    expect(await maria.call('saveOfficeLabel', { id: null, name: 'x'.repeat(41) })).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    expect(await tom.call('saveOfficeLabel', { id: null, name: 'Tom\'s own' })).toMatchObject({ ok: false, error: { kind: 'permission' } });
    // Tom's desk hears of them by itself (the office's lists changed).
    await waitUntil(() => labelsOn(tom), (labels) => labels.map((label) => label.name).join() === 'Referral,Lab', { what: "the labels on Tom's desk" });

    // Anyone applies them; the inbox shows and filters by them on every desk.
    value(await tom.call('setFaxLabels', { faxId: first, labelIds: [referral, lab, referral] }));
    value(await tom.call('setFaxLabels', { faxId: second, labelIds: [lab] }));
    expect(await tom.call('setFaxLabels', { faxId: second, labelIds: [crypto.randomUUID()] })).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    // Waits for the later of Tom's two changes (each fax's labels reach Maria's desk on their own).
    await waitUntil(async () => (await inbox(maria, { label: lab })).items.map((item) => item.id).sort(), (ids) => ids.join() === [first, second].sort().join(), { what: 'the label filter on Maria\'s desk' });
    expect((await inbox(maria, { label: referral })).items.map((item) => item.id)).toEqual([first]);
    expect((await inbox(maria)).items.find((item) => item.id === first)?.triage?.labels.map((label) => label.name)).toEqual(['Referral', 'Lab']);

    // A rename shows everywhere (the rows carrying it are drawn again); a removed label is no longer offered or
    // applied, but a fax that has it keeps it.
    const redrawn: string[][] = [];
    tom.core.rendererEvents.subscribe((name, payload) => {
      if (name === 'triageChanged') redrawn.push((payload as { faxIds: string[] }).faxIds);
    });
    value(await maria.call('saveOfficeLabel', { id: referral, name: 'Referral (urgent)' }));
    await waitUntil(() => redrawn, (lists) => lists.some((ids) => ids.includes(first) && ids.includes(second)), { what: "the labelled rows redrawn on Tom's desk" });
    await waitUntil(async () => (await inbox(tom)).items.find((item) => item.id === first)?.triage?.labels.map((label) => label.name).join(), (names) => names === 'Referral (urgent),Lab', { what: 'the rename on Tom\'s desk' });
    expect(await maria.call('removeOfficeLabel', { id: lab, confirmed: true })).toMatchObject({ ok: true });
    await waitUntil(() => labelsOn(tom), (labels) => labels.find((label) => label.id === lab)?.removed === true, { what: 'the removal on Tom\'s desk' });
    expect(await tom.call('setFaxLabels', { faxId: faxIds[2] ?? '', labelIds: [lab] })).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    value(await tom.call('setFaxLabels', { faxId: second, labelIds: [lab, referral] }));
    expect((await inbox(tom, { label: referral })).items.map((item) => item.id).sort()).toEqual([first, second].sort());

    // Maria sends a fax that expects a reply: Tom's desk knows she sent it and waits for the reply too.
    const file = path.join(maria.dataDir, 'letter.pdf');
    fs.writeFileSync(file, onePagePdf);
    const staged = value<{ staged: Array<{ id: string }> }>(await maria.call('stageFiles', { paths: [file] }));
    const sent = value<SubmissionView>(await maria.call('sendFax', { recipients: [{ number: '+14155550100' }], fileIds: staged.staged.map((item) => item.id), replyWithinDays: 3 }));
    const services = await maria.core.services();
    const outboundId = (await waitUntil(() => services.outbox.record(sent.id), (record) => record?.faxId != null, { what: 'accepted' }))?.faxId ?? '';
    const outboxOf = async (app: ConnectedCore) => value<FaxListPage>(await app.call('listFaxes', { direction: 'outbound', offset: 0, limit: 20 }));
    await waitUntil(
      async () => {
        value(await tom.call('syncNow'));
        return (await outboxOf(tom)).items.find((item) => item.id === outboundId);
      },
      (item) => item?.triage?.sentBy?.name === 'Maria Lopez' && item.reply?.state === 'awaiting',
      { what: 'the sent fax on Tom\'s desk, sent by Maria and awaiting a reply' },
    );
    // Overdue, it would be announced on Maria's desk alone (Tom's shows it overdue all the same).
    const inFourDays = Date.now() + 4 * 86_400_000;
    expect((await tom.core.services()).cache.replies.takeNewlyOverdue(inFourDays)).toEqual([expect.objectContaining({ id: outboundId, announce: false })]);
    expect(services.cache.replies.takeNewlyOverdue(inFourDays)).toEqual([expect.objectContaining({ id: outboundId, announce: true })]);
    // Tom links a received fax to it by hand: Maria's desk shows the link.
    value(await tom.call('linkReply', { inboundId: second, outboundId }));
    await waitUntil(async () => (await inbox(maria)).items.find((item) => item.id === second)?.replyTo?.id, (id) => id === outboundId, { what: 'the reply link on Maria\'s desk' });

    const dump = server.dump(database);
    for (const words of ['Referral', 'urgent']) expect(dump).not.toContain(words);
  });

  it('the audit export lists who did what, chains checked; leaving keeps the desk\'s faxes', async () => {
    const { maria, tom, faxIds, owner } = await office();
    const [first = ''] = faxIds;
    value(await tom.call('noteFaxOpened', { id: first }));
    value(await tom.call('claimFax', { faxId: first }));
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    await waitUntil(async () => {
      value(await maria.call('exportOfficeAudit', { from: day, to: day }));
      const folder = path.join(maria.dataDir, 'Downloads');
      const file = fs.readdirSync(folder).filter((name) => name.startsWith('office-audit-')).sort().at(-1) ?? '';
      return fs.readFileSync(path.join(folder, file), 'utf8');
    }, (csv) => csv.includes('Opened'), { what: "Tom's view in the office's audit trail" });
    const folder = path.join(maria.dataDir, 'Downloads');
    const csv = fs.readFileSync(path.join(folder, fs.readdirSync(folder).filter((name) => name.startsWith('office-audit-')).sort().at(-1) ?? ''), 'utf8');
    // Words an auditor reads: the fax as the app shows it, people by name, the action, the check.
    const reference = (await inbox(maria)).items.find((item) => item.id === first)?.reference ?? 'none';
    const rows = csv.replace(/^\uFEFF/, '').trim().split('\r\n').map((line) => line.split(','));
    expect(rows[0]).toEqual(['Time', 'Person', 'Action', 'Fax', 'What changed', 'Trail check']);
    expect(rows.some((row) => row[1] === 'Tom Baker' && row[2] === 'Opened' && row[3] === reference)).toBe(true);
    expect(rows.some((row) => row[1] === 'Tom Baker' && row[2] === 'Started working on it' && row[3] === reference)).toBe(true);
    expect(rows.slice(1).every((row) => row.at(-1) === 'Intact')).toBe(true);
    expect(rows.slice(1).some((row) => row[3] === first)).toBe(false);
    // Joining moved only Tom's own marks (none): the office's marks mirrored onto his desk were not sent back.
    expect(rows.filter((row) => row[2] === 'Marked handled').map((row) => row[1])).toEqual(['Maria Lopez']);

    // Tom's desk exports too: it now keeps the newest entry of every chain, his own included.
    const exported = async (app: ConnectedCore): Promise<string> => {
      value(await app.call('exportOfficeAudit', { from: day, to: day }));
      const downloads = path.join(app.dataDir, 'Downloads');
      // The newest export (a second one the same day is saved beside the first under a free name).
      const newest = fs.readdirSync(downloads).filter((name) => name.startsWith('office-audit-')).map((name) => path.join(downloads, name)).sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
      return fs.readFileSync(newest ?? '', 'utf8');
    };
    const lastLine = (csv: string): string => csv.trimEnd().split('\r\n').at(-1) ?? '';
    expect(lastLine(await exported(tom))).toMatch(/^,,Checked against,,"Each desk's chain, and the newest entries this desk had seen of \d+ desks \(last seen .*\)\. All of them are on the hub as they were\.",Intact$/);
    expect(value<OfficeView>(await tom.call('getOffice'))).toMatchObject({ trail: null });
    // The server's superuser (the administrator owns nothing) turns the audit table's guard off and cuts Tom's newest
    // entry: each desk's chain still checks (nothing after it to break), so only what Tom's desk saw can tell.
    const tomsView = value<OfficeView>(await tom.call('getOffice'));
    const tomLogin = tomsView.joined ? tomsView.me.login : '';
    const administrator = new pg.Client(hubClientConfig({ ...owner, user: server.superuser }, { password: server.password }));
    await administrator.connect();
    try {
      await administrator.query(`ALTER TABLE fax_hub.audit DISABLE TRIGGER audit_append_only;
        DELETE FROM fax_hub.audit WHERE id = (SELECT id FROM fax_hub.audit WHERE actor = '${tomLogin}' ORDER BY id DESC LIMIT 1);
        ALTER TABLE fax_hub.audit ENABLE TRIGGER audit_append_only`);
    } finally {
      await administrator.end();
    }
    const afterCut = await exported(tom);
    expect(lastLine(afterCut)).toContain('Not as seen: 1 entry this desk saw is missing (deleted, or the trail cut off); none re-hashed.');
    expect(lastLine(afterCut).endsWith(',Not as this desk saw it')).toBe(true);
    expect(value<OfficeView>(await tom.call('getOffice'))).toMatchObject({ trail: { missing: 1, rewritten: 0 } });

    expect(value<OfficeView>(await tom.call('leaveOffice', { confirmed: true }))).toEqual({ joined: false });
    expect((await inbox(tom)).total).toBe(3);
    expect((await inbox(tom)).items.every((item) => item.triage === undefined)).toBe(true);
    expect(await tom.call('claimFax', { faxId: first })).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
  });
  it("a hub older than the app: both desks say so; the administrator's own account cannot upgrade it, IT's setup account does, and both carry on", async () => {
    const before = await office();
    const { faxIds, database, owner } = before;
    server.sql(database, undoLeastPrivilege(database, owner.user));
    // The desks find out when they start (as after the app was updated on them).
    const restarted = async (desk: ConnectedCore): Promise<TestCore> => {
      await desk.core.dispose();
      const again = startTestCore({ baseUrl: fixture.t.sandbox.baseUrl, caPath: fixture.t.sandbox.caCertPath, dataDir: desk.dataDir, secrets: desk.secrets });
      await again.core.start();
      return again;
    };
    const maria = await restarted(before.maria);
    const tom = await restarted(before.tom);
    for (const desk of [maria, tom]) {
      await waitUntil(() => desk.call('getOffice'), (result) => (value<OfficeView>(result) as { state?: string }).state === 'refused', { what: 'the desk refused by the older hub', timeoutMs: 30_000 });
      expect(value<OfficeView>(await desk.call('getOffice'))).toMatchObject({ needsUpgrade: true, problem: expect.stringContaining('needs an upgrade') as string });
    }
    expect(await tom.call('upgradeOfficeHub', { setupUser: server.superuser, setupPassword: server.password })).toMatchObject({ ok: false, error: { kind: 'permission' } });
    expect(await maria.call('upgradeOfficeHub', { setupUser: owner.user, setupPassword: 'not the superuser' })).toMatchObject({ ok: false });
    const upgraded = value<OfficeView>(await maria.call('upgradeOfficeHub', { setupUser: server.superuser, setupPassword: server.password }));
    expect(upgraded).toMatchObject({ state: 'connected', needsUpgrade: false, problem: null });
    expect(value<OfficeView>(await tom.call('retryOffice'))).toMatchObject({ state: 'connected', needsUpgrade: false });
    expect(value(await tom.call('claimFax', { faxId: faxIds[0] }))).toEqual({ kind: 'won' });
    expect(server.sql('postgres', `SELECT rolcreaterole FROM pg_roles WHERE rolname = '${owner.user}'`).trim()).toBe('f');
    await Promise.all([maria.core.dispose(), tom.core.dispose()]);
  });
});
