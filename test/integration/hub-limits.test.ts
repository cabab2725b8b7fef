/**
 * Limits the database holds a member to, attacked with raw SQL and the member's own credentials (what a curious or
 * malicious member really has): connections at once, statement, lock and idle-in-transaction time, and the sizes of
 * what they store. The database refuses; the desk's own caps are not the referee.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { hubClientConfig, type HubAddress } from '../../main/hub/hub-address';
import { personConnectionLimit } from '../../main/hub/hub-schema';
import { seal } from '../../main/hub/office-key';
import { scramVerifier } from '../../main/hub/scram-verifier';
import { createTestOffice, useTestOffice } from '../helpers/hub-office';
import { waitUntil } from '../helpers/wait';

const hub = useTestOffice();

async function member(login: string): Promise<{ address: HubAddress; password: string; connect: () => Promise<pg.Client> }> {
  const { session, address, password } = await hub.office.person(login, login);
  hub.keep(session);
  return {
    address,
    password,
    connect: async () => {
      const client = new pg.Client(hubClientConfig(address, { password }));
      client.on('error', () => undefined);
      await client.connect();
      return client;
    },
  };
}

describe('limits the database holds a member to', () => {
  it(`a member's sessions carry the office's timeouts, and a ${personConnectionLimit + 1}th connection at once is refused`, async () => {
    const eve = await member('limit_eve');
    const opened: pg.Client[] = [];
    try {
      // The desk's own session counts as one.
      for (let index = 0; index < personConnectionLimit - 1; index += 1) opened.push(await eve.connect());
      const settings = await opened[0]?.query<{ statement_timeout: string }>('SHOW statement_timeout');
      expect(settings?.rows[0]?.statement_timeout).toBe('20s');
      expect((await opened[0]?.query<{ lock_timeout: string }>('SHOW lock_timeout'))?.rows[0]?.lock_timeout).toBe('5s');
      expect((await opened[0]?.query<{ idle_in_transaction_session_timeout: string }>('SHOW idle_in_transaction_session_timeout'))?.rows[0]?.idle_in_transaction_session_timeout).toBe('10s');
      await expect(eve.connect()).rejects.toMatchObject({ code: '53300' });
      // Everyone else still gets in.
      const other = await member('limit_other');
      const client = await other.connect();
      await client.end();
    } finally {
      await Promise.all(opened.map((client) => client.end().catch(() => undefined)));
    }
  });

  it('a lock taken and left open is ended by the database: another desk waits at most seconds, then claims', async () => {
    const [mallory, maria] = [await member('limit_mallory'), await member('limit_maria')];
    const hog = await mallory.connect();
    await hog.query('BEGIN');
    // A member may no longer lock the table at all (it takes no direct writes)…
    await expect(hog.query('LOCK TABLE fax_hub.claims')).rejects.toMatchObject({ code: '42501' });
    await hog.query('ROLLBACK');
    // …but may hold a claim's row in a transaction left open, through the hub's own function.
    await hog.query('BEGIN');
    await hog.query("SELECT fax_hub.take_over('980000000000000001', 'hog', NULL, NULL, NULL)");
    const claimer = await maria.connect();
    // Refused by the lock's own time-out (55P03), not the statement's (57014, four times longer) nor waited out.
    await expect(claimer.query("SELECT fax_hub.claim('980000000000000001', 'maria')")).rejects.toMatchObject({ code: '55P03' });
    // The open transaction is ended by the database, and the lock with it.
    await waitUntil(
      () => claimer.query<{ won: boolean }>("SELECT fax_hub.claim('980000000000000001', 'maria') AS won").then((row) => row.rows[0]?.won === true, () => false),
      (claimed) => claimed,
      { what: 'the claim once the idle transaction is ended', timeoutMs: 20_000 },
    );
    await expect(hog.query('SELECT 1')).rejects.toBeDefined();
    await claimer.end();
    await hog.end().catch(() => undefined);
  });

  it('sizes are checked by the database at the app\'s caps: a note, a label, a name, a fax id', async () => {
    const eve = await member('limit_size');
    const client = await eve.connect();
    try {
      const key = hub.office.officeKey;
      const id = crypto.randomUUID();
      // The largest note the app writes fits…
      const addNote = (noteId: string, body: Buffer) => client.query("SELECT fax_hub.add_note($1, '980000000000000002', $2, 'by-hand')", [noteId, body]);
      await addNote(id, seal(key, 'note', `980000000000000002/${id}`, '\u3042'.repeat(10_000)));
      // …one byte of sealed text more, or 32 MiB of anything, does not.
      const other = crypto.randomUUID();
      await expect(addNote(other, seal(key, 'note', `980000000000000002/${other}`, '\u3042'.repeat(10_000) + 'x'))).rejects.toMatchObject({ code: '23514' });
      // 64 MB of hex on the wire: the database's verdict, however long a busy machine takes to carry it there (the
      // desk's own 15 s query time-out once answered first).
      await expect(client.query({ text: "SELECT fax_hub.add_note($1, '980000000000000002', $2, 'by-hand')", values: [crypto.randomUUID(), Buffer.alloc(32 * 1024 * 1024)], query_timeout: 120_000 } as pg.QueryConfig)).rejects.toMatchObject({ code: '23514' });
      await expect(client.query("SELECT fax_hub.claim($1, 'by-hand')", ['9'.repeat(101)])).rejects.toMatchObject({ code: '23514' });
      await expect(client.query("SELECT fax_hub.set_labels($1, $2, 'by-hand', NULL, NULL)", ['980000000000000003', Buffer.alloc(20_000)])).rejects.toMatchObject({ code: '23514' });
    } finally {
      await client.end();
    }
    // The administrator's label and person names too.
    const admin = new pg.Client(hubClientConfig(hub.office.address, { password: hub.office.adminPassword }));
    await admin.connect();
    try {
      const label = crypto.randomUUID();
      await expect(admin.query("SELECT fax_hub.save_label($1, true, $2, 'admin-desk', NULL, NULL)", [label, seal(hub.office.officeKey, 'label', label, 'L'.repeat(41 * 3))])).rejects.toMatchObject({ code: '23514' });
      const verifier = scramVerifier(crypto.randomBytes(12).toString('base64url'));
      await expect(admin.query("SELECT fax_hub.add_person($1, $2, now() + interval '1 hour', $3, 'admin-desk', NULL, NULL)", [`big_name_${process.pid}`, verifier, Buffer.alloc(1000)])).rejects.toMatchObject({ code: '23514' });
    } finally {
      await admin.end();
    }
  });
});

describe('another office on the same server', () => {
  it("a member of another office cannot connect to this office's database (nor listen to its changes there)", async () => {
    const neighbours = await createTestOffice(hub.server);
    const { session, address, password } = await neighbours.person('neighbour', 'Neighbour');
    hub.keep(session);
    const intruder = new pg.Client(hubClientConfig({ ...address, database: hub.office.address.database }, { password }));
    intruder.on('error', () => undefined);
    await expect(intruder.connect()).rejects.toMatchObject({ code: '42501' });
    // Their own office's database they reach as before; this office's people reach theirs.
    const own = new pg.Client(hubClientConfig(address, { password }));
    await own.connect();
    await own.end();
    const member = await hub.office.person('home_member', 'Home Member');
    hub.keep(member.session);
    expect(await member.session.claim('980000000000000077')).toMatchObject({ won: true });
  });
});
