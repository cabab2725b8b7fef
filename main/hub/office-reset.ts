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
import { recordOfficeChange } from './audit-append';
import { deskRoleOf, quoteIdentifier } from './hub-schema';
import { joiningRoleOf } from './hub-schema-join';
import { inTransaction } from './hub-transaction';
import { encodeJoinCode } from './join-code';
import { asRing, openOrNull, type KeyRing, type OfficeKeys } from './office-key';
import { changeOfficeKey } from './office-keyring';
import { checkOffice, endSessionsOf, joinCodeValidMs, withHub } from './office-setup';
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
      const found = await client.query<{ display_sealed: Buffer; role: string }>('SELECT display_sealed, role FROM fax_hub.people WHERE login = $1 AND removed_at IS NULL', [login]);
      const row = found.rows[0];
      if (!row) throw new AppError('not_found', msg('office.noSuchPerson'), { code: 'office_no_such_person' });
      if (row.role === 'admin') throw new AppError('invalid_input', msg('office.cannotResetAdministrator'), { code: 'office_reset_admin' });
      await client.query(
        `ALTER ROLE ${quoteIdentifier(login)} LOGIN PASSWORD ${client.escapeLiteral(scramVerifier(password))} VALID UNTIL ${client.escapeLiteral(new Date(expiresAt).toISOString())}`,
      );
      await client.query(`REVOKE ${quoteIdentifier(deskRoleOf(address.database))} FROM ${quoteIdentifier(login)}`);
      await client.query(`GRANT ${quoteIdentifier(joiningRoleOf(address.database))} TO ${quoteIdentifier(login)}`);
      await client.query('DELETE FROM fax_hub.enrolments WHERE login = $1', [login]);
      await client.query('DELETE FROM fax_hub.key_grants WHERE login = $1', [login]);
      // The old desk is out: a new office key for everyone else (its desk keys go with it).
      const ring = await changeOfficeKey(client, asRing(officeKey), login);
      const personName = openOrNull(officeKey, 'person', login, row.display_sealed) ?? '';
      await recordOfficeChange(client, { deskId, action: 'person_reset', officeKey: ring, says: { person: login, personName } });
      return ring;
    });
    await endSessionsOf(client, login);
    return changed;
  });
  return { joinCode: encodeJoinCode({ address: { ...address, user: login, clientCertificate: null }, password, expiresAt }), keys };
}
