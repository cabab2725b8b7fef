/**
 * Signing in to the office hub on a real PostgreSQL: each way it can go wrong has its own message, nothing is
 * changed on the hub by a desk that cannot use it, join codes are spent once, and removing a person is at once.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { hubClientConfig, type HubAddress } from '../../main/hub/hub-address';
import { openHubSession, type HubSession } from '../../main/hub/hub-session';
import { addPerson, listPeople } from '../../main/hub/office-setup';
import { createOffice, upgradeOffice } from '../../main/hub/hub-setup';
import { collectOfficeKey, confirmJoin, joiningPeople, startJoin } from '../../main/hub/office-join';
import { newDeskKeyPair, unwrapOfficeKey } from '../../main/hub/desk-key';
import { checkChains, entryHash } from '../../main/hub/audit-chain';
import { undoLeastPrivilege, undoRecordFunctions } from '../helpers/hub-schema-undo';
import { deskRoleOf, hubSchemaVersion } from '../../main/hub/hub-schema';
import { decodeJoinCode } from '../../main/hub/join-code';
import { scramVerifier } from '../../main/hub/scram-verifier';
import { createTestOffice, joinWithConfirmation, setupAccountOf, useTestOffice } from '../helpers/hub-office';
import { makeCertificates } from '../helpers/private-postgres';
import { waitUntil } from '../helpers/wait';

const hub = useTestOffice();

const open = async (address: HubAddress, password: string, officeKey = hub.office.officeKey, deskId: string = crypto.randomUUID()): Promise<HubSession> => {
  const session = await openHubSession({ address, credentials: { password }, officeKey, deskId });
  hub.keep(session);
  return session;
};

describe('signing in', () => {
  it('a wrong password, an unknown database, a closed port: each its own message', async () => {
    await expect(open(hub.office.address, 'not the password')).rejects.toMatchObject({ kind: 'authentication', details: { code: 'hub_wrong_password' } });
    await expect(open({ ...hub.office.address, database: 'no_such_office' }, hub.office.adminPassword)).rejects.toMatchObject({ details: { code: 'hub_no_database' } });
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
      });
    });
    await expect(open({ ...hub.office.address, port: closed }, hub.office.adminPassword)).rejects.toMatchObject({ kind: 'offline', details: { code: 'hub_unreachable' } });
  });

  it('a certificate signed by another CA is refused; so is a hub that offers no TLS', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'other-ca-'));
    try {
      const { ca } = makeCertificates(dir, 'Somebody Else');
      await expect(open({ ...hub.office.address, ca }, hub.office.adminPassword)).rejects.toMatchObject({ kind: 'tls', details: { code: 'hub_certificate' } });
      // No CA given: the system's roots do not know the office's own CA either.
      await expect(open({ ...hub.office.address, ca: null }, hub.office.adminPassword)).rejects.toMatchObject({ kind: 'tls', details: { code: 'hub_certificate' } });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // A server that answers the TLS request with "no" (PostgreSQL with ssl = off does): refused, never sent in the clear.
    let received = Buffer.alloc(0);
    const plain = net.createServer((socket) => {
      socket.on('data', (chunk: Buffer) => {
        received = Buffer.concat([received, chunk]);
        socket.write('N');
      });
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const port = (plain.address() as net.AddressInfo).port;
    try {
      await expect(open({ ...hub.office.address, port }, hub.office.adminPassword)).rejects.toMatchObject({ kind: 'tls', details: { code: 'hub_no_tls' } });
      // Only the 8-byte SSLRequest went out: no user name, no password.
      expect(received.length).toBe(8);
      expect(received.readUInt32BE(4)).toBe(80877103);
    } finally {
      plain.close();
    }
  });

  it('an administrator signs in with a client certificate instead of a password; one from another CA is refused', async () => {
    const login = `cert_admin_${process.pid}`;
    const database = hub.server.createDatabase('cert_office');
    hub.server.sql('postgres', `CREATE ROLE ${login} LOGIN IN ROLE hub_cert_users`);
    const { cert, key } = hub.server.clientCertificate(login);
    const address: HubAddress = { ...hub.office.address, database, user: login, clientCertificate: cert };
    const { officeKey } = await createOffice(address, { clientKey: key }, setupAccountOf(hub.server), { name: 'Dr Cert', deskId: 'cert-desk' });
    expect(officeKey).not.toBeNull();
    const session = hub.keep(await openHubSession({ address, credentials: { clientKey: key }, officeKey: officeKey ?? Buffer.alloc(32), deskId: crypto.randomUUID() }));
    expect((await session.claim('960000000000000001')).won).toBe(true);
    // Its people still join with join codes (passwords of their own).
    const code = await addPerson(address, { clientKey: key }, officeKey ?? Buffer.alloc(32), { login: `cert_staff_${process.pid}`, name: 'Staff' }, 'admin-desk');
    const joined = await joinWithConfirmation(code, address, { clientKey: key }, officeKey ?? Buffer.alloc(32));
    await expect(open(joined.address, joined.password, joined.officeKey)).resolves.toBeDefined();

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'other-client-'));
    try {
      makeCertificates(dir, 'Another CA');
      const foreign = { cert: fs.readFileSync(path.join(dir, 'server.crt'), 'utf8'), key: fs.readFileSync(path.join(dir, 'server.key'), 'utf8') };
      await expect(openHubSession({ address: { ...address, clientCertificate: foreign.cert }, credentials: { clientKey: foreign.key }, officeKey: officeKey ?? Buffer.alloc(32), deskId: crypto.randomUUID() })).rejects.toMatchObject({
        kind: 'authentication',
        details: { code: 'hub_client_certificate' },
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // No certificate at all: this account has no password to fall back on.
    await expect(openHubSession({ address: { ...address, clientCertificate: null }, credentials: {}, officeKey: officeKey ?? Buffer.alloc(32), deskId: crypto.randomUUID() })).rejects.toMatchObject({
      kind: 'permission',
      details: { code: 'hub_sign_in_refused' },
    });
  });

  it('a hub made by a newer app is refused with its reason and left as it is', async () => {
    const other = await createTestOffice(hub.server);
    hub.server.sql(other.address.database, "UPDATE fax_hub.meta SET value = '99' WHERE key = 'schema_version'");
    await expect(open(other.address, other.adminPassword, other.officeKey)).rejects.toMatchObject({ kind: 'conflict', details: { code: 'hub_schema_newer' } });
    await expect(createOffice(other.address, { password: other.adminPassword }, setupAccountOf(hub.server), { name: 'x', deskId: 'x-desk' })).rejects.toMatchObject({ details: { code: 'hub_schema_newer' } });
    expect(hub.server.sql(other.address.database, "SELECT value FROM fax_hub.meta WHERE key = 'schema_version'").trim()).toBe('99');
  });

  it('an office made by the previous version: its people are told until the administrator\'s desk brings it up to date', async () => {
    const older = await createTestOffice(hub.server);
    const tom = await older.person('tom_old', 'Tom');
    await tom.session.close();
    // What an earlier version's hub looked like: version 2, without what versions 3 to 8 added.
    hub.server.sql(older.address.database, undoLeastPrivilege(older.address.database, older.address.user));
    hub.server.sql(older.address.database, undoRecordFunctions(deskRoleOf(older.address.database)));
    hub.server.sql(
      older.address.database,
      `DROP TABLE fax_hub.sent, fax_hub.reply_links; DROP TRIGGER labels_changed ON fax_hub.labels; DROP TRIGGER people_changed ON fax_hub.people;
       DROP FUNCTION fax_hub.note_office_change(); ALTER TABLE fax_hub.labels DROP COLUMN removed_at; ALTER TABLE fax_hub.leases DROP COLUMN target_sealed;
       ALTER TABLE fax_hub.audit DROP COLUMN detail_sealed;
       DROP FUNCTION fax_hub.limit_person(text);
       ALTER TABLE fax_hub.notes DROP CONSTRAINT note_size, DROP CONSTRAINT note_fax_id; ALTER TABLE fax_hub.labels DROP CONSTRAINT label_name_size;
       ALTER TABLE fax_hub.people DROP CONSTRAINT person_name_size; ALTER TABLE fax_hub.triage DROP CONSTRAINT labels_size, DROP CONSTRAINT triage_fax_id;
       ALTER TABLE fax_hub.leases DROP CONSTRAINT lease_job; ALTER TABLE fax_hub.claims DROP CONSTRAINT claim_fax_id;
       ALTER TABLE fax_hub.audit DROP CONSTRAINT audit_fax_id;
       ALTER ROLE ${tom.address.user} CONNECTION LIMIT -1; ALTER ROLE ${tom.address.user} IN DATABASE ${older.address.database} RESET ALL;
       GRANT CONNECT, TEMPORARY ON DATABASE ${older.address.database} TO PUBLIC;
       DROP POLICY notes_remove_own ON fax_hub.notes; REVOKE DELETE ON fax_hub.notes FROM ${deskRoleOf(older.address.database)};
       UPDATE fax_hub.meta SET value = '2' WHERE key = 'schema_version'`,
    );
    await expect(open(tom.address, tom.password, older.officeKey)).rejects.toMatchObject({ details: { code: 'hub_schema_older' } });
    await upgradeOffice(older.address, setupAccountOf(hub.server));
    expect(Number(hub.server.sql(older.address.database, "SELECT value FROM fax_hub.meta WHERE key = 'schema_version'").trim())).toBe(hubSchemaVersion);
    // Only the office's people may connect now (any role could before).
    expect(hub.server.sql(older.address.database, `SELECT has_database_privilege('hub_cert_users', '${older.address.database}', 'CONNECT')`).trim()).toBe('f');
    // The upgrade holds the people already in the office to the limits new ones get.
    expect(hub.server.sql(older.address.database, `SELECT rolconnlimit FROM pg_roles WHERE rolname = '${tom.address.user}'`).trim()).toBe('5');
    expect(hub.server.sql(older.address.database, `SELECT array_to_string(s.setconfig, ',') FROM pg_db_role_setting s JOIN pg_roles r ON r.oid = s.setrole WHERE r.rolname = '${tom.address.user}'`).trim()).toBe(
      'statement_timeout=20s,lock_timeout=5s,idle_in_transaction_session_timeout=10s',
    );
    const session = await open(tom.address, tom.password, older.officeKey);
    await session.recordSent('fax-sent-1', null);
    expect((await session.triage(['fax-sent-1'])).get('fax-sent-1')?.sent).toMatchObject({ by: tom.address.user, replyDue: null });
    // Up to date already: nothing to do, nothing changed.
    await upgradeOffice(older.address, setupAccountOf(hub.server));
    await expect(open(tom.address, tom.password, older.officeKey)).resolves.toBeDefined();
  });

  it('a hub at version 6 (the schema the last landed app made), with people, claims, notes and a trail, upgrades: the trail is kept and its chains check', async () => {
    const older = await createTestOffice(hub.server);
    const tom = await older.person('tom_seven', 'Tom');
    const faxId = '910000000000000070';
    await tom.session.claim(faxId);
    await tom.session.addNote(faxId, 'Called the clinic back');
    await tom.session.record('viewed', faxId);
    await tom.session.close();
    const admin = await older.admin();
    const before = await admin.auditEntries({ from: 0, to: Date.now() + 60_000 });
    await admin.close();
    expect(before.length).toBeGreaterThanOrEqual(4);
    // What versions 7 to 9 add, taken away again: the hub as version 6 left it.
    const database = older.address.database;
    const desk = deskRoleOf(database);
    hub.server.sql(database, undoLeastPrivilege(database, older.address.user));
    hub.server.sql(database, undoRecordFunctions(desk));
    hub.server.sql(
      database,
      `DROP POLICY notes_remove_own ON fax_hub.notes; REVOKE DELETE ON fax_hub.notes FROM ${desk};
       DROP TRIGGER notes_changed ON fax_hub.notes;
       CREATE TRIGGER notes_changed AFTER INSERT ON fax_hub.notes FOR EACH ROW EXECUTE FUNCTION fax_hub.note_change();
       GRANT CONNECT, TEMPORARY ON DATABASE ${database} TO PUBLIC; REVOKE CONNECT ON DATABASE ${database} FROM ${desk};
       UPDATE fax_hub.meta SET value = '6' WHERE key = 'schema_version'`,
    );
    // One more entry as a version-6 desk wrote it (hashed on the desk), the newest of Tom's chain before the upgrade.
    const last = before.filter((entry) => entry.deskId === tom.session.deskId).sort((x, y) => y.seq - x.seq)[0];
    if (!last) throw new Error('no entry of Tom\'s desk');
    const deskWritten = { deskId: last.deskId, seq: last.seq + 1, actor: tom.address.user, action: 'printed', faxId, at: new Date().toISOString(), detail: null, prevHash: last.hash };
    hub.server.sql(
      database,
      `INSERT INTO fax_hub.audit (desk_id, seq, actor, action, fax_id, at, prev_hash, hash) VALUES ('${deskWritten.deskId}', ${deskWritten.seq}, '${deskWritten.actor}', 'printed', '${faxId}', '${deskWritten.at}', '${deskWritten.prevHash}', '${entryHash(deskWritten)}')`,
    );
    await expect(open(tom.address, tom.password, older.officeKey)).rejects.toMatchObject({ details: { code: 'hub_schema_older' } });
    await upgradeOffice(older.address, setupAccountOf(hub.server));
    const upgraded = await older.admin();
    hub.keep(upgraded);
    const session = await open(tom.address, tom.password, older.officeKey, tom.session.deskId);
    expect((await session.notes(faxId)).map((note) => note.text)).toEqual(['Called the clinic back']);
    await session.release(faxId);
    expect(await session.claim(faxId)).toMatchObject({ won: true });
    const after = await upgraded.auditEntries({ from: 0, to: Date.now() + 60_000 });
    // Every entry kept as it was; the database's entries go on from the desk's chain, and the chains still check.
    expect(after.slice(0, before.length)).toEqual(before);
    const toms = after.filter((entry) => entry.deskId === tom.session.deskId).sort((x, y) => x.seq - y.seq);
    expect(toms.slice(-3).map((entry) => entry.action)).toEqual(['printed', 'released', 'claimed']);
    expect(checkChains(after)).toEqual([]);
    expect(hub.server.sql(database, `SELECT has_database_privilege('hub_cert_users', '${database}', 'CONNECT')`).trim()).toBe('f');
  });

  it('a hub that asks for the password in clear or as MD5 gets nothing: the desk ends the connection and says why', async () => {
    const clear = await hub.office.person('weak_clear', 'Clear');
    await clear.session.close();
    hub.server.sql('postgres', `GRANT hub_cleartext_users TO ${clear.address.user}`);
    const md5 = await hub.office.person('weak_md5', 'Md5');
    await md5.session.close();
    // An MD5 hash stored for the role (a hub set up long ago): the server then asks for MD5, not SCRAM.
    hub.server.sql('postgres', `SET password_encryption = 'md5'; ALTER ROLE ${md5.address.user} PASSWORD '${md5.password}'; GRANT hub_md5_users TO ${md5.address.user}`);
    for (const person of [clear, md5]) {
      await expect(open(person.address, person.password, hub.office.officeKey)).rejects.toMatchObject({ kind: 'authentication', details: { code: 'hub_password_not_scram' } });
      // The same sign-in through a client that answers anything gets in: the refusal is the desk's, not the server's.
      const lenient = new pg.Client(hubClientConfig(person.address, { password: person.password }));
      await lenient.connect();
      await lenient.end();
    }
  });

  it('creating the office again changes nothing and makes no new key', async () => {
    expect(await createOffice(hub.office.address, { password: hub.office.adminPassword }, setupAccountOf(hub.server), { name: 'again', deskId: 'admin-desk' })).toEqual({ officeKey: null });
    await expect(open(hub.office.address, hub.office.adminPassword)).resolves.toBeDefined();
  });
});

describe('join codes', () => {
  it('a join code holds no office key and no lasting password: it expires, and a damaged or old-format code is refused', async () => {
    const code = await addPerson(hub.office.address, { password: hub.office.adminPassword }, hub.office.officeKey, { login: `spent_${process.pid}`, name: 'Spent' }, 'admin-desk');
    const decoded = decodeJoinCode(code);
    expect(Object.keys(decoded).sort()).toEqual(['address', 'expiresAt', 'password']);
    const key = hub.office.officeKey;
    const inside = Buffer.from(code.split('.')[1] ?? '', 'base64url').toString('utf8');
    for (const form of [key.toString('base64url'), key.toString('base64'), key.toString('hex')]) expect(`${code}${inside}`).not.toContain(form);
    // The hub takes the code's password for 24 hours, not for ever.
    const validUntil = new Date(hub.server.sql('postgres', `SELECT rolvaliduntil FROM pg_roles WHERE rolname = 'spent_${process.pid}'`).trim()).getTime();
    expect(Math.abs(validUntil - decoded.expiresAt)).toBeLessThan(1_000);
    expect(decoded.expiresAt - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(decoded.expiresAt - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    // A code given for one second is refused once it ran out — by the desk, and by the hub to anyone signing in.
    const brief = await addPerson(hub.office.address, { password: hub.office.adminPassword }, hub.office.officeKey, { login: `brief_${process.pid}`, name: 'Brief', validMs: 1_000 }, 'admin-desk');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await expect(startJoin(brief)).rejects.toMatchObject({ details: { code: 'hub_join_code_expired' } });
    const direct = new pg.Client(hubClientConfig(decodeJoinCode(brief).address, { password: decodeJoinCode(brief).password }));
    direct.on('error', () => undefined);
    await expect(direct.connect()).rejects.toMatchObject({ code: '28P01' });
    for (const damaged of ['', 'hello', code.slice(0, 40), `${code}x`, code.replace('FXHUB2.', 'FXHUB3.')]) {
      await expect(startJoin(damaged)).rejects.toMatchObject({ kind: 'invalid_input', details: { code: 'hub_join_code' } });
    }
    // A code of the first format (it carried the office key) gets its own words.
    await expect(startJoin(code.replace('FXHUB2.', 'FXHUB1.'))).rejects.toMatchObject({ details: { code: 'hub_join_code_old' } });
    // Line breaks and spaces from an e-mail are not damage.
    expect(decodeJoinCode(code.replace(/(.{30})/g, '$1\n ')).password).toBe(decodeJoinCode(code).password);
  });

  it('a joining desk can do nothing in the office until the administrator confirms the safety code; then its key arrives wrapped to it', async () => {
    const login = `joining_${process.pid}`;
    const code = await addPerson(hub.office.address, { password: hub.office.adminPassword }, hub.office.officeKey, { login, name: 'Joiner' }, 'admin-desk');
    const started = await startJoin(code);
    expect(started.safetyCode).toMatch(/^\d{3} \d{3}$/);
    // The code is spent: a second use is refused with words that say what to do.
    await expect(startJoin(code)).rejects.toMatchObject({ kind: 'authentication', details: { code: 'hub_join_code_spent' } });
    // With the desk's own password and raw SQL: nothing of the office to read, nothing to change, no key yet.
    const joiner = new pg.Client(hubClientConfig(started.address, { password: started.password }));
    joiner.on('error', () => undefined);
    await joiner.connect();
    try {
      for (const attempt of ['SELECT * FROM fax_hub.triage', 'SELECT * FROM fax_hub.notes', 'SELECT * FROM fax_hub.people', 'SELECT * FROM fax_hub.meta', "SELECT fax_hub.claim('1', 'd')", "SELECT fax_hub.record('viewed', '1', 'd')"]) {
        await expect(joiner.query(attempt), attempt).rejects.toMatchObject({ code: '42501' });
      }
      expect((await joiner.query<{ key: Buffer | null }>('SELECT fax_hub.my_office_key() AS key')).rows[0]?.key).toBeNull();
      // Nor give itself a key, nor ask again with another desk's key.
      await expect(joiner.query("UPDATE fax_hub.enrolments SET wrapped_key = '\\x00'")).rejects.toMatchObject({ code: '42501' });
      await expect(joiner.query('SELECT fax_hub.request_office_key($1)', [newDeskKeyPair().publicKey])).rejects.toMatchObject({ code: '23505' });
    } finally {
      await joiner.end();
    }
    // The administrator's desk lists the person with the code their screen shows; another code is refused.
    const admin = await hub.office.admin();
    hub.keep(admin);
    const waiting = await admin.withClient((client) => joiningPeople(client));
    expect(waiting.find((person) => person.login === login)).toMatchObject({ safetyCode: started.safetyCode, expiresAt: expect.any(Number) as number });
    const wrong = started.safetyCode === '000 000' ? '000 001' : '000 000';
    await expect(confirmJoin(hub.office.address, { password: hub.office.adminPassword }, hub.office.officeKey, login, wrong, 'admin-desk')).rejects.toMatchObject({ details: { code: 'office_join_safety_code' } });
    expect(await collectOfficeKey(started.address, { password: started.password }, started.privateKeyPem)).toBeNull();
    await confirmJoin(hub.office.address, { password: hub.office.adminPassword }, hub.office.officeKey, login, started.safetyCode, 'admin-desk');
    const officeKey = await collectOfficeKey(started.address, { password: started.password }, started.privateKeyPem);
    expect(officeKey?.equals(hub.office.officeKey)).toBe(true);
    // What the hub holds is the key wrapped to that desk: no other private key opens it, and the key is not in it.
    const wrapped = Buffer.from(hub.server.sql(hub.office.address.database, `SELECT encode(wrapped_key, 'hex') FROM fax_hub.enrolments WHERE login = '${login}'`).trim(), 'hex');
    expect(wrapped.includes(hub.office.officeKey)).toBe(false);
    expect(unwrapOfficeKey(wrapped, newDeskKeyPair().privateKeyPem, login)).toBeNull();
    expect(unwrapOfficeKey(wrapped, started.privateKeyPem, 'someone_else')).toBeNull();
    // A member now, for good: the code's expiry is lifted, and the trail says who confirmed whom.
    expect(hub.server.sql('postgres', `SELECT rolvaliduntil FROM pg_roles WHERE rolname = '${login}'`).trim()).toBe('infinity');
    const session = await open(started.address, started.password);
    expect((await session.claim('970000000000000001')).won).toBe(true);
    const entries = await admin.auditEntries({ from: 0, to: Date.now() + 60_000 });
    expect(entries.filter((entry) => entry.action === 'person_confirmed').map((entry) => entry.actor)).toContain(hub.office.address.user);
  });

  it('someone holding a photo of the code uses it first: the person is told, the administrator sees a code nobody real shows, removes it, and no key is ever given', async () => {
    const login = `photo_${process.pid}`;
    const code = await addPerson(hub.office.address, { password: hub.office.adminPassword }, hub.office.officeKey, { login, name: 'Tom' }, 'admin-desk');
    const mallory = await startJoin(code);
    // Tom's own desk, a minute later: refused, in words telling him what it means.
    await expect(startJoin(code)).rejects.toMatchObject({ details: { code: 'hub_join_code_spent' } });
    // The administrator's list shows a safety code — Mallory's, which Tom's screen does not show (it shows none).
    const admin = await hub.office.admin();
    hub.keep(admin);
    const waiting = await admin.withClient((client) => joiningPeople(client));
    expect(waiting.find((person) => person.login === login)?.safetyCode).toBe(mallory.safetyCode);
    await hub.office.remove(login, 0);
    await expect(collectOfficeKey(mallory.address, { password: mallory.password }, mallory.privateKeyPem)).rejects.toMatchObject({ details: { code: 'hub_sign_in_refused' } });
    await expect(confirmJoin(hub.office.address, { password: hub.office.adminPassword }, hub.office.officeKey, login, mallory.safetyCode, 'admin-desk')).rejects.toMatchObject({ details: { code: 'office_join_not_waiting' } });
    expect(hub.server.sql(hub.office.address.database, `SELECT count(*) FROM fax_hub.enrolments WHERE login = '${login}' AND wrapped_key IS NOT NULL`).trim()).toBe('0');
  });

  it('the hub never holds a join code\'s password: roles keep a SCRAM verifier', async () => {
    const code = await addPerson(hub.office.address, { password: hub.office.adminPassword }, hub.office.officeKey, { login: `verifier_${process.pid}`, name: 'V' }, 'admin-desk');
    const { password } = decodeJoinCode(code);
    const stored = hub.server.sql('postgres', `SELECT rolpassword FROM pg_authid WHERE rolname = 'verifier_${process.pid}'`);
    expect(stored).toMatch(/^SCRAM-SHA-256\$4096:/);
    expect(stored).not.toContain(password);
  });

  it('a sign-in name that is not one is refused before anything is made', async () => {
    for (const login of ['Maria', 'x', 'robert"); drop table', '1abc', 'a'.repeat(41)]) {
      await expect(addPerson(hub.office.address, { password: hub.office.adminPassword }, hub.office.officeKey, { login, name: 'n' }, 'admin-desk')).rejects.toMatchObject({ details: { code: 'hub_login' } });
    }
  });

  it('a sign-in name some role on the server has already (the administrator, a person, the superuser) is refused as taken, and no entry is written', async () => {
    const admin = hub.keep(await hub.office.admin());
    const entries = async () => (await admin.auditEntries({ from: 0, to: Date.now() + 60_000 })).length;
    const before = await entries();
    for (const login of [hub.office.address.user, hub.server.superuser]) {
      await expect(addPerson(hub.office.address, { password: hub.office.adminPassword }, hub.office.officeKey, { login, name: 'Taken' }, 'admin-desk')).rejects.toMatchObject({ kind: 'conflict', details: { code: 'hub_person_exists' } });
    }
    expect(await entries()).toBe(before);
  });
});

describe('passwords and the server log', () => {
  it('setting up an office, adding a person and joining write no password into the log of a server that logs every statement', async () => {
    const { server } = hub;
    server.sql('postgres', "ALTER SYSTEM SET log_statement = 'all'");
    server.sql('postgres', 'SELECT pg_reload_conf()');
    try {
      const suffix = crypto.randomBytes(4).toString('hex');
      const adminPassword = crypto.randomBytes(18).toString('base64url');
      const administrator = `logged_admin_${suffix}`;
      // As the office's README tells IT to (psql's \password sends a verifier, not the password).
      server.sql('postgres', `CREATE ROLE ${administrator} LOGIN PASSWORD '${scramVerifier(adminPassword)}'`);
      const database = server.createDatabase('logged');
      const address: HubAddress = { host: server.host, port: server.port, database, user: administrator, ca: server.ca, clientCertificate: null };
      const { officeKey } = await createOffice(address, { password: adminPassword }, setupAccountOf(server), { name: 'Logged Admin', deskId: 'logged-desk' });
      if (!officeKey) throw new Error('no office key');
      const code = await addPerson(address, { password: adminPassword }, officeKey, { login: `logged_person_${suffix}`, name: 'Logged Person' }, 'admin-desk');
      const joined = await joinWithConfirmation(code, address, { password: adminPassword }, officeKey);
      await open(joined.address, joined.password, officeKey).then((session) => session.close());
      const log = server.serverLog();
      // The log does hold the statements (so a password in one would be there to find).
      expect(log).toContain('fax_hub.add_person(');
      expect(log).toContain(`logged_person_${suffix}`);
      expect(log).toContain('SCRAM-SHA-256$4096:');
      for (const secret of [server.password, adminPassword, decodeJoinCode(code).password, joined.password, officeKey.toString('hex'), officeKey.toString('base64')]) expect(log).not.toContain(secret);
    } finally {
      server.sql('postgres', 'ALTER SYSTEM RESET log_statement');
      server.sql('postgres', 'SELECT pg_reload_conf()');
    }
  });
});

describe('removing a person', () => {
  it('takes effect at once: an open session is refused its next action, and a new sign-in is refused', async () => {
    const { session, password, address } = await hub.office.person('leaver', 'Leaver');
    hub.keep(session);
    expect(await session.claim('910000000000000001')).toMatchObject({ won: true });
    await hub.office.remove(session.login);
    // Once the removal returns, nothing of theirs is connected any more (the hub waited for their sessions to end).
    expect(hub.server.sql('postgres', `SELECT count(*) FROM pg_stat_activity WHERE usename = '${session.login}'`).trim()).toBe('0');
    await expect(session.claim('910000000000000002')).rejects.toMatchObject({ kind: 'permission' });
    await expect(open(address, password)).rejects.toMatchObject({ kind: 'permission', details: { code: 'hub_sign_in_refused' } });
    const admin = await hub.office.admin();
    hub.keep(admin);
    const people = await admin.withClient((client) => listPeople(client, hub.office.keys));
    expect(people.find((entry) => entry.login === session.login)).toMatchObject({ name: 'Leaver', removed: true });
    // What they did stays in the audit trail.
    const entries = await admin.auditEntries({ from: 0, to: Date.now() + 60_000 });
    expect(entries.some((entry) => entry.actor === session.login && entry.action === 'claimed')).toBe(true);
  });
});

describe('removing a person ends what they have open', () => {
  it('their raw connections end — the one listening to the office, the one holding a lock — and the lock is free for the others', async () => {
    const { session, password, address } = await hub.office.person('lock_leaver', 'Lock Leaver');
    hub.keep(session);
    const ended: string[] = [];
    const connect = async (name: string): Promise<pg.Client> => {
      const client = new pg.Client(hubClientConfig(address, { password }));
      client.on('error', () => undefined);
      client.on('end', () => ended.push(name));
      await client.connect();
      return client;
    };
    const listener = await connect('listening');
    await listener.query('LISTEN fax_hub');
    const locker = await connect('locking');
    await locker.query('BEGIN');
    // A claim made and left uncommitted: its row is locked for whoever claims the same fax.
    await locker.query("SELECT fax_hub.claim('910000000000000009', 'locking-desk')");
    const countOf = (): number => Number(hub.server.sql(hub.office.address.database, `SELECT count(*) FROM pg_stat_activity WHERE usename = '${session.login}'`).trim());
    expect(countOf()).toBeGreaterThanOrEqual(3);
    await hub.office.remove(session.login, 200);
    // The removal returns once the hub ended them (end_sessions waits for it); the clients hear of it a moment later.
    await waitUntil(() => Promise.resolve(ended.length), (count) => count === 2, { what: 'both connections to end' });
    expect(countOf()).toBe(0);
    // The lock went with its session: another member claims the same fax at once.
    const { session: stayer } = await hub.office.person('lock_stayer', 'Lock Stayer');
    hub.keep(stayer);
    expect(await stayer.claim('910000000000000009')).toMatchObject({ won: true });
    // Nobody is left a member of the removed role with its privileges (the owner, which made it, keeps on PostgreSQL
    // 16 and later only the admin option it was made with: no inheriting, no SET ROLE).
    const members = hub.server.sql('postgres', `SELECT count(*) FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.roleid WHERE r.rolname = '${session.login}' AND pg_has_role(m.member, m.roleid, 'USAGE')`);
    expect(members.trim()).toBe('0');
  });
});

describe('a hub that restarts', () => {
  it('sessions carry on by themselves once it is back', async () => {
    const { session } = await hub.office.person('restart', 'Restart');
    hub.keep(session);
    expect(await session.claim('920000000000000001')).toMatchObject({ won: true });
    hub.server.stop();
    await expect(session.claim('920000000000000002')).rejects.toMatchObject({ kind: 'offline' });
    hub.server.start();
    expect(await session.claim('920000000000000003')).toMatchObject({ won: true });
  });
});
