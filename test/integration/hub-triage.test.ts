/**
 * Shared triage on a real PostgreSQL (a private cluster, TLS on): first claim wins across desks, take over and
 * release, handled marks and assignment, notes and labels sealed with the office key, actions applied once.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkChains } from '../../main/hub/audit-chain';
import type { HubSession } from '../../main/hub/hub-session';
import { addLabel, useTestOffice } from '../helpers/hub-office';
import os from 'node:os';
import path from 'node:path';
import fsp from 'node:fs/promises';
import { listLabels } from '../../main/hub/office-labels';
import { listPeople } from '../../main/hub/office-setup';
import { createOfficeLabelBook } from '../../main/triage/office-label-book';
import { createAuditExport, type AuditExportDeps } from '../../main/triage/audit-export';
import { csvRows } from '../../main/chart/patient-list/csv-file';
import { chooseMainLanguage } from '../../main/i18n/main-locale';

const hub = useTestOffice();

async function person(login: string, name: string): Promise<HubSession> {
  const { session } = await hub.office.person(login, name);
  hub.keep(session);
  return session;
}

describe('claims', () => {
  it('100 simultaneous claims of one fax from 3 desks: exactly one person wins, every other is told who and since when', async () => {
    const desks = [await person('maria', 'Maria'), await person('tom', 'Tom'), await person('ana', 'Ana')];
    const faxId = '900000000000000001';
    const results = await Promise.all(Array.from({ length: 100 }, (_, index) => (desks[index % 3] as HubSession).claim(faxId)));
    const winners = new Set(results.flatMap((result, index) => (result.won ? [desks[index % 3]?.login] : [])));
    expect(winners.size).toBe(1);
    const [winner] = [...winners];
    const losers = results.filter((result) => !result.won);
    expect(losers.length).toBeGreaterThan(0);
    for (const lost of losers) expect(lost).toMatchObject({ won: false, by: winner, since: expect.any(Number) as number });
    // One claim, one audit entry: the lost attempts wrote nothing.
    const triage = await desks[0]?.triage([faxId]);
    expect(triage?.get(faxId)?.claim?.by).toBe(winner);
    const entries = await desks[0]?.auditEntries({ from: 0, to: Date.now() + 60_000 });
    expect(entries?.filter((entry) => entry.action === 'claimed' && entry.faxId === faxId)).toHaveLength(1);
  });

  it('release frees a claim for the next person; take over moves it; only the holder can release', async () => {
    const [first, second] = [await person('rel_a', 'A'), await person('rel_b', 'B')];
    const faxId = '900000000000000002';
    expect(await first.claim(faxId)).toMatchObject({ won: true });
    expect(await second.claim(faxId)).toMatchObject({ won: false, by: first.login });
    await second.release(faxId);
    expect((await first.triage([faxId])).get(faxId)?.claim?.by).toBe(first.login);
    await first.release(faxId);
    expect(await second.claim(faxId)).toMatchObject({ won: true });
    const taken = await first.takeOver(faxId);
    expect(taken.by).toBe(first.login);
    expect(await second.claim(faxId)).toMatchObject({ won: false, by: first.login });
  });
});

describe('handled, assignment, notes and labels', () => {
  it('are shared, name their author, and a note reads back only with the office key', async () => {
    const [maria, tom] = [await person('hand_m', 'Maria'), await person('hand_t', 'Tom')];
    const faxId = '900000000000000003';
    await maria.assign(faxId, tom.login);
    await tom.setHandled(faxId, true);
    const note = await maria.addNote(faxId, 'Called the clinic back');
    await tom.addNote(faxId, 'Insurance form attached');
    const labelId = crypto.randomUUID();
    await tom.setLabels(faxId, [labelId, labelId]);
    const seen = (await maria.triage([faxId])).get(faxId);
    expect(seen).toMatchObject({ assignee: tom.login, handled: { by: tom.login }, labelIds: [labelId], notes: 2 });
    const notes = await tom.notes(faxId);
    expect(notes.map((entry) => [entry.author, entry.text])).toEqual([
      [maria.login, 'Called the clinic back'],
      [tom.login, 'Insurance form attached'],
    ]);
    expect(notes[0]?.id).toBe(note.id);
    await maria.setHandled(faxId, false);
    expect((await tom.triage([faxId])).get(faxId)?.handled).toBeNull();
  });

  it('an action sent again with its id (a desk back online, a reply lost) is applied once', async () => {
    const desk = await person('once', 'Once');
    const faxId = '900000000000000004';
    const actionId = crypto.randomUUID();
    const first = await desk.addNote(faxId, 'only once', { actionId });
    const again = await desk.addNote(faxId, 'only once', { actionId });
    expect(again.id).toBe(first.id);
    expect(await desk.notes(faxId)).toHaveLength(1);
    const claimId = crypto.randomUUID();
    await desk.claim(faxId, { actionId: claimId });
    await desk.release(faxId);
    // The claim's second delivery does not claim again after the release.
    expect(await desk.claim(faxId, { actionId: claimId })).toMatchObject({ won: false });
    expect((await desk.triage([faxId])).get(faxId)?.claim).toBeNull();
    const entries = (await desk.auditEntries({ from: 0, to: Date.now() + 60_000 })).filter((entry) => entry.faxId === faxId);
    expect(entries.map((entry) => entry.action)).toEqual(['noted', 'claimed', 'released']);
  });
});

describe('work done once per office', () => {
  it('a lease goes to one desk; the others are told it is taken, then done; a lease its desk let run out is taken by another', async () => {
    const [first, second, third] = [await person('lease_a', 'A'), await person('lease_b', 'B'), await person('lease_c', 'C')];
    const turnOf = async (desk: HubSession, job: string, leaseMs = 60_000): Promise<string> => (await desk.takeJob(job, leaseMs)).turn;
    const turns = await Promise.all([first, second, third].flatMap((desk) => [turnOf(desk, 'rule-print:1'), turnOf(desk, 'rule-print:1')]));
    expect(turns.filter((turn) => turn === 'mine').length).toBeGreaterThanOrEqual(1);
    const holders = [first, second, third].filter((_, index) => turns[index * 2] === 'mine' || turns[index * 2 + 1] === 'mine');
    expect(holders).toHaveLength(1);
    const holder = holders[0] as HubSession;
    const others = [first, second, third].filter((desk) => desk !== holder);
    for (const desk of others) expect(await turnOf(desk, 'rule-print:1')).toBe('taken');
    // The holder's desk asking again (after a restart) keeps it.
    expect(await turnOf(holder, 'rule-print:1')).toBe('mine');
    await holder.finishJob('rule-print:1');
    for (const desk of [first, second, third]) expect(await turnOf(desk, 'rule-print:1')).toBe('done');

    // A desk that took a job and died: its lease runs out, another desk takes it and finishes.
    expect(await turnOf(first, 'rule-save:2', 1)).toBe('mine');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await turnOf(second, 'rule-save:2')).toBe('mine');
    expect(await turnOf(first, 'rule-save:2')).toBe('taken');
    // The first desk coming back cannot renew, name or finish another desk's job.
    expect(await first.renewJob('rule-save:2', 60_000)).toBe(false);
    await first.nameJob('rule-save:2', 'Forged name.pdf');
    await first.finishJob('rule-save:2');
    expect(await turnOf(third, 'rule-save:2')).toBe('taken');
    await second.finishJob('rule-save:2');
    expect(await turnOf(third, 'rule-save:2')).toBe('done');
  });

  it("a lease renewed while its work goes on is not taken over; a desk taking over an expired one learns the file its holder named (sealed on the hub)", async () => {
    const [holder, other] = [await person('renew_a', 'A'), await person('renew_b', 'B')];
    expect(await holder.takeJob('rule-save:3', 300)).toEqual({ turn: 'mine', target: null });
    await holder.nameJob('rule-save:3', 'FX-3 Maria Lopez 2p.pdf');
    for (let round = 0; round < 4; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await holder.renewJob('rule-save:3', 300)).toBe(true);
      expect((await other.takeJob('rule-save:3', 300)).turn).toBe('taken');
    }
    // The holder dies: nothing renews the lease, which runs out.
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await other.takeJob('rule-save:3', 60_000)).toEqual({ turn: 'mine', target: 'FX-3 Maria Lopez 2p.pdf' });
    const stored = hub.server.sql(hub.office.address.database, "SELECT encode(target_sealed, 'escape') FROM fax_hub.leases WHERE job = 'rule-save:3'");
    expect(stored).not.toContain('Maria');
  });
});

describe('what the hub stores', () => {
  it('pg_dump of the hub holds none of the words typed: notes, labels and names are ciphertext; fax ids and logins only', async () => {
    const desk = await person('dump', 'Dr Evelyn Quartermain');
    const faxId = '900000000000000005';
    const words = ['Quartermain', 'Jellybean', 'Schwarzwald', '1961-04-12', 'Cardiology'];
    await desk.addNote(faxId, 'Lab result for Rosalind Jellybean, born 1961-04-12, Schwarzwald clinic');
    await desk.setLabels(faxId, ['Cardiology']);
    const admin = hub.keep(await hub.office.admin());
    await addLabel(admin, 'Cardiology referral');
    await desk.recordSent('900000000000000009', Date.now() + 86_400_000);
    await desk.linkReply(faxId, '900000000000000009');
    await desk.claim(faxId);
    const dump = hub.server.dump(hub.office.address.database);
    expect(dump).toContain(faxId);
    for (const word of words) expect(dump).not.toContain(word);
    expect(dump.toLowerCase()).not.toContain('jellybean');
  });
});

describe('the audit trail', () => {
  it('every desk chains its entries; a desk cannot rewrite them, nor can the owner; an edit or a gap shows', async () => {
    const desk = await person('audit', 'Auditor');
    for (const action of ['viewed', 'printed', 'saved', 'forwarded'] as const) await desk.record(action, '900000000000000006');
    const range = { from: 0, to: Date.now() + 60_000 };
    expect(checkChains(await desk.auditEntries(range))).toEqual([]);
    await expect(desk.withClient((client) => client.query("UPDATE fax_hub.audit SET action = 'nothing'"))).rejects.toMatchObject({ kind: 'permission' });
    await expect(desk.withClient((client) => client.query('DELETE FROM fax_hub.audit'))).rejects.toMatchObject({ kind: 'permission' });
    const admin = await hub.office.admin();
    hub.keep(admin);
    await expect(admin.withClient((client) => client.query("UPDATE fax_hub.audit SET action = 'nothing'"))).rejects.toMatchObject({ kind: 'permission' });
    // Someone with the server's superuser turns the trigger off and edits one entry, then removes another.
    hub.server.sql(hub.office.address.database, `ALTER TABLE fax_hub.audit DISABLE TRIGGER audit_append_only; UPDATE fax_hub.audit SET action = 'viewed' WHERE desk_id = '${desk.deskId}' AND seq = 2`);
    expect(checkChains(await desk.auditEntries(range))).toEqual([{ deskId: desk.deskId, seq: 2, problem: 'altered' }]);
    hub.server.sql(hub.office.address.database, `DELETE FROM fax_hub.audit WHERE desk_id = '${desk.deskId}' AND seq = 3; ALTER TABLE fax_hub.audit ENABLE TRIGGER audit_append_only`);
    expect(checkChains(await desk.auditEntries(range))).toEqual([
      { deskId: desk.deskId, seq: 2, problem: 'altered' },
      { deskId: desk.deskId, seq: 4, problem: 'gap' },
    ]);
  });

  it('the export reads without a glossary: words, local time with its offset, FX numbers, names, what changed — and an altered detail shows', async () => {
    // Entries of this test only: the earlier tests' come before this instant.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const started = Date.now();
    const [maria, tom] = [await person('exp_m', 'Maria Lopez'), await person('exp_t', 'Tom Baker')];
    const admin = hub.keep(await hub.office.admin());
    const labels = createOfficeLabelBook({ withSession: (work) => work(admin) });
    const urgent = await labels.save({ id: null, name: 'Urgent' });
    const lab = await labels.save({ id: null, name: 'Lab' });
    await labels.save({ id: lab, name: 'Lab results' });
    const faxId = '900000000000000069';
    await maria.claim(faxId);
    await tom.takeOver(faxId);
    await maria.assign(faxId, tom.login);
    await maria.assign(faxId, null);
    await tom.setLabels(faxId, [urgent]);
    await tom.setLabels(faxId, [lab]);
    await tom.record('viewed', faxId);
    await tom.record('printed', '900000000000000070');
    await labels.remove(urgent);
    await hub.office.remove(tom.login);
    const people = new Map((await admin.withClient((client) => listPeople(client, hub.office.keys))).map((one) => [one.login, one.name]));
    const known = await admin.withClient((client) => listLabels(client, hub.office.keys));
    const savedAt = path.join(await fsp.mkdtemp(path.join(os.tmpdir(), 'fax-audit-')), 'audit.csv');
    const exportDeps: AuditExportDeps = {
      keptHeads: () => Promise.resolve([]),
      entries: (range) => admin.auditEntries(range),
      officeKey: () => hub.office.keys,
      personName: (login) => people.get(login) ?? null,
      labelName: (id) => known.find((label) => label.id === id)?.name ?? null,
      faxReference: (id) => (id === faxId ? 'FX-69' : null),
      desktop: { chooseSavePath: () => Promise.resolve(savedAt) },
      region: () => 'en-US',
    };
    const trail = createAuditExport(exportDeps);
    const range = { from: started, to: Date.now() + 60_000 };
    // The trail begins with the office's creation, by its administrator.
    expect((await trail.rows({ from: 0, to: range.to }))[0]).toMatchObject({ person: 'Office Administrator', action: 'Created the office', fax: '', details: 'Office Administrator' });
    const mine = (await trail.rows(range)).filter((row) => ['Maria Lopez', 'Tom Baker', 'Office Administrator'].includes(row.person));
    const said = mine.map((row) => [row.person, row.action, row.fax, row.details]);
    expect(said).toEqual([
      ['Office Administrator', 'Added a person to the office', '', 'Maria Lopez'],
      ['Office Administrator', "Confirmed a person's desk (the safety codes matched) and gave it the office key", '', 'Maria Lopez'],
      ['Office Administrator', 'Added a person to the office', '', 'Tom Baker'],
      ['Office Administrator', "Confirmed a person's desk (the safety codes matched) and gave it the office key", '', 'Tom Baker'],
      ['Office Administrator', 'Added a label', '', 'Label “Urgent”'],
      ['Office Administrator', 'Added a label', '', 'Label “Lab”'],
      ['Office Administrator', 'Renamed a label', '', '“Lab” to “Lab results”'],
      ['Maria Lopez', 'Started working on it', 'FX-69', ''],
      ['Tom Baker', 'Took it over', 'FX-69', 'From Maria Lopez'],
      ['Maria Lopez', 'Assigned', 'FX-69', 'To Tom Baker'],
      ['Maria Lopez', 'Assigned', 'FX-69', 'To nobody (assignment cleared)'],
      ['Tom Baker', 'Changed labels', 'FX-69', 'Added: Urgent'],
      ['Tom Baker', 'Changed labels', 'FX-69', 'Added: Lab results; removed: Urgent'],
      ['Tom Baker', 'Opened', 'FX-69', ''],
      ['Tom Baker', 'Printed', 'Fax 900000000000000070 (not on this desk)', ''],
      ['Office Administrator', 'Removed a label', '', 'Label “Urgent”'],
      ['Office Administrator', 'Removed a person from the office', '', 'Tom Baker'],
    ]);
    for (const row of mine) {
      expect(row.at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [+-]\d{2}:\d{2}$/);
      // The local time with its offset is the instant the hub recorded.
      const [day, time, offset] = row.at.split(' ');
      expect(new Date(`${day}T${time}${offset}`).getTime()).toBeGreaterThanOrEqual(Math.floor(started / 1000) * 1000);
      expect(new Date(`${day}T${time}${offset}`).getTime()).toBeLessThanOrEqual(Date.now());
      expect(row.check).toBe('ok');
    }

    // Opened in a spreadsheet: headers in words, no sign-in names, desk ids or codes.
    expect(await trail.save(range)).toEqual({ saved: true });
    const csv = await fsp.readFile(savedAt, 'utf8');
    expect(csv.startsWith('\uFEFFTime,Person,Action,Fax,What changed,Trail check\r\n')).toBe(true);
    expect(csv).toContain('Intact');
    // Its last line says what it checked against: here each desk's chain only (this desk had kept no heads).
    expect(csv.trimEnd().split('\r\n').at(-1)).toBe(',,Checked against,,Each desk\'s chain only: this desk had not seen the trail before. All of them are on the hub as they were.,Intact');
    for (const login of [maria.login, tom.login, hub.office.address.user]) expect(csv).not.toContain(login);
    expect(csv).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|took_over|person_removed|labelled/);

    chooseMainLanguage('de');
    try {
      const german = (await trail.rows(range)).filter((row) => row.fax === 'FX-69').map((row) => [row.action, row.details]);
      expect(german.slice(0, 3)).toEqual([
        ['Bearbeitung übernommen', ''],
        ['Von jemand anderem übernommen', 'Von Maria Lopez'],
        ['Zugewiesen', 'An Tom Baker'],
      ]);
      // On a computer set to Germany the spreadsheet reads fields apart at semicolons: so the file is written.
      expect(await createAuditExport({ ...exportDeps, region: () => 'de-DE' }).save(range)).toEqual({ saved: true });
      const germanCsv = (await fsp.readFile(savedAt, 'utf8')).replace(/^\uFEFF/, '');
      const lines = [...csvRows(germanCsv, ';')];
      expect(lines.length).toBeGreaterThan(mine.length);
      for (const line of lines) expect(line.fields).toHaveLength(6);
      expect(germanCsv.split('\r\n')[0]?.split(';')).toHaveLength(6);
    } finally {
      chooseMainLanguage('en');
    }

    // Someone with the server's superuser moves one entry's detail onto another: the check and the words say so.
    hub.server.sql(
      hub.office.address.database,
      `ALTER TABLE fax_hub.audit DISABLE TRIGGER audit_append_only;
       UPDATE fax_hub.audit SET detail_sealed = (SELECT detail_sealed FROM fax_hub.audit WHERE desk_id = '${maria.deskId}' AND seq = 2) WHERE desk_id = '${maria.deskId}' AND seq = 3;
       ALTER TABLE fax_hub.audit ENABLE TRIGGER audit_append_only`,
    );
    const moved = (await trail.rows(range)).filter((row) => row.person === 'Maria Lopez' && row.action === 'Assigned');
    expect(moved.map((row) => [row.details, row.check])).toEqual([
      ['To Tom Baker', 'ok'],
      ["The details do not open with this office's key", 'altered'],
    ]);
  });

  it('a note that does not open (stored by hand, or with another key) is shown as such; the rest of the thread still reads', async () => {
    const [maria, mallory] = [await person('unread_m', 'Maria'), await person('unread_x', 'Mallory')];
    const faxId = '900000000000000071';
    await maria.addNote(faxId, 'Called the clinic back');
    // A member stores bytes no office key opens, calling the hub's function by hand (the table takes no direct writes).
    await mallory.withClient((client) => client.query('SELECT fax_hub.add_note($1, $2, $3, $4)', [crypto.randomUUID(), faxId, crypto.randomBytes(64), 'by-hand']));
    await maria.addNote(faxId, 'Faxed the form back');
    const thread = await maria.notes(faxId);
    expect(thread.map((note) => note.text)).toEqual(['Called the clinic back', null, 'Faxed the form back']);
    expect(thread[1]?.author).toBe(mallory.login);
  });

  it('a note nobody can read is removed by its author or the administrator — nobody else, not even with raw SQL — and the thread reads on', async () => {
    const [maria, mallory, tom] = [await person('rm_note_m', 'Maria'), await person('rm_note_x', 'Mallory'), await person('rm_note_t', 'Tom')];
    const faxId = '900000000000000072';
    await maria.addNote(faxId, 'Called the clinic back');
    const junk = async (by: HubSession): Promise<string> => {
      const id = crypto.randomUUID();
      await by.withClient((client) => client.query('SELECT fax_hub.add_note($1, $2, $3, $4)', [id, faxId, crypto.randomBytes(64), by.deskId]));
      return id;
    };
    const [mallorys, toms] = [await junk(mallory), await junk(tom)];
    // Another member may not: not through the app, not with raw SQL (the database filters the row away).
    await expect(maria.removeNote(faxId, mallorys)).rejects.toMatchObject({ kind: 'permission', details: { code: 'office_note_not_removable' } });
    await expect(maria.withClient((client) => client.query('DELETE FROM fax_hub.notes WHERE id = $1', [mallorys]))).rejects.toMatchObject({ kind: 'permission' });
    expect((await maria.withClient((client) => client.query<{ removed: boolean }>('SELECT fax_hub.remove_note($1, $2, $3) AS removed', [mallorys, faxId, maria.deskId]))).rows[0]?.removed).toBe(false);
    // Nor claim to be its author to remove it.
    await expect(maria.withClient((client) => client.query('UPDATE fax_hub.notes SET author = current_user WHERE id = $1', [mallorys]))).rejects.toMatchObject({ kind: 'permission' });
    expect((await maria.notes(faxId)).map((note) => note.id)).toContain(mallorys);
    // Its author may; the administrator may remove anyone's.
    await mallory.removeNote(faxId, mallorys);
    const admin = await hub.office.admin();
    hub.keep(admin);
    await admin.removeNote(faxId, toms);
    const thread = await maria.notes(faxId);
    expect(thread.map((note) => note.text)).toEqual(['Called the clinic back']);
    // Each removal is in the trail, by whoever removed it.
    const entries = await admin.auditEntries({ from: 0, to: Date.now() + 60_000 });
    const removals = entries.filter((entry) => entry.action === 'note_removed' && entry.faxId === faxId).map((entry) => entry.actor);
    expect(removals.sort()).toEqual([mallory.login, hub.office.address.user].sort());
  });

  it('a desk cannot write an entry, a note or a claim in another person\'s name', async () => {
    const [maria, tom] = [await person('forge_m', 'Maria'), await person('forge_t', 'Tom')];
    await expect(maria.withClient((client) => client.query("INSERT INTO fax_hub.claims (fax_id, claimed_by) VALUES ('900000000000000007', $1)", [tom.login]))).rejects.toMatchObject({ kind: 'permission' });
    await expect(
      maria.withClient((client) => client.query("INSERT INTO fax_hub.notes (id, fax_id, author, body_sealed) VALUES ($1, '900000000000000007', $2, '\\x00')", [crypto.randomUUID(), tom.login])),
    ).rejects.toMatchObject({ kind: 'permission' });
    await expect(
      maria.withClient((client) => client.query("INSERT INTO fax_hub.audit (desk_id, seq, actor, action, at, prev_hash, hash) VALUES ('x', 1, $1, 'viewed', now(), '', '')", [tom.login])),
    ).rejects.toMatchObject({ kind: 'permission' });
    // Nor say someone else sent a fax or linked a reply, nor define the office's labels (the administrator's).
    await expect(maria.withClient((client) => client.query("INSERT INTO fax_hub.sent (fax_id, sent_by) VALUES ('900000000000000008', $1)", [tom.login]))).rejects.toMatchObject({ kind: 'permission' });
    await expect(maria.withClient((client) => client.query("INSERT INTO fax_hub.reply_links (fax_id, answers, set_by) VALUES ('900000000000000007', 'x', $1)", [tom.login]))).rejects.toMatchObject({ kind: 'permission' });
    await expect(maria.withClient((client) => client.query("INSERT INTO fax_hub.labels (id, name_sealed) VALUES ($1, '\\x00')", [crypto.randomUUID()]))).rejects.toMatchObject({ kind: 'permission' });
    await tom.recordSent('900000000000000008', null);
    await maria.recordSent('900000000000000008', Date.now());
    expect((await maria.triage(['900000000000000008'])).get('900000000000000008')?.sent).toMatchObject({ by: tom.login, replyDue: null });
  });
});
