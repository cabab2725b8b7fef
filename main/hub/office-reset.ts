/**
 * A new join code for a person who is in the office already — a new computer, a lost or stolen laptop, a desk
 * that missed a key change. The administrator's desk gives the person a new one-time password that expires, takes
 * them back to the joining role (nothing to read or change until confirmed again), forgets their desk keys and
 * changes the office key without them: the old desk, wherever it is, is out as if the person had been removed; the
 * person joins again with the safety code and keeps their name and their past in the trail.
 */
import crypto from 'node:crypto';
import { AppError } from '../errors';
import { msg } from '../../preload/i18n/translator';
import type { HubAddress, HubCredentials } from './hub-address';
import { sealDetailForNextEntry } from './audit-append';
import { inTransaction } from './hub-transaction';
import { encodeJoinCode } from './join-code';
import { asRing, type KeyRing, type OfficeKeys } from './office-key';
import { prepareKeyChange } from './office-keyring';
import { checkOffice, endSessionsOf, joinCodeValidMs, personNameOf, withHub } from './office-setup';
import { scramVerifier } from './scram-verifier';

export async function resetPerson(
  address: HubAddress,
  credentials: HubCredentials,
  officeKey: OfficeKeys,
  person: { login: string; validMs?: number | undefined },
  deskId: string,
): Promise<{ joinCode: string; keys: KeyRing }> {
  const password = crypto.randomBytes(24).toString('base64url');
  const expiresAt = Date.now() + (person.validMs ?? joinCodeValidMs);
  const login = person.login;
  const keys = await withHub(address, credentials, async (client) => {
    await checkOffice(client, officeKey);
    const changed = await inTransaction(client, async () => {
      const found = await client.query<{ role: string }>('SELECT role FROM fax_hub.people WHERE login = $1 AND removed_at IS NULL', [login]);
      const row = found.rows[0];
      if (!row) throw new AppError('not_found', msg('office.noSuchPerson'), { code: 'office_no_such_person' });
      if (row.role === 'admin') throw new AppError('invalid_input', msg('office.cannotResetAdministrator'), { code: 'office_reset_admin' });
      const personName = await personNameOf(client, officeKey, login);
      // The old desk is out: a new office key for everyone else (its desk keys go with it).
      const change = await prepareKeyChange(client, asRing(officeKey), login);
      const entry = await sealDetailForNextEntry(client, deskId, change.ring, { person: login, personName });
      await client.query('SELECT fax_hub.reset_person($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)', [
        login,
        scramVerifier(password),
        new Date(expiresAt),
        ...change.params,
        deskId,
        entry.seq,
        entry.detail,
      ]);
      return change.ring;
    });
    await endSessionsOf(client, login);
    return changed;
  });
  return { joinCode: encodeJoinCode({ address: { ...address, user: login, clientCertificate: null }, password, expiresAt }), keys };
}
