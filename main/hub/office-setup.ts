/**
 * Adding and removing the office's people (the administrator's desk; hub-setup.ts makes the office). The
 * administrator signs in as a plain member and asks the hub's functions (hub-schema-roles.ts), which check who asks
 * and touch only this office's people: each person gets a PostgreSQL role of their own in the office's desk role;
 * removing someone takes away sign-in and every privilege at once (their next query is refused, even on a
 * connection already open).
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import { AppError } from '../errors';
import { msg } from '../../preload/i18n/translator';
import { hubClientConfig, type HubAddress, type HubCredentials } from './hub-address';
import { hubError } from './hub-errors';
import { hubVersion, hubSchemaVersion } from './hub-schema';
import { encodeJoinCode } from './join-code';
import { scramVerifier } from './scram-verifier';
import { sealDetailForNextEntry } from './audit-append';
import { asRing, keyCheck, openOrNull, seal, type KeyRing, type OfficeKeys } from './office-key';
import { prepareKeyChange } from './office-keyring';
import { personLoginPattern } from './hub-schema-roles';
import { createHubClient } from './hub-client';
import { inTransaction } from './hub-transaction';
import { createOneTimer } from '../runtime/one-timer';
import { realTimers } from '../runtime/timers';

const loginPattern = new RegExp(personLoginPattern);

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

/** Checks that the hub holds this office and this app can use its schema; resolves when both hold. */
export async function checkOffice(client: pg.ClientBase, officeKey: OfficeKeys | (() => OfficeKeys), beforeKeyCheck?: () => Promise<void>): Promise<void> {
  const version = await hubVersion(client);
  if (version === 0) throw new AppError('not_found', msg('hub.notAnOffice'), { code: 'hub_no_office' });
  if (version < hubSchemaVersion) throw new AppError('conflict', msg('hub.needsUpgrade'), { code: 'hub_schema_older' });
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
    await inTransaction(client, async () => {
      const entry = await sealDetailForNextEntry(client, deskId, officeKey, { person: person.login, personName: person.name });
      await client.query('SELECT fax_hub.add_person($1, $2, $3, $4, $5, $6, $7)', [
        person.login,
        scramVerifier(password),
        new Date(expiresAt),
        seal(officeKey, 'person', person.login, person.name),
        deskId,
        entry.seq,
        entry.detail,
      ]).catch((error: unknown) => {
        // The hub's function refuses a sign-in name any role on the server has.
        if (typeof error === 'object' && error !== null && 'code' in error && error.code === '42710') throw new AppError('conflict', msg('hub.personExists'), { code: 'hub_person_exists' });
        throw error;
      });
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
      const personName = await personNameOf(client, officeKey, login);
      // What is written from now on is sealed with a key the removed person's desk never had.
      const change = await prepareKeyChange(client, asRing(officeKey), login);
      const entry = await sealDetailForNextEntry(client, deskId, change.ring, { person: login, personName });
      await client.query('SELECT fax_hub.remove_person($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)', [login, ...change.params, deskId, entry.seq, entry.detail]);
      return change.ring;
    });
    await new Promise<void>((resolve) => createOneTimer(realTimers).after(noticeMs, resolve));
    await endSessionsOf(client, login);
    return ring;
  });
}

/**
 * Ends every connection a removed or reset person still has (their LISTEN, a lock or transaction they left open):
 * taking away sign-in and privileges does not end sessions already open. The hub's function does it as the owner.
 */
export async function endSessionsOf(client: pg.ClientBase, login: string): Promise<void> {
  await client.query('SELECT fax_hub.end_sessions($1)', [login]);
}

/** A person's name as the office sealed it ('' when it does not open), for the audit entry's detail. */
export async function personNameOf(client: pg.ClientBase, officeKey: OfficeKeys, login: string): Promise<string> {
  const found = await client.query<{ display_sealed: Buffer }>('SELECT display_sealed FROM fax_hub.people WHERE login = $1', [login]);
  const sealed = found.rows[0]?.display_sealed;
  return (sealed ? openOrNull(officeKey, 'person', login, sealed) : null) ?? '';
}

export async function listPeople(client: pg.ClientBase, officeKey: OfficeKeys): Promise<Person[]> {
  const rows = await client.query<{ login: string; display_sealed: Buffer; role: 'admin' | 'staff'; removed_at: Date | null }>('SELECT login, display_sealed, role, removed_at FROM fax_hub.people ORDER BY login');
  // A name that does not open (sealed with a key this desk lacks) shows as the sign-in name, not as no list at all.
  return rows.rows.map((row) => ({ login: row.login, name: openOrNull(officeKey, 'person', row.login, row.display_sealed) ?? row.login, role: row.role, removed: row.removed_at !== null }));
}
