/**
 * Making an office on a hub, adding and removing people, and joining with a join code. The desk that creates the
 * office signs in as the database's owner (the office's administrator account, allowed to create roles): it runs
 * the migrations, makes the office key and writes only a check value of it to the hub. Each person then gets a
 * PostgreSQL role of their own in the office's desk role; removing someone takes away sign-in and every privilege
 * at once (their next query is refused, even on a connection already open).
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import { AppError } from '../errors';
import { msg } from '../../preload/i18n/translator';
import { hubClientConfig, type HubAddress, type HubCredentials } from './hub-address';
import { hubError } from './hub-errors';
import { deskRoleOf, hubVersion, hubSchemaVersion, migrate, quoteIdentifier } from './hub-schema';
import { encodeJoinCode } from './join-code';
import { joiningRoleOf } from './hub-schema-join';
import { scramVerifier } from './scram-verifier';
import { recordOfficeChange } from './audit-append';
import { asRing, keyCheck, newOfficeKey, openOrNull, seal, type KeyRing, type OfficeKeys } from './office-key';
import { changeOfficeKey } from './office-keyring';
import { createHubClient } from './hub-client';
import { inTransaction } from './hub-transaction';
import { createOneTimer } from '../runtime/one-timer';
import { realTimers } from '../runtime/timers';

const loginPattern = /^[a-z][a-z0-9_]{2,39}$/;

export interface Person {
  login: string;
  name: string;
  role: 'admin' | 'staff';
  removed: boolean;
}

export async function withHub<T>(address: HubAddress, credentials: HubCredentials, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = await createHubClient(hubClientConfig(address, credentials)).catch((error: unknown) => {
    throw hubError(error);
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await work(client);
  } catch (error) {
    throw hubError(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates the office (or brings its schema up to date) and returns the new office key, or null if it existed. */
export async function createOffice(address: HubAddress, credentials: HubCredentials, administrator: { name: string }): Promise<{ officeKey: Buffer | null }> {
  return withHub(address, credentials, async (client) => {
    await migrate(client, address.database);
    const existing = await client.query("SELECT value FROM fax_hub.meta WHERE key = 'key_check'");
    if (existing.rowCount !== 0) return { officeKey: null };
    const officeKey = newOfficeKey();
    await inTransaction(client, async () => {
      await client.query("INSERT INTO fax_hub.meta (key, value) VALUES ('key_check', $1), ('office_id', $2)", [keyCheck(officeKey), crypto.randomUUID()]);
      await client.query('INSERT INTO fax_hub.office_keys (generation, key_check) VALUES (1, $1)', [keyCheck(officeKey)]);
      await client.query("INSERT INTO fax_hub.people (login, display_sealed, role) VALUES ($1, $2, 'admin')", [address.user, seal(officeKey, 'person', address.user, administrator.name)]);
    });
    return { officeKey };
  });
}

/** Brings the office's schema up to this app's version (the administrator's desk, after an update of the app). */
export async function upgradeOffice(address: HubAddress, credentials: HubCredentials): Promise<void> {
  await withHub(address, credentials, async (client) => {
    const version = await hubVersion(client);
    if (version > 0 && version < hubSchemaVersion) await migrate(client, address.database);
  });
}

/** Checks that the hub holds this office and this app can use its schema; resolves when both hold. */
export async function checkOffice(client: pg.ClientBase, officeKey: OfficeKeys | (() => OfficeKeys), beforeKeyCheck?: () => Promise<void>): Promise<void> {
  const version = await hubVersion(client);
  if (version === 0) throw new AppError('not_found', msg('hub.notAnOffice'), { code: 'hub_no_office' });
  if (version < hubSchemaVersion) throw new AppError('conflict', msg('hub.notAnOffice'), { code: 'hub_schema_older' });
  // A session first takes a newer office key the hub holds for it (the key changes when someone is removed).
  await beforeKeyCheck?.();
  const check = await client.query<{ value: string }>("SELECT value FROM fax_hub.meta WHERE key = 'key_check'");
  if (check.rows[0]?.value !== keyCheck(typeof officeKey === 'function' ? officeKey() : officeKey)) throw new AppError('invalid_input', msg('hub.wrongOfficeKey'), { code: 'hub_wrong_office_key' });
}

/** How long a join code is taken unless the administrator says otherwise. */
export const joinCodeValidMs = 24 * 3600_000;

/**
 * Adds a person (run by the administrator's desk) and returns their join code: a one-time password the hub takes
 * until the code expires, for a role that may only ask for the office key (the joining role) until the
 * administrator confirms the person's desk.
 */
export async function addPerson(
  address: HubAddress,
  credentials: HubCredentials,
  officeKey: OfficeKeys,
  person: { login: string; name: string; validMs?: number | undefined },
  deskId: string,
): Promise<string> {
  if (!loginPattern.test(person.login)) throw new AppError('invalid_input', msg('hub.loginInvalid'), { code: 'hub_login' });
  const password = crypto.randomBytes(24).toString('base64url');
  const expiresAt = Date.now() + (person.validMs ?? joinCodeValidMs);
  await withHub(address, credentials, async (client) => {
    await checkOffice(client, officeKey);
    const taken = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [person.login]);
    if (taken.rowCount !== 0) throw new AppError('conflict', msg('hub.personExists'), { code: 'hub_person_exists' });
    await inTransaction(client, async () => {
      await client.query(
        `CREATE ROLE ${quoteIdentifier(person.login)} LOGIN PASSWORD ${client.escapeLiteral(scramVerifier(password))} VALID UNTIL ${client.escapeLiteral(new Date(expiresAt).toISOString())} IN ROLE ${quoteIdentifier(joiningRoleOf(address.database))}`,
      );
      await client.query("INSERT INTO fax_hub.people (login, display_sealed, role) VALUES ($1, $2, 'staff')", [person.login, seal(officeKey, 'person', person.login, person.name)]);
      await client.query('SELECT fax_hub.limit_person($1)', [person.login]);
      await recordOfficeChange(client, { deskId, action: 'person_added', officeKey, says: { person: person.login, personName: person.name } });
    });
  });
  return encodeJoinCode({ address: { ...address, user: person.login, clientCertificate: null }, password, expiresAt });
}

/** How long a removed person's listening desk has to hear who removed them before its connections are ended. */
export const removalNoticeMs = 1_000;

/**
 * Removes a person: no more sign-in, no more privileges, a new office key for everyone else (office-keyring.ts),
 * and a moment later no more open connections. Their past actions stay in the audit trail. Returns the office's
 * keys as they are now (the new key first), for the administrator's desk to keep. The removal is told on the
 * hub's channel as it commits ("removed:<login>:<by>"): the removed person's desk, still listening, learns who
 * removed them (and checks it with the hub: anyone connected could send such a line) before its connections end.
 */
export async function removePerson(address: HubAddress, credentials: HubCredentials, officeKey: OfficeKeys, login: string, deskId: string, noticeMs = removalNoticeMs): Promise<KeyRing> {
  return withHub(address, credentials, async (client) => {
    await checkOffice(client, officeKey);
    const ring = await inTransaction(client, async () => {
      await client.query(`ALTER ROLE ${quoteIdentifier(login)} NOLOGIN`);
      // Out of both roles: a person removed before their desk was confirmed is in the joining role still.
      for (const role of [deskRoleOf(address.database), joiningRoleOf(address.database)]) await client.query(`REVOKE ${quoteIdentifier(role)} FROM ${quoteIdentifier(login)}`);
      const removed = await client.query<{ display_sealed: Buffer }>('UPDATE fax_hub.people SET removed_at = clock_timestamp() WHERE login = $1 RETURNING display_sealed', [login]);
      const sealedName = removed.rows[0]?.display_sealed;
      const personName = (sealedName ? openOrNull(officeKey, 'person', login, sealedName) : null) ?? '';
      // What is written from now on is sealed with a key the removed person's desk never had.
      const changed = await changeOfficeKey(client, asRing(officeKey), login);
      await recordOfficeChange(client, { deskId, action: 'person_removed', officeKey: changed, says: { person: login, personName } });
      await client.query("SELECT pg_notify('fax_hub', 'removed:' || $1 || ':' || current_user)", [login]);
      return changed;
    });
    await new Promise<void>((resolve) => createOneTimer(realTimers).after(noticeMs, resolve));
    await endSessionsOf(client, login);
    return ring;
  });
}

/**
 * Ends every connection the person still has (their LISTEN, a lock or transaction they left open): taking away
 * sign-in and privileges does not end sessions already open. PostgreSQL lets a role end the sessions of roles it
 * is a member of, so the administrator is one for the moment it takes (it may grant the role: it made it).
 */
export async function endSessionsOf(client: pg.ClientBase, login: string): Promise<void> {
  await inTransaction(client, async () => {
    await client.query(`GRANT ${quoteIdentifier(login)} TO CURRENT_USER`);
    await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1', [login]);
    await client.query(`REVOKE ${quoteIdentifier(login)} FROM CURRENT_USER`);
  });
}

export async function listPeople(client: pg.ClientBase, officeKey: OfficeKeys): Promise<Person[]> {
  const rows = await client.query<{ login: string; display_sealed: Buffer; role: 'admin' | 'staff'; removed_at: Date | null }>('SELECT login, display_sealed, role, removed_at FROM fax_hub.people ORDER BY login');
  // A name that does not open (sealed with a key this desk lacks) shows as the sign-in name, not as no list at all.
  return rows.rows.map((row) => ({ login: row.login, name: openOrNull(officeKey, 'person', row.login, row.display_sealed) ?? row.login, role: row.role, removed: row.removed_at !== null }));
}
