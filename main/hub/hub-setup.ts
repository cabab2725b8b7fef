/**
 * IT's part of the office hub: making the office's schema and roles, and upgrading them when the app is updated.
 * Both run with the server's setup account (its superuser), typed in on the administrator's desk for that moment
 * and never kept: from schema 13 the office belongs to an owner role nobody signs in as, so no person's account —
 * the administrator's included — may change the schema, own a table or create roles.
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import { AppError } from '../errors';
import { msg } from '../../preload/i18n/translator';
import type { HubAddress, HubCredentials } from './hub-address';
import { deskRoleOf, hubVersion, hubSchemaVersion, migrate, quoteIdentifier, requireSetupAccount } from './hub-schema';
import { keyCheck, newOfficeKey, seal } from './office-key';
import { inTransaction } from './hub-transaction';
import { withHub } from './office-setup';
import { sealDetailForNextEntry } from './audit-append';

/** The server's setup account (IT's): used for one setup or upgrade, never kept on the desk. */
export interface SetupAccount {
  user: string;
  password: string;
}

const setupAddress = (address: HubAddress, setup: SetupAccount): HubAddress => ({ ...address, user: setup.user, clientCertificate: null });

/** The administrator's own sign-in works, and it is a person's account, not one that may do more. */
async function checkAdministrator(address: HubAddress, credentials: HubCredentials): Promise<void> {
  await withHub(address, credentials, async (client: pg.Client) => {
    const role = await client.query<{ rolsuper: boolean }>('SELECT rolsuper FROM pg_roles WHERE rolname = current_user');
    if (role.rows[0]?.rolsuper !== false) throw new AppError('invalid_input', msg('hub.administratorIsSuperuser'), { code: 'hub_admin_superuser' });
  });
}

/**
 * Creates the office (or brings its schema up to date) with IT's setup account, the administrator (`address.user`,
 * signing in with `credentials`) its first person, and returns the new office key — or null if the office existed.
 * The administrator keeps no CREATEROLE and owns nothing.
 */
export async function createOffice(address: HubAddress, credentials: HubCredentials, setup: SetupAccount, administrator: { name: string; deskId: string }): Promise<{ officeKey: Buffer | null }> {
  await checkAdministrator(address, credentials);
  const made = await withHub(setupAddress(address, setup), { password: setup.password }, async (client) => {
    await migrate(client, address.database);
    return inTransaction(client, async () => {
      const existing = await client.query("SELECT value FROM fax_hub.meta WHERE key = 'key_check' FOR UPDATE");
      if (existing.rowCount !== 0) return { officeKey: null };
      const officeKey = newOfficeKey();
      await client.query("INSERT INTO fax_hub.meta (key, value) VALUES ('key_check', $1), ('office_id', $2)", [keyCheck(officeKey), crypto.randomUUID()]);
      await client.query('INSERT INTO fax_hub.office_keys (generation, key_check) VALUES (1, $1)', [keyCheck(officeKey)]);
      await client.query("INSERT INTO fax_hub.people (login, display_sealed, role) VALUES ($1, $2, 'admin')", [address.user, seal(officeKey, 'person', address.user, administrator.name)]);
      await client.query(`ALTER ROLE ${quoteIdentifier(address.user)} NOCREATEROLE`);
      await client.query(`GRANT ${quoteIdentifier(deskRoleOf(address.database))} TO ${quoteIdentifier(address.user)}`);
      return { officeKey };
    });
  });
  const officeKey = made.officeKey;
  if (officeKey === null) return made;
  // The trail begins with the office's creation, by its administrator (the setup account is nobody of the office).
  await withHub(address, credentials, (client) =>
    inTransaction(client, async () => {
      const entry = await sealDetailForNextEntry(client, administrator.deskId, officeKey, { person: address.user, personName: administrator.name });
      await client.query('SELECT fax_hub.record_office_created($1, $2, $3)', [entry.deskId, entry.seq, entry.detail]);
    }),
  );
  return made;
}

/** Brings the office's schema up to this app's version (IT, after an update of the app); says which it was. */
export async function upgradeOffice(address: HubAddress, setup: SetupAccount): Promise<{ from: number; to: number }> {
  return withHub(setupAddress(address, setup), { password: setup.password }, async (client) => {
    await requireSetupAccount(client);
    const version = await hubVersion(client);
    if (version === 0) throw new AppError('not_found', msg('hub.notAnOffice'), { code: 'hub_no_office' });
    if (version >= hubSchemaVersion) return { from: version, to: version };
    return migrate(client, address.database);
  });
}
