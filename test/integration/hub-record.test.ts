/**
 * The database writes the record (issue 38, point 1), attacked with raw SQL and the credentials each person really
 * has: a member forging "handled by", re-assigning, unlinking or taking a claim without an entry, back-dating a
 * note, finishing a lease for a fax not yet received, writing an entry in someone else's name; a removed member on a
 * connection still open. The database is the referee: what it holds afterwards is what is asserted.
 */
import crypto from 'node:crypto';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { hubClientConfig, type HubAddress } from '../../main/hub/hub-address';
import { checkChains, entryHash, genesisHash, type AuditEntry } from '../../main/hub/audit-chain';
import type { KeptHead } from '../../main/hub/audit-anchors';
import { createAuditWatch } from '../../main/triage/audit-watch';
import { silentLogger } from '../../main/log/logger';
import { sealAuditDetail } from '../../main/hub/audit-detail';
import { deskRoleOf } from '../../main/hub/hub-schema';
import { leaseVoidBefore } from '../../main/hub/office-leases';
import type { HubSession } from '../../main/hub/hub-session';
import { useTestOffice } from '../helpers/hub-office';
import { waitUntil } from '../helpers/wait';

const hub = useTestOffice();

interface Member {
  login: string;
  password: string;
  address: HubAddress;
  session: HubSession;
  sql: pg.Client;
}

async function member(login: string): Promise<Member> {
  const { session, address, password } = await hub.office.person(login, login);
  hub.keep(session);
  const sql = new pg.Client(hubClientConfig(address, { password }));
  sql.on('error', () => undefined);
  await sql.connect();
  connections.push(sql);
  return { login: session.login, password, address, session, sql };
}
const connections: pg.Client[] = [];
afterAll(() => Promise.all(connections.map((client) => client.end().catch(() => undefined))));

const asSuperuser = (statement: string): string => hub.server.sql(hub.office.address.database, statement).trim();
const entryCount = (): number => Number(asSuperuser('SELECT count(*) FROM fax_hub.audit'));
const refused = { code: '42501' };

describe('the database writes the record', () => {
  it('a member cannot write triage, claims, notes, links, sent records, leases or entries straight into the tables', async () => {
    const [mallory, alice] = [await member('rec_mallory'), await member('rec_alice')];
    const faxId = '990000000000000001';
    await alice.session.claim(faxId);
    await alice.session.setHandled(faxId, true);
    await alice.session.assign(faxId, alice.login);
    await alice.session.linkReply(faxId, '990000000000000002');
    const before = { entries: entryCount(), triage: asSuperuser(`SELECT row(t.*)::text FROM fax_hub.triage t WHERE fax_id = '${faxId}'`) };
    const attacks = [
      // "Handled by Alice", un-handled, re-assigned, all without an entry.
      `UPDATE fax_hub.triage SET handled_by = '${alice.login}', updated_by = current_user WHERE fax_id = '${faxId}'`,
      `UPDATE fax_hub.triage SET handled_by = NULL, handled_at = NULL WHERE fax_id = '${faxId}'`,
      `UPDATE fax_hub.triage SET assignee = current_user WHERE fax_id = '${faxId}'`,
      `INSERT INTO fax_hub.triage (fax_id, handled_by, handled_at, updated_by) VALUES ('990000000000000009', '${alice.login}', now(), current_user)`,
      // Alice's claim taken, or dropped, with no entry.
      `UPDATE fax_hub.claims SET claimed_by = current_user WHERE fax_id = '${faxId}'`,
      `DELETE FROM fax_hub.claims WHERE fax_id = '${faxId}'`,
      `INSERT INTO fax_hub.claims (fax_id, claimed_by) VALUES ('990000000000000003', current_user)`,
      // A reply unlinked, a sent record in someone's name.
      `UPDATE fax_hub.reply_links SET answers = NULL, set_by = current_user WHERE fax_id = '${faxId}'`,
      `INSERT INTO fax_hub.sent (fax_id, sent_by, sent_at) VALUES ('990000000000000004', current_user, '2000-01-01')`,
      // A note dated 2000 so it heads the thread.
      `INSERT INTO fax_hub.notes (id, fax_id, author, created_at, body_sealed) VALUES (gen_random_uuid(), '${faxId}', current_user, '2000-01-01', '\\x00')`,
      // A finished lease, so a rule never runs for a fax yet to arrive.
      `INSERT INTO fax_hub.leases (job, holder, desk_id, expires_at, done_at) VALUES ('rule-print:990000000000000005', current_user, 'd', now(), now())`,
      // An entry of any kind, in anyone's name.
      `INSERT INTO fax_hub.audit (desk_id, seq, actor, action, at, prev_hash, hash) VALUES ('x', 1, '${alice.login}', 'viewed', now(), '', '')`,
    ];
    for (const attack of attacks) await expect(mallory.sql.query(attack), attack).rejects.toMatchObject(refused);
    // Nor lock a table so that nobody claims.
    await mallory.sql.query('BEGIN');
    await expect(mallory.sql.query('LOCK TABLE fax_hub.claims IN EXCLUSIVE MODE')).rejects.toMatchObject(refused);
    await mallory.sql.query('ROLLBACK');
    // Nothing moved, nothing was written.
    expect(asSuperuser(`SELECT row(t.*)::text FROM fax_hub.triage t WHERE fax_id = '${faxId}'`)).toBe(before.triage);
    expect(asSuperuser(`SELECT claimed_by FROM fax_hub.claims WHERE fax_id = '${faxId}'`)).toBe(alice.login);
    expect(asSuperuser("SELECT count(*) FROM fax_hub.leases WHERE job = 'rule-print:990000000000000005'")).toBe('0');
    expect(entryCount()).toBe(before.entries);
  });

  it('through the functions, who and when are the database\'s: no argument names a person or a time, even after SET ROLE', async () => {
    const [mallory, alice] = [await member('who_mallory'), await member('who_alice')];
    const faxId = '990000000000000011';
    // Acting as the office's group role changes nothing: the session's sign-in is who acts.
    await mallory.sql.query(`SET ROLE "${deskRoleOf(hub.office.address.database)}"`);
    await mallory.sql.query("SELECT fax_hub.set_handled($1, true, 'desk-m')", [faxId]);
    await mallory.sql.query("SELECT fax_hub.add_note($1, $2, '\\x00', 'desk-m')", [crypto.randomUUID(), faxId]);
    await mallory.sql.query('RESET ROLE');
    expect(asSuperuser(`SELECT handled_by FROM fax_hub.triage WHERE fax_id = '${faxId}'`)).toBe(mallory.login);
    const note = asSuperuser(`SELECT author || ' ' || (abs(extract(epoch FROM now() - created_at)) < 60)::text FROM fax_hub.notes WHERE fax_id = '${faxId}'`);
    expect(note).toBe(`${mallory.login} true`);
    const entries = asSuperuser(`SELECT string_agg(actor || ':' || action, ',' ORDER BY seq) FROM fax_hub.audit WHERE desk_id = 'desk-m'`);
    expect(entries).toBe(`${mallory.login}:handled,${mallory.login}:noted`);
    // A desk's own account is limited to what only a desk sees; the office's changes are the administrator's.
    await expect(mallory.sql.query("SELECT fax_hub.record('claimed', $1, 'desk-m')", [faxId])).rejects.toMatchObject({ code: '23514' });
    await expect(mallory.sql.query("SELECT fax_hub.remove_label(gen_random_uuid(), 'desk-m', NULL, NULL)")).rejects.toMatchObject(refused);
    await expect(mallory.sql.query('SELECT * FROM fax_hub.waiting_people()')).rejects.toMatchObject(refused);
    // Another's note is not theirs to remove; Alice's claim is not theirs to release.
    await alice.session.addNote(faxId, 'Called back');
    const alicesNote = asSuperuser(`SELECT id FROM fax_hub.notes WHERE author = '${alice.login}'`);
    expect((await mallory.sql.query<{ removed: boolean }>("SELECT fax_hub.remove_note($1, $2, 'desk-m') AS removed", [alicesNote, faxId])).rows[0]?.removed).toBe(false);
    await alice.session.claim(faxId);
    expect((await mallory.sql.query<{ released: boolean }>("SELECT fax_hub.release($1, 'desk-m') AS released", [faxId])).rows[0]?.released).toBe(false);
    expect(asSuperuser(`SELECT claimed_by FROM fax_hub.claims WHERE fax_id = '${faxId}'`)).toBe(alice.login);
    // Alice's desk's chain is hers (schema 15): Mallory cannot write into it, and the chain still checks.
    const before = (await alice.session.auditEntries({ from: 0, to: Date.now() + 60_000 })).filter((entry) => entry.deskId === alice.session.deskId);
    await expect(mallory.sql.query('SELECT fax_hub.record($1, $2, $3)', ['viewed', faxId, alice.session.deskId])).rejects.toMatchObject(refused);
    const all = await alice.session.auditEntries({ from: 0, to: Date.now() + 60_000 });
    expect(all.filter((entry) => entry.deskId === alice.session.deskId)).toEqual(before);
    expect(checkChains(all)).toEqual([]);
  });

  it('a detail sealed for another entry number is refused, so a detail cannot be moved onto another entry', async () => {
    const mallory = await member('seq_mallory');
    const faxId = '990000000000000021';
    await mallory.session.assign(faxId, mallory.login);
    const deskId = mallory.session.deskId;
    const next = Number(asSuperuser(`SELECT max(seq) FROM fax_hub.audit WHERE desk_id = '${deskId}'`)) + 1;
    const sealedForOld = sealAuditDetail(hub.office.officeKey, deskId, next - 1, { assignee: 'someone' });
    await expect(mallory.sql.query('SELECT fax_hub.assign($1, NULL, $2, $3, $4)', [faxId, deskId, next - 1, sealedForOld])).rejects.toMatchObject({ code: '40001' });
    await expect(mallory.sql.query('SELECT fax_hub.assign($1, NULL, $2, NULL, $3)', [faxId, deskId, sealedForOld])).rejects.toMatchObject({ code: '40001' });
    expect(asSuperuser(`SELECT assignee FROM fax_hub.triage WHERE fax_id = '${faxId}'`)).toBe(mallory.login);
  });

  it('leases: only their holder renews, names or finishes one; a lease finished before its fax arrived does not stop the rule', async () => {
    const [mallory, desk] = [await member('lease_mallory'), await member('lease_desk')];
    const job = 'rule-print:990000000000000031';
    // Mallory takes and finishes the job for a fax that has not arrived yet…
    expect((await mallory.session.takeJob(job, 60_000)).turn).toBe('mine');
    await mallory.session.finishJob(job);
    expect(asSuperuser(`SELECT count(*) FROM fax_hub.audit WHERE action = 'job_done' AND fax_id = '990000000000000031' AND actor = '${mallory.login}'`)).toBe('1');
    // …and a desk without the fax's arrival time believes it (the lease is all it knows)…
    expect((await desk.session.takeJob(job, 60_000)).turn).toBe('done');
    // …but the fax arrives two hours later: the lease finished before it is void and the job is the desk's.
    hub.server.sql(hub.office.address.database, `UPDATE fax_hub.leases SET done_at = now() - interval '2 hours' WHERE job = '${job}'`);
    expect((await desk.session.takeJob(job, 60_000, leaseVoidBefore(new Date().toISOString()))).turn).toBe('mine');
    // Mallory can no longer renew, rename or finish it.
    expect((await mallory.sql.query<{ renewed: boolean }>('SELECT fax_hub.renew_lease($1, $2, 60000) AS renewed', [job, mallory.session.deskId])).rows[0]?.renewed).toBe(false);
    expect((await mallory.sql.query<{ named: boolean }>("SELECT fax_hub.name_lease($1, $2, '\\x00') AS named", [job, desk.session.deskId])).rows[0]?.named).toBe(false);
    expect((await mallory.sql.query<{ finished: boolean }>('SELECT fax_hub.finish_lease($1, $2, NULL) AS finished', [job, desk.session.deskId])).rows[0]?.finished).toBe(false);
    expect(asSuperuser(`SELECT holder || ' ' || (done_at IS NULL)::text FROM fax_hub.leases WHERE job = '${job}'`)).toBe(`${desk.login} true`);
    // A lease finished after its fax arrived (a job really done) is never taken again, whatever arrival a desk says.
    await desk.session.finishJob(job);
    expect((await mallory.session.takeJob(job, 60_000, leaseVoidBefore(new Date().toISOString()))).turn).toBe('done');
    // Leases longer than ten minutes are refused (a desk renews well before).
    await expect(mallory.sql.query("SELECT * FROM fax_hub.take_lease('rule-save:1', 'd', 86400000, NULL)")).rejects.toMatchObject({ code: '23514' });
  });

  it('removed before the call: every call on a connection still open is refused, and nothing is written', async () => {
    const gone = await member('rec_gone_before');
    const faxId = '990000000000000041';
    const entries = entryCount();
    await hub.office.removeInSteps(gone.login, {
      // Committed, the person's connection still open (the notice the desk gives before it ends their sessions).
      afterCommit: async () => {
        for (const attempt of ["SELECT fax_hub.claim($1, 'd')", "SELECT fax_hub.set_handled($1, true, 'd')", "SELECT fax_hub.record('viewed', $1, 'd')"]) {
          await expect(gone.sql.query(attempt, [faxId])).rejects.toMatchObject(refused);
        }
      },
    });
    expect(asSuperuser(`SELECT count(*) FROM fax_hub.claims WHERE fax_id = '${faxId}'`)).toBe('0');
    // The only entry written meanwhile is the removal itself.
    expect(entryCount()).toBe(entries + 1);
  });

  it('a call under way when the removal comes (its transaction still open): the removal ends it, and nothing of it is kept', async () => {
    const gone = await member('rec_gone_during');
    const faxId = '990000000000000042';
    const entries = entryCount();
    await gone.sql.query('BEGIN');
    expect((await gone.sql.query<{ claim: boolean }>("SELECT fax_hub.claim($1, 'd')", [faxId])).rows[0]?.claim).toBe(true);
    // The removal does not wait for the person: their open transaction ends with their session when it takes their
    // row, so a commit once the removal is committed (before the notice ends their sessions) has nothing to commit.
    await hub.office.removeInSteps(gone.login, { afterCommit: () => expect(gone.sql.query('COMMIT')).rejects.toThrow() });
    expect(asSuperuser(`SELECT count(*) FROM fax_hub.claims WHERE fax_id = '${faxId}'`)).toBe('0');
    expect(asSuperuser(`SELECT count(*) FROM fax_hub.audit WHERE actor = '${gone.login}'`)).toBe('0');
    expect(entryCount()).toBe(entries + 1);
  });

  it('a call made while the removal is under way waits for it, then is refused: nothing of the person is dated after their removal', async () => {
    const gone = await member('rec_gone_while');
    const faxId = '990000000000000043';
    const entries = entryCount();
    // A desk that waits as long as it takes (a person's sessions give up after 5 s by default).
    await gone.sql.query("SET lock_timeout = '60s'");
    let call: Promise<unknown> = Promise.resolve();
    await hub.office.removeInSteps(gone.login, {
      whileOpen: async () => {
        call = gone.sql.query("SELECT fax_hub.claim($1, 'd')", [faxId]);
        call.catch(() => undefined);
        // The call has reached the hub and waits there for the removal's transaction.
        await waitUntil(() => asSuperuser(`SELECT count(*) FROM pg_stat_activity WHERE usename = '${gone.login}' AND wait_event_type = 'Lock'`), (count) => count === '1', { what: 'the call waiting for the removal' });
      },
      afterCommit: async () => {
        await expect(call).rejects.toMatchObject(refused);
      },
    });
    expect(asSuperuser(`SELECT count(*) FROM fax_hub.claims WHERE fax_id = '${faxId}'`)).toBe('0');
    expect(asSuperuser(`SELECT count(*) FROM fax_hub.audit WHERE actor = '${gone.login}'`)).toBe('0');
    expect(entryCount()).toBe(entries + 1);
  });

  it('a member cannot hold up their own removal with a transaction left open or a long statement: the removal ends both', async () => {
    const stubborn = await member('rec_stubborn');
    const holder = new pg.Client(hubClientConfig(stubborn.address, { password: stubborn.password }));
    holder.on('error', () => undefined);
    await holder.connect();
    connections.push(holder);
    // One connection idles in a transaction holding the person's row; the other sleeps inside one.
    await stubborn.sql.query('BEGIN');
    await stubborn.sql.query("SELECT fax_hub.record('viewed', '990000000000000044', 'd')");
    await holder.query('BEGIN');
    await holder.query("SELECT fax_hub.record('viewed', '990000000000000045', 'd2')");
    const sleeping = holder.query('SELECT pg_sleep(15)');
    sleeping.catch(() => undefined);
    await waitUntil(() => asSuperuser(`SELECT count(*) FROM pg_stat_activity WHERE usename = '${stubborn.login}' AND query LIKE 'SELECT pg_sleep(15)%' AND state = 'active'`), (count) => count === '1', { what: 'the long statement running' });
    await hub.office.removeInSteps(stubborn.login, {});
    // Ended by the removal (57P01), not waited out: neither the statement's nor the idle transaction's own time-out.
    await expect(sleeping).rejects.toMatchObject({ code: '57P01' });
    await expect(stubborn.sql.query('COMMIT')).rejects.toThrow();
    expect(asSuperuser(`SELECT removed_at IS NOT NULL FROM fax_hub.people WHERE login = '${stubborn.login}'`)).toBe('t');
    expect(asSuperuser(`SELECT count(*) FROM fax_hub.audit WHERE actor = '${stubborn.login}'`)).toBe('0');
  });

  it('random sequences of members\' changes: each change is exactly one entry, by its caller, and the chains check', async () => {
    const people = [await member('rnd_a'), await member('rnd_b'), await member('rnd_c')];
    const faxes = ['990000000000000051', '990000000000000052', '990000000000000053'];
    const operation = fc.record({
      who: fc.integer({ min: 0, max: people.length - 1 }),
      fax: fc.constantFrom(...faxes),
      kind: fc.constantFrom('claim', 'release', 'takeOver', 'assign', 'handled', 'notHandled', 'note', 'labels', 'sent', 'link', 'viewed', 'raw'),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 5, maxLength: 25 }), async (operations) => {
        const before = await people[0]?.session.auditEntries({ from: 0, to: Date.now() + 60_000 });
        const changed: { actor: string; action: string; faxId: string }[] = [];
        for (const op of operations) {
          const person = people[op.who] as Member;
          const { session } = person;
          const log = (action: string): void => void changed.push({ actor: session.login, action, faxId: op.fax });
          const held = asSuperuser(`SELECT claimed_by FROM fax_hub.claims WHERE fax_id = '${op.fax}'`);
          const sentBefore = asSuperuser(`SELECT count(*) FROM fax_hub.sent WHERE fax_id = '${op.fax}'`);
          if (op.kind === 'claim') {
            if ((await session.claim(op.fax)).won && held === '') log('claimed');
          } else if (op.kind === 'release') {
            await session.release(op.fax);
            if (held === session.login) log('released');
          } else if (op.kind === 'takeOver') {
            await session.takeOver(op.fax);
            log('took_over');
          } else if (op.kind === 'assign') {
            await session.assign(op.fax, session.login);
            log('assigned');
          } else if (op.kind === 'handled' || op.kind === 'notHandled') {
            await session.setHandled(op.fax, op.kind === 'handled');
            log(op.kind === 'handled' ? 'handled' : 'not_handled');
          } else if (op.kind === 'note') {
            await session.addNote(op.fax, 'A note');
            log('noted');
          } else if (op.kind === 'labels') {
            await session.setLabels(op.fax, [crypto.randomUUID()]);
            log('labelled');
          } else if (op.kind === 'sent') {
            await session.recordSent(op.fax, null);
            if (sentBefore === '0') log('sent');
          } else if (op.kind === 'link') {
            await session.linkReply(op.fax, null);
            log('reply_linked');
          } else if (op.kind === 'viewed') {
            await session.record('viewed', op.fax);
            log('viewed');
          } else {
            await expect(person.sql.query(`UPDATE fax_hub.triage SET handled_by = current_user WHERE fax_id = '${op.fax}'`)).rejects.toMatchObject(refused);
          }
        }
        const after = (await people[0]?.session.auditEntries({ from: 0, to: Date.now() + 60_000 })) ?? [];
        const seen = new Set((before ?? []).map((entry) => `${entry.deskId}/${entry.seq}`));
        const added = after.filter((entry: AuditEntry) => !seen.has(`${entry.deskId}/${entry.seq}`));
        const key = (entry: { actor: string; action: string; faxId: string | null }): string => `${entry.actor} ${entry.action} ${entry.faxId ?? ''}`;
        expect(added.map(key).sort()).toEqual(changed.map(key).sort());
        expect(checkChains(after)).toEqual([]);
      }),
      { numRuns: 8, seed: 38_001 },
    );
  });
});

describe('an audit trail the administrator cannot rewrite unseen', () => {
  it('the administrator deletes an entry, renumbers and re-hashes the chain so that it checks: a desk that kept its head finds it', async () => {
    const alice = await member('anchor_alice');
    const faxId = '990000000000000061';
    for (const action of ['viewed', 'printed', 'saved'] as const) await alice.session.record(action, faxId);
    let kept: KeptHead[] = [];
    const watch = createAuditWatch({
      read: (heads) => alice.session.chainHeads(heads),
      kept: () => kept,
      keep: (heads) => Promise.resolve(void (kept = heads)),
      onFindings: () => undefined,
      log: silentLogger,
    });
    expect(await watch.check()).toEqual([]);
    expect(kept.find((head) => head.deskId === alice.session.deskId)?.seq).toBe(3);

    // The administrator's own credentials own nothing: the table's guard stays on (hub-roles.test.ts tries more).
    const admin = new pg.Client(hubClientConfig(hub.office.address, { password: hub.office.adminPassword }));
    await admin.connect();
    try {
      await expect(admin.query('ALTER TABLE fax_hub.audit DISABLE TRIGGER audit_append_only')).rejects.toMatchObject({ code: '42501' });
    } finally {
      await admin.end();
    }
    // The server's superuser (IT's setup account) can: it turns the guard off and rewrites the chain.
    const administrator = new pg.Client(hubClientConfig({ ...hub.office.address, user: hub.server.superuser }, { password: hub.server.password }));
    await administrator.connect();
    try {
      const chain = (await alice.session.auditEntries({ from: 0, to: Date.now() + 60_000 })).filter((entry) => entry.deskId === alice.session.deskId).sort((a, b) => a.seq - b.seq);
      const without = chain.filter((entry) => entry.action !== 'printed');
      let prevHash = genesisHash;
      await administrator.query('BEGIN');
      await administrator.query('ALTER TABLE fax_hub.audit DISABLE TRIGGER audit_append_only');
      await administrator.query("DELETE FROM fax_hub.audit WHERE desk_id = $1 AND action = 'printed'", [alice.session.deskId]);
      for (const [index, entry] of without.entries()) {
        const renumbered = { ...entry, seq: index + 1, prevHash };
        const hash = entryHash(renumbered);
        await administrator.query('UPDATE fax_hub.audit SET seq = $3, prev_hash = $4, hash = $5 WHERE desk_id = $1 AND seq = $2', [entry.deskId, entry.seq, renumbered.seq, prevHash, hash]);
        prevHash = hash;
      }
      await administrator.query('ALTER TABLE fax_hub.audit ENABLE TRIGGER audit_append_only');
      await administrator.query('COMMIT');
    } finally {
      await administrator.end();
    }
    // The chain alone checks again…
    const rewritten = await alice.session.auditEntries({ from: 0, to: Date.now() + 60_000 });
    expect(checkChains(rewritten)).toEqual([]);
    expect(rewritten.filter((entry) => entry.deskId === alice.session.deskId).map((entry) => entry.action)).toEqual(['viewed', 'saved']);
    // …the head the desk kept does not.
    expect(await watch.check()).toEqual([{ deskId: alice.session.deskId, seq: 3, problem: 'missing' }]);
    // Nor does it once entries are appended to bring the chain back to its old length.
    await alice.session.record('viewed', faxId);
    expect(await watch.check()).toEqual([{ deskId: alice.session.deskId, seq: 3, problem: 'rewritten' }]);
  });
});

