/**
 * The office key's generations on a desk: at each session the desk leaves its public key on the hub (so a new key
 * can reach it), takes a newer key wrapped to it when the administrator changed the key, and opens the key history
 * (each generation seals the one before) so that everything sealed under older keys still reads. The administrator's
 * desk changes the key when a person is removed: a new key, its check value, the previous key sealed with it, and
 * the new key wrapped to every remaining member's desk — written by the hub's removal function, in its transaction, so what is written after the
 * removal is sealed with a key the removed person never had.
 */
import type { ClientBase } from 'pg';
import { AppError } from '../errors';
import { msg } from '../../preload/i18n/translator';
import { unwrapOfficeKey, wrapOfficeKey } from './desk-key';
import { currentKey, keyCheck, newOfficeKey, openOrNull, seal, type KeyRing, type OfficeKeys } from './office-key';

/** This desk's own key pair (PEM private key and SPKI public key), as it keeps it. */
export interface DeskKeys {
  privateKeyPem: string;
  publicKey: Buffer;
}

interface Generation {
  generation: number;
  key_check: string;
  previous_sealed: Buffer | null;
}

const historyField = 'key-history';

async function generations(client: ClientBase): Promise<Generation[]> {
  const rows = await client.query<Generation>('SELECT generation, key_check, previous_sealed FROM fax_hub.office_keys ORDER BY generation DESC');
  return rows.rows;
}

/** Older keys, newest first, opened one from the other down the history. */
function history(newest: Buffer, rows: readonly Generation[]): Buffer[] {
  const older: Buffer[] = [];
  let key = newest;
  for (const row of rows) {
    if (row.previous_sealed === null) break;
    const previous = openOrNull(key, historyField, String(row.generation), row.previous_sealed);
    if (previous === null) break;
    key = Buffer.from(previous, 'base64');
    older.push(key);
  }
  return older;
}

/**
 * Brings a desk's keys up to the hub's newest generation: registers its desk key, takes a newer key granted to it,
 * and opens the history. Throws "the office key changed" when the hub has a newer key this desk was not given.
 */
export async function catchUpKeys(client: ClientBase, keys: OfficeKeys, desk: DeskKeys | null, login: string): Promise<KeyRing> {
  if (desk !== null) await client.query('SELECT fax_hub.register_desk_key($1)', [desk.publicKey]);
  const rows = await generations(client);
  const newest = rows[0];
  let current = currentKey(keys);
  if (newest !== undefined && newest.key_check !== keyCheck(current) && desk !== null) {
    const granted = await client.query<{ wrapped: Buffer }>('SELECT wrapped FROM fax_hub.key_grants WHERE login = $1 AND desk_key = $2 AND generation = $3', [login, desk.publicKey, newest.generation]);
    const wrapped = granted.rows[0]?.wrapped;
    const opened = wrapped ? unwrapOfficeKey(wrapped, desk.privateKeyPem, login) : null;
    if (opened !== null && keyCheck(opened) === newest.key_check) current = opened;
  }
  // A key of an older generation: this desk is behind and was given no newer one. (A key of no generation at all is
  // the wrong office's: the office check says so.)
  const check = keyCheck(current);
  if (newest !== undefined && newest.key_check !== check && rows.some((row) => row.key_check === check)) {
    throw new AppError('permission', msg('hub.officeKeyChanged'), { code: 'hub_office_key_changed' });
  }
  // The newest generation's row is the one whose check matches; the history below it opens with the current key.
  return { current, older: history(current, rows) };
}

/** A new office key, ready for the hub's function that changes it (the removal's or the reset's). */
export interface KeyChange {
  ring: KeyRing;
  /** The function's key arguments, in its order: generation, check value, previous key sealed, and the grants. */
  params: [number, string, Buffer, string[], Buffer[], Buffer[]];
}

/**
 * Makes a new office key (the administrator's desk, inside the caller's transaction), leaving out `without`: the
 * new key is wrapped to every desk key of the office's other current people. The hub's function writes it.
 */
export async function prepareKeyChange(client: ClientBase, keys: KeyRing, without: string): Promise<KeyChange> {
  const rows = await generations(client);
  const generation = (rows[0]?.generation ?? 1) + 1;
  const fresh = newOfficeKey();
  const desks = await client.query<{ login: string; desk_key: Buffer }>('SELECT login, desk_key FROM fax_hub.office_desk_keys() WHERE login <> $1', [without]);
  return {
    ring: { current: fresh, older: [keys.current, ...keys.older] },
    params: [
      generation,
      keyCheck(fresh),
      seal(fresh, historyField, String(generation), keys.current.toString('base64')),
      desks.rows.map((desk) => desk.login),
      desks.rows.map((desk) => desk.desk_key),
      desks.rows.map((desk) => wrapOfficeKey(fresh, desk.desk_key, desk.login)),
    ],
  };
}
