/**
 * Issue 38 point 2, attacked with the credentials each person really has: the administrator's own sign-in (raw SQL,
 * not the desk), a member's, and someone who knows the owner role's name. The database is the referee. At schema 12
 * the administrator owned the tables and held CREATEROLE; the upgrade test shows the same attack succeeding there
 * and refused after.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { hubClientConfig, type HubAddress } from '../../main/hub/hub-address';
import { checkChains } from '../../main/hub/audit-chain';
import { deskRoleOf, hubSchemaVersion } from '../../main/hub/hub-schema';
import { ownerRoleOf } from '../../main/hub/hub-schema-roles';
import { upgradeOffice } from '../../main/hub/hub-setup';
import { scramVerifier } from '../../main/hub/scram-verifier';
import { createTestOffice, setupAccountOf, useTestOffice, type TestOffice } from '../helpers/hub-office';
import { undoLeastPrivilege } from '../helpers/hub-schema-undo';

const hub = useTestOffice();
const clients: pg.Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
});

async function signIn(address: HubAddress, password: string): Promise<pg.Client> {
  const client = new pg.Client(hubClientConfig(address, { password }));
  client.on('error', () => undefined);
  await client.connect();
  clients.push(client);
  return client;
}

const asAdministrator = (office: TestOffice): Promise<pg.Client> => signIn(office.address, office.adminPassword);
const refused = { code: '42501' };
const inHour = (): Date => new Date(Date.now() + 3600_000);
const verifier = (): string => scramVerifier(crypto.randomBytes(12).toString('base64url'));
/** The key-change arguments of a removal or reset that wraps the new key to nobody (a refusal comes first). */
const noKeyChange = [99, 'check', Buffer.alloc(40), [], [], []] as const;

describe("the administrator's own sign-in, with raw SQL", () => {
  it('owns nothing and may create no role: the guard, the tables, the schema, the database and other roles are out of reach', async () => {
    const admin = await asAdministrator(hub.office);
    const database = hub.office.address.database;
    const attempts: [string, string][] = [
      ['turn the audit guard off', 'ALTER TABLE fax_hub.audit DISABLE TRIGGER audit_append_only'],
      ['delete audit rows', 'DELETE FROM fax_hub.audit'],
      ['lift forced row-level security', 'ALTER TABLE fax_hub.notes NO FORCE ROW LEVEL SECURITY'],
      ['write "handled by" for someone', "UPDATE fax_hub.triage SET handled_by = 'someone'"],
      ['write the people list directly', "UPDATE fax_hub.people SET role = 'admin'"],
      ['add a function to the schema', 'CREATE FUNCTION fax_hub.mine() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$'],
      ['replace an office function', 'CREATE OR REPLACE FUNCTION fax_hub.caller() RETURNS text LANGUAGE sql AS $$ SELECT session_user::text $$'],
      ['take the database', `ALTER DATABASE ${database} OWNER TO CURRENT_USER`],
      ['set something for every session', `ALTER DATABASE ${database} SET search_path = public`],
      ['become the owner', `SET ROLE ${ownerRoleOf(database)}`],
      ['create a role', `CREATE ROLE admin_made_${process.pid}`],
      ['grant itself running programs on the host', 'GRANT pg_execute_server_program TO CURRENT_USER'],
      ['grant itself reading server files', 'GRANT pg_read_server_files TO CURRENT_USER'],
      ['run a program', "COPY (SELECT 1) TO PROGRAM 'true'"],
      ['read a server file', "SELECT pg_read_file('/etc/hostname')"],
      ['give itself CREATEROLE back', 'ALTER ROLE CURRENT_USER CREATEROLE'],
    ];
    for (const [what, statement] of attempts) {
      await expect(admin.query(statement), what).rejects.toMatchObject({ code: expect.stringMatching(/^42501$/) as string });
    }
    // The server's catalogue agrees.
    const role = await admin.query<{ rolsuper: boolean; rolcreaterole: boolean; rolcreatedb: boolean }>('SELECT rolsuper, rolcreaterole, rolcreatedb FROM pg_roles WHERE rolname = current_user');
    expect(role.rows[0]).toEqual({ rolsuper: false, rolcreaterole: false, rolcreatedb: false });
    const memberOf = await admin.query<{ rolname: string }>('SELECT r.rolname FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.roleid WHERE m.member = (SELECT oid FROM pg_roles WHERE rolname = current_user)');
    expect(memberOf.rows.map((row) => row.rolname)).toEqual([deskRoleOf(database)]);
  });

  it("changes a role only through the office's functions, and only this office's staff: not another office's people, not the owner, not itself", async () => {
    const admin = await asAdministrator(hub.office);
    const other = await createTestOffice(hub.server);
    const neighbour = await other.person('neighbour', 'Neighbour');
    await neighbour.session.close();
    const member = await hub.office.person('roles_member', 'Member');
    await member.session.close();
    const targets = [other.address.user, neighbour.address.user, ownerRoleOf(hub.office.address.database), ownerRoleOf(other.address.database), hub.office.address.user, hub.server.superuser];
    for (const login of targets) {
      await expect(admin.query("SELECT fax_hub.reset_person($1, $2, $3, $4, $5, $6, $7, $8, $9, 'admin-desk', NULL, NULL)", [login, verifier(), inHour(), ...noKeyChange]), `reset ${login}`).rejects.toMatchObject(refused);
      await expect(admin.query("SELECT fax_hub.remove_person($1, $2, $3, $4, $5, $6, $7, 'admin-desk', NULL, NULL)", [login, ...noKeyChange]), `remove ${login}`).rejects.toMatchObject(refused);
      await expect(admin.query('SELECT fax_hub.end_sessions($1)', [login]), `end the sessions of ${login}`).rejects.toMatchObject(refused);
    }
    // A row an older hub's administrator could have written straight into the people list does not make another
    // office's person theirs.
    hub.server.sql(hub.office.address.database, `INSERT INTO fax_hub.people (login, display_sealed, role) VALUES ('${neighbour.address.user}', '\\x00', 'staff')`);
    await expect(admin.query("SELECT fax_hub.reset_person($1, $2, $3, $4, $5, $6, $7, $8, $9, 'admin-desk', NULL, NULL)", [neighbour.address.user, verifier(), inHour(), ...noKeyChange])).rejects.toMatchObject(refused);
    // The neighbour's sign-in is as it was.
    await expect(signIn(neighbour.address, neighbour.password)).resolves.toBeDefined();
    // A sign-in name taken on the server (any office's, or the superuser's) is never made a person here.
    for (const login of [neighbour.address.user, hub.server.superuser, ownerRoleOf(other.address.database)]) {
      await expect(admin.query("SELECT fax_hub.add_person($1, $2, $3, '\\x00', 'admin-desk', NULL, NULL)", [login, verifier(), inHour()])).rejects.toMatchObject({ code: expect.stringMatching(/^(42710|23514)$/) as string });
    }
    // A password reaches the hub only as a SCRAM verifier, and a code is taken for a week at most.
    await expect(admin.query("SELECT fax_hub.add_person($1, 'a plain password', $2, '\\x00', 'admin-desk', NULL, NULL)", [`plain_${process.pid}`, inHour()])).rejects.toMatchObject({ code: '23514' });
    await expect(admin.query("SELECT fax_hub.add_person($1, $2, now() + interval '30 days', '\\x00', 'admin-desk', NULL, NULL)", [`long_${process.pid}`, verifier()])).rejects.toMatchObject({ code: '23514' });
    // A current member's sessions are not the administrator's to end.
    await expect(admin.query('SELECT fax_hub.end_sessions($1)', [member.address.user])).rejects.toMatchObject(refused);
    expect(hub.server.sql('postgres', `SELECT count(*) FROM pg_roles WHERE rolname IN ('plain_${process.pid}', 'long_${process.pid}')`).trim()).toBe('0');
  });

  it("a member cannot call the administrator's functions, and nobody signs in as the owner", async () => {
    const member = await hub.office.person('roles_staff', 'Staff');
    await member.session.close();
    const sql = await signIn(member.address, member.password);
    await expect(sql.query("SELECT fax_hub.add_person($1, $2, $3, '\\x00', 'desk', NULL, NULL)", [`by_member_${process.pid}`, verifier(), inHour()])).rejects.toMatchObject(refused);
    await expect(sql.query("SELECT fax_hub.save_label(gen_random_uuid(), true, '\\x00', 'desk', NULL, NULL)")).rejects.toMatchObject(refused);
    await expect(sql.query('SELECT * FROM fax_hub.office_desk_keys()')).rejects.toMatchObject(refused);
    const owner = ownerRoleOf(hub.office.address.database);
    expect(hub.server.sql('postgres', `SELECT rolcanlogin FROM pg_roles WHERE rolname = '${owner}'`).trim()).toBe('f');
    // Even with a password set by someone, the owner's sign-in is refused.
    await expect(signIn({ ...hub.office.address, user: owner }, 'anything')).rejects.toBeDefined();
  });

  it('every table belongs to the owner with row-level security forced; the functions run as the owner; the database is the owner\'s', () => {
    const database = hub.office.address.database;
    const owner = ownerRoleOf(database);
    const tables = hub.server.sql(database, "SELECT string_agg(c.relname || ':' || pg_get_userbyid(c.relowner) || ':' || c.relrowsecurity || ':' || c.relforcerowsecurity, ',' ORDER BY c.relname) FROM pg_class c WHERE c.relnamespace = 'fax_hub'::regnamespace AND c.relkind = 'r'").trim().split(',');
    expect(tables.length).toBeGreaterThanOrEqual(15);
    for (const table of tables) expect(table).toMatch(new RegExp(`^[a-z_]+:${owner}:true:true$`));
    expect(hub.server.sql(database, `SELECT count(*) FROM pg_proc WHERE pronamespace = 'fax_hub'::regnamespace AND pg_get_userbyid(proowner) <> '${owner}'`).trim()).toBe('0');
    expect(hub.server.sql(database, `SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = '${database}'`).trim()).toBe(owner);
    expect(hub.server.sql(database, "SELECT pg_get_userbyid(nspowner) FROM pg_namespace WHERE nspname = 'fax_hub'").trim()).toBe(owner);
  });
});

describe("IT's setup account", () => {
  it("only the server's setup account migrates: the administrator's sign-in given as one is refused with its reason", async () => {
    await expect(upgradeOffice(hub.office.address, { user: hub.office.address.user, password: hub.office.adminPassword })).rejects.toMatchObject({ details: { code: 'hub_setup_account' } });
  });

  it('a hub as the app before this one made it (schema 12: the administrator owning the tables, with CREATEROLE) upgrades: the attack that worked there is refused after, the trail kept and checking, and the people carry on', async () => {
    const older = await createTestOffice(hub.server);
    const tom = await older.person('tom_twelve', 'Tom');
    const faxId = '971000000000000001';
    await tom.session.claim(faxId);
    await tom.session.addNote(faxId, 'Before the upgrade');
    const database = older.address.database;
    hub.server.sql(database, undoLeastPrivilege(database, older.address.user));
    const admin = await asAdministrator(older);
    // What the administrator could do at schema 12 (tried, then taken back): turn the audit's guard off, and on
    // PostgreSQL 13–15 grant itself running programs on the host (16 and later refuse that to CREATEROLE).
    const version = Number((await admin.query<{ server_version_num: string }>('SHOW server_version_num')).rows[0]?.server_version_num);
    await admin.query('BEGIN');
    await admin.query('ALTER TABLE fax_hub.audit DISABLE TRIGGER audit_append_only');
    if (version < 160_000) await admin.query('GRANT pg_execute_server_program TO CURRENT_USER');
    await admin.query('ROLLBACK');
    const before = await tom.session.auditEntries({ from: 0, to: Date.now() + 60_000 });
    await tom.session.close();

    expect(await upgradeOffice(older.address, setupAccountOf(hub.server))).toEqual({ from: 12, to: hubSchemaVersion });
    await expect(admin.query('GRANT pg_execute_server_program TO CURRENT_USER')).rejects.toMatchObject(refused);
    await expect(admin.query('ALTER TABLE fax_hub.audit DISABLE TRIGGER audit_append_only')).rejects.toMatchObject(refused);
    expect(hub.server.sql('postgres', `SELECT rolcreaterole FROM pg_roles WHERE rolname = '${older.address.user}'`).trim()).toBe('f');
    // The trail is kept and checks; Tom (made by the administrator before) is the owner's to manage now.
    const session = await older.admin();
    const after = await session.auditEntries({ from: 0, to: Date.now() + 60_000 });
    expect(after.slice(0, before.length)).toEqual(before);
    expect(checkChains(after)).toEqual([]);
    await session.close();
    await older.remove(tom.address.user, 0);
    expect(hub.server.sql('postgres', `SELECT rolcanlogin FROM pg_roles WHERE rolname = '${tom.address.user}'`).trim()).toBe('f');
    const ana = await older.person('ana_thirteen', 'Ana');
    expect((await ana.session.notes(faxId)).map((note) => note.text)).toEqual(['Before the upgrade']);
    await ana.session.close();
  });
});
