/**
 * The hub's last three holes (issue 57), attacked with raw SQL on a member's real sign-in: what that member can call
 * must neither hold up another desk, nor flood the office through the front door, nor move a desk with a hand-made
 * notification. The database is the referee: each attack is made, and what it did is read back.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { hubClientConfig } from '../../main/hub/hub-address';
import { changeWord, notesPerFaxPerPerson, notesPerPersonWindow } from '../../main/hub/hub-schema-guarded';
import { checkChains, type AuditEntry } from '../../main/hub/audit-chain';
import { useTestOffice } from '../helpers/hub-office';
import { waitUntil } from '../helpers/wait';

const hub = useTestOffice();
let faxNumber = 0;
const newFax = (): string => `97${String(++faxNumber).padStart(16, '0')}`;

async function member(login: string): Promise<{ login: string; session: Awaited<ReturnType<typeof hub.office.person>>['session']; sql: pg.Client }> {
  const { session, address, password } = await hub.office.person(login, login);
  hub.keep(session);
  const sql = new pg.Client(hubClientConfig(address, { password }));
  sql.on('error', () => undefined);
  await sql.connect();
  return { login: address.user, session, sql };
}

const superuser = (query: string): string => hub.server.sql(hub.office.address.database, query).trim();

describe("nothing a member calls holds up another desk's audit chain", () => {
  it("a session-level advisory lock on another desk's chain name freezes nothing, and the hub's own hold is only ever the caller's", async () => {
    const [mallory, maria] = [await member('guard_mallory'), await member('guard_maria')];
    const first = newFax();
    await maria.session.claim(first);
    // The desk id is in the audit trail every member reads.
    const mariasDesk = (await mallory.sql.query<{ desk_id: string }>('SELECT desk_id FROM fax_hub.audit WHERE actor = $1 LIMIT 1', [maria.login])).rows[0]?.desk_id ?? '';
    expect(mariasDesk).toBe(maria.session.deskId);
    // Held for the whole session, outside any transaction: no idle time-out ends it.
    await mallory.sql.query("SELECT pg_advisory_lock(hashtext('fax_hub.audit/' || $1))", [mariasDesk]);

    // Every audited action of Maria's desk goes through (a wait on the lock would be refused after 5 s: 55P03).
    const second = newFax();
    await maria.session.claim(second);
    await maria.session.addNote(second, 'Called the lab back');
    await maria.session.setHandled(second, true);
    await maria.session.assign(second, mallory.login);
    await maria.session.record('viewed', second);

    // The hub's own hold on a chain is refused for someone else's desk, in and out of a transaction, and waits on nothing.
    await expect(mallory.sql.query('SELECT fax_hub.next_entry($1)', [mariasDesk])).rejects.toMatchObject({ code: '42501' });
    await expect(mallory.sql.query('SELECT fax_hub.claim($1, $2)', [newFax(), mariasDesk])).rejects.toMatchObject({ code: '42501' });
    await expect(mallory.sql.query("SELECT fax_hub.add_note(gen_random_uuid(), $1, '\\x00', $2)", [second, mariasDesk])).rejects.toMatchObject({ code: '42501' });
    // Nor can the table that holds the chains be read or locked.
    await expect(mallory.sql.query('SELECT * FROM fax_hub.desks')).rejects.toMatchObject({ code: '42501' });
    await mallory.sql.query('BEGIN');
    await expect(mallory.sql.query('LOCK TABLE fax_hub.desks')).rejects.toMatchObject({ code: '42501' });
    await mallory.sql.query('ROLLBACK');
    // Holding their own desk's chain in an open transaction holds up only themselves.
    await mallory.sql.query('BEGIN');
    expect(Number((await mallory.sql.query<{ seq: string }>("SELECT fax_hub.next_entry('guard-mallory-desk') AS seq")).rows[0]?.seq)).toBe(1);
    await maria.session.release(second);
    await mallory.sql.query('ROLLBACK');

    await mallory.sql.query('SELECT pg_advisory_unlock_all()');
    await mallory.sql.end();
    await maria.sql.end();
    // Maria's chain is whole: every entry in order, each hash on the one before.
    const rows = JSON.parse(superuser(`SELECT coalesce(json_agg(json_build_object('deskId', desk_id, 'seq', seq, 'actor', actor, 'action', action, 'faxId', fax_id, 'at', to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'detail', detail_sealed, 'prevHash', prev_hash, 'hash', hash) ORDER BY seq), '[]') FROM fax_hub.audit WHERE desk_id = '${mariasDesk}'`)) as AuditEntry[];
    expect(rows.map((entry) => entry.action)).toEqual(['claimed', 'claimed', 'noted', 'handled', 'assigned', 'viewed', 'released']);
    expect(checkChains(rows)).toEqual([]);
  });
});

describe('the front door takes no flood', () => {
  it(`20,000 notes in one statement are refused whole; a person adds at most ${notesPerFaxPerPerson} to one fax and ${notesPerPersonWindow} in a while`, async () => {
    const eve = await member('guard_eve');
    const faxId = newFax();
    await expect(eve.sql.query("SELECT fax_hub.add_note(gen_random_uuid(), $1, '\\x00', 'guard-eve-desk') FROM generate_series(1, 20000)", [faxId])).rejects.toMatchObject({ code: '54000' });
    expect(superuser(`SELECT count(*) FROM fax_hub.notes WHERE author = '${eve.login}'`)).toBe('0');
    expect(superuser(`SELECT count(*) FROM fax_hub.changes WHERE fax_id = '${faxId}'`)).toBe('0');

    await eve.sql.query(`SELECT fax_hub.add_note(gen_random_uuid(), $1, '\\x00', 'guard-eve-desk') FROM generate_series(1, ${notesPerFaxPerPerson})`, [faxId]);
    await expect(eve.sql.query("SELECT fax_hub.add_note(gen_random_uuid(), $1, '\\x00', 'guard-eve-desk')", [faxId])).rejects.toMatchObject({ code: '54000' });
    // Spread over faxes, the person's window is the limit.
    const spread = notesPerPersonWindow - notesPerFaxPerPerson;
    await eve.sql.query(`SELECT fax_hub.add_note(gen_random_uuid(), '98' || lpad(g::text, 16, '0'), '\\x00', 'guard-eve-desk') FROM generate_series(1, ${spread}) g`);
    await expect(eve.sql.query("SELECT fax_hub.add_note(gen_random_uuid(), $1, '\\x00', 'guard-eve-desk')", [newFax()])).rejects.toMatchObject({ code: '54000' });
    expect(superuser(`SELECT count(*) FROM fax_hub.notes WHERE author = '${eve.login}'`)).toBe(String(notesPerPersonWindow));
    // Another person's notes on the same fax are theirs to add.
    const other = await member('guard_other');
    await other.session.addNote(faxId, 'Still mine to add');
    // Through the desk, the refusal is one the desk keeps the note for and tries again later.
    await expect(eve.session.addNote(newFax(), 'one more')).rejects.toMatchObject({ kind: 'rate_limited', details: { code: 'hub_too_many' } });
    await eve.sql.end();
    await other.sql.end();
  });

  it("a transaction's many changes are told once, with the hub's one word: a listener counts notifications", async () => {
    const [writer, listener] = [await member('guard_writer'), await member('guard_listener')];
    const heard: Array<{ payload: string; pid: number }> = [];
    listener.sql.on('notification', (message) => heard.push({ payload: message.payload ?? '', pid: message.processId }));
    await listener.sql.query('LISTEN fax_hub');
    const faxes = [newFax(), newFax()];
    await writer.sql.query(`SELECT fax_hub.add_note(gen_random_uuid(), f, '\\x00', 'guard-writer-desk') FROM unnest($1::text[]) f, generate_series(1, 40)`, [faxes]);
    await writer.sql.query('SELECT fax_hub.claim($1, $2)', [faxes[0], 'guard-writer-desk']);
    await waitUntil(() => heard.length, (count) => count >= 2, { what: 'the two transactions told' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard.map((notice) => notice.payload)).toEqual([changeWord, changeWord]);
    // What changed is in the change log, which only the hub writes.
    expect(superuser(`SELECT count(*) FROM fax_hub.changes WHERE fax_id IN ('${faxes.join("','")}')`)).toBe('81');
    await expect(writer.sql.query("INSERT INTO fax_hub.changes (fax_id) VALUES ('x')")).rejects.toMatchObject({ code: '42501' });
    await writer.sql.end();
    await listener.sql.end();
  });
});

describe('a desk moves only by the hub', () => {
  it("a desk's id is its first user's: another person's call naming it is refused, and the refusal leaves the chain as it was", async () => {
    const [ann, bob] = [await member('guard_ann'), await member('guard_bob')];
    const desk = `desk-${crypto.randomUUID()}`;
    await ann.sql.query('SELECT fax_hub.claim($1, $2)', [newFax(), desk]);
    await expect(bob.sql.query('SELECT fax_hub.claim($1, $2)', [newFax(), desk])).rejects.toMatchObject({ code: '42501' });
    expect(superuser(`SELECT string_agg(actor, ',' ORDER BY seq) FROM fax_hub.audit WHERE desk_id = '${desk}'`)).toBe(ann.login);
    await ann.sql.end();
    await bob.sql.end();
  });

  it('filings: a member writes no filing row, names no other way of filing, and takes back only their own', async () => {
    const [ann, bob] = [await member('filing_ann'), await member('filing_bob')];
    const faxId = newFax();
    await expect(ann.sql.query("INSERT INTO fax_hub.filings (fax_id, filed_by, how, filed_at, where_sealed) VALUES ($1, $2, 'person', now(), '\\x00')", [faxId, bob.login])).rejects.toMatchObject({ code: '42501' });
    await expect(ann.sql.query("SELECT fax_hub.record_filing($1, 'robot', '\\x00', 'filing-ann-desk', NULL, NULL)", [faxId])).rejects.toMatchObject({ code: '23514' });
    await expect(ann.sql.query("SELECT fax_hub.record_filing($1, 'person', '\\x00', 'filing-ann-desk', NULL, NULL)", ['9'.repeat(101)])).rejects.toMatchObject({ code: '23514' });
    await ann.sql.query("SELECT fax_hub.record_filing($1, 'person', '\\x00', 'filing-ann-desk', NULL, NULL)", [faxId]);
    expect((await bob.sql.query<{ done: boolean }>("SELECT fax_hub.record_withdrawal($1, 'filing-bob-desk') AS done", [faxId])).rows[0]?.done).toBe(false);
    expect(superuser(`SELECT filed_by || ':' || (withdrawn_at IS NULL) FROM fax_hub.filings WHERE fax_id = '${faxId}'`)).toBe(`${ann.login}:true`);
    expect((await ann.sql.query<{ done: boolean }>("SELECT fax_hub.record_withdrawal($1, 'filing-ann-desk') AS done", [faxId])).rows[0]?.done).toBe(true);
    expect(superuser(`SELECT string_agg(actor || ':' || action, ',' ORDER BY seq) FROM fax_hub.audit WHERE fax_id = '${faxId}'`)).toBe(`${ann.login}:filed,${ann.login}:filing_withdrawn`);
    await ann.sql.end();
    await bob.sql.end();
  });
});
