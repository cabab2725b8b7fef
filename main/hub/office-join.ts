/**
 * Joining an office without the join code handing out the office key:
 *
 * 1. The joining desk signs in with the code's one-time password, makes its own key pair, leaves the public half on
 *    the hub and replaces the password with one only it knows (the code is spent). It shows the safety code.
 * 2. The administrator's desk lists the person as waiting, with the safety code it computes from the key the hub
 *    holds; the administrator confirms only when the person's screen shows the same digits. Their desk then wraps
 *    the office key to that desk key, lifts the code's expiry and moves the person from the joining role into the
 *    desk role — one transaction, with its audit entry.
 * 3. The joining desk, asking every few seconds, finds the wrapped key, opens it and checks it against the hub.
 *
 * Someone who used a photo of the code first is seen at step 2: the person's own desk could not sign in (the
 * password was spent) and shows no safety code to compare, and the administrator removes that sign-in instead.
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import { AppError, isAppError } from '../errors';
import { msg } from '../../preload/i18n/translator';
import type { HubAddress, HubCredentials } from './hub-address';
import { newDeskKeyPair, safetyCode, unwrapOfficeKey, wrapOfficeKey } from './desk-key';
import { sealDetailForNextEntry } from './audit-append';
import { decodeJoinCode } from './join-code';
import { inTransaction } from './hub-transaction';
import { checkOffice, personNameOf, withHub } from './office-setup';
import { currentKey, type OfficeKeys } from './office-key';
import { scramVerifier } from './scram-verifier';

export interface StartedJoin {
  address: HubAddress;
  /** The password only this desk knows from now on. */
  password: string;
  /** Kept on this desk until the office key has arrived. */
  privateKeyPem: string;
  safetyCode: string;
  /** When the hub stops taking this person's sign-in unless the administrator confirms them first. */
  expiresAt: number;
}

const spent = (): AppError => new AppError('authentication', msg('hub.joinCodeSpent'), { code: 'hub_join_code_spent' });

/** Step 1: asks to join with a join code; the desk then shows the safety code and waits for the administrator. */
export async function startJoin(code: string, now: () => number = Date.now): Promise<StartedJoin> {
  const joined = decodeJoinCode(code);
  if (joined.expiresAt <= now()) throw new AppError('invalid_input', msg('hub.joinCodeExpired'), { code: 'hub_join_code_expired' });
  const password = crypto.randomBytes(24).toString('base64url');
  const pair = newDeskKeyPair();
  try {
    await withHub(joined.address, { password: joined.password }, async (client) => {
      await inTransaction(client, async () => {
        await client.query('SELECT fax_hub.request_office_key($1)', [pair.publicKey]);
        await client.query(`ALTER ROLE CURRENT_USER PASSWORD ${client.escapeLiteral(scramVerifier(password))}`);
      });
    });
  } catch (error) {
    // The one-time password no longer works: spent by another desk, or the code ran out.
    if (isAppError(error) && (error.details.code === 'hub_wrong_password' || error.details.code === 'hub_23505')) throw spent();
    throw error;
  }
  return { address: joined.address, password, privateKeyPem: pair.privateKeyPem, safetyCode: safetyCode(joined.address.user, pair.publicKey), expiresAt: joined.expiresAt };
}

/** Step 3: the office key once the administrator confirmed this desk; null while they have not yet. */
export async function collectOfficeKey(address: HubAddress, credentials: HubCredentials, privateKeyPem: string): Promise<Buffer | null> {
  return withHub(address, credentials, async (client) => {
    const row = await client.query<{ wrapped: Buffer | null }>('SELECT fax_hub.my_office_key() AS wrapped');
    const wrapped = row.rows[0]?.wrapped ?? null;
    if (wrapped === null) return null;
    const officeKey = unwrapOfficeKey(wrapped, privateKeyPem, address.user);
    if (officeKey === null) throw new AppError('invalid_input', msg('hub.wrongOfficeKey'), { code: 'hub_wrong_office_key' });
    await checkOffice(client, officeKey);
    return officeKey;
  });
}

export interface JoiningPerson {
  login: string;
  /** Null until their desk used the code (then: what their screen shows). */
  safetyCode: string | null;
  askedAt: number | null;
  /** When their code stops being taken. */
  expiresAt: number | null;
}

/** The people added but not yet confirmed, as the administrator's desk lists them. */
export async function joiningPeople(client: pg.ClientBase): Promise<JoiningPerson[]> {
  const rows = await client.query<{ login: string; desk_key: Buffer | null; requested_at: Date | null; valid_until: Date | null }>(
    'SELECT login, desk_key, requested_at, valid_until FROM fax_hub.waiting_people()',
  );
  return rows.rows.map((row) => ({
    login: row.login,
    safetyCode: row.desk_key === null ? null : safetyCode(row.login, row.desk_key),
    askedAt: row.requested_at?.getTime() ?? null,
    expiresAt: row.valid_until !== null && Number.isFinite(row.valid_until.getTime()) ? row.valid_until.getTime() : null,
  }));
}

/**
 * Step 2: the administrator confirms a person whose screen shows `shownCode`. Refused when the code the hub's key
 * gives is another (someone else asked as this person), or nobody asked yet.
 */
export async function confirmJoin(address: HubAddress, credentials: HubCredentials, officeKey: OfficeKeys, login: string, shownCode: string, deskId: string): Promise<void> {
  await withHub(address, credentials, async (client) => {
    await checkOffice(client, officeKey);
    await inTransaction(client, async () => {
      const asked = await client.query<{ desk_key: Buffer | null }>('SELECT desk_key FROM fax_hub.waiting_people() WHERE login = $1', [login]);
      const deskKey = asked.rows[0]?.desk_key ?? null;
      if (deskKey === null) throw new AppError('not_found', msg('office.nobodyWaitingToJoin'), { code: 'office_join_not_waiting' });
      if (safetyCode(login, deskKey) !== shownCode) throw new AppError('conflict', msg('office.safetyCodeDiffers'), { code: 'office_join_safety_code' });
      const personName = await personNameOf(client, officeKey, login);
      const entry = await sealDetailForNextEntry(client, deskId, officeKey, { person: login, personName });
      // The hub wraps nothing itself: it takes the key wrapped to the very desk key it holds for this person.
      await client.query('SELECT fax_hub.confirm_person($1, $2, $3, $4, $5, $6)', [login, deskKey, wrapOfficeKey(currentKey(officeKey), deskKey, login), deskId, entry.seq, entry.detail]);
    });
  });
}
