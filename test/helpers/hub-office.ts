/**
 * An office on a private PostgreSQL, set up the way the README tells an office to: a plain sign-in for the
 * administrator and an empty database, the office created on the administrator's desk with the server's setup
 * account (the cluster's superuser, IT's), people added with join codes.
 */
import crypto from 'node:crypto';
import type { HubAddress } from '../../main/hub/hub-address';
import { openHubSession, type HubSession } from '../../main/hub/hub-session';
import { addPerson, endSessionsOf, personNameOf, removePerson, withHub } from '../../main/hub/office-setup';
import { prepareKeyChange } from '../../main/hub/office-keyring';
import { sealDetailForNextEntry } from '../../main/hub/audit-append';
import { inTransaction } from '../../main/hub/hub-transaction';
import { createOffice, type SetupAccount } from '../../main/hub/hub-setup';
import { resetPerson } from '../../main/hub/office-reset';
import { newLabelId, saveLabel } from '../../main/hub/office-labels';
import type { KeyRing, OfficeKeys } from '../../main/hub/office-key';
import { collectOfficeKey, confirmJoin, joiningPeople, startJoin } from '../../main/hub/office-join';
import pg from 'pg';
import { hubClientConfig } from '../../main/hub/hub-address';
import { waitUntil } from './wait';
import type { HubCredentials } from '../../main/hub/hub-address';
import { afterAll, beforeAll, expect } from 'vitest';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres';

export interface TestOffice {
  address: HubAddress;
  adminPassword: string;
  officeKey: Buffer;
  /** Adds a person with a join code and joins with it, as a new desk would; returns their session and password. */
  person(login: string, name: string): Promise<{ session: HubSession; password: string; address: HubAddress }>;
  /** The administrator's own session. */
  admin(deskId?: string): Promise<HubSession>;
  /** The office's keys: the current one and the history (the key changes at each removal). */
  readonly keys: KeyRing;
  /** Removes a person as the administrator's desk does, and keeps the new office key it makes. */
  remove(login: string, noticeMs?: number): Promise<void>;
  /**
   * A removal in the administrator's desk's steps, with a pause at two moments a person's call can meet it:
   * `whileOpen` after the hub's function took its effect and before it is committed, `afterCommit` once it is
   * committed and before the person's sessions are ended.
   */
  removeInSteps(login: string, pauses: { whileOpen?: () => Promise<void>; afterCommit?: () => Promise<void> }): Promise<void>;
  /** Gives a person in the office a new join code as the administrator's desk does, keeping the new office key. */
  reset(login: string): Promise<string>;
}

let offices = 0;

/** IT's setup account on a test server: its superuser. */
export const setupAccountOf = (server: PrivatePostgres): SetupAccount => ({ user: server.superuser, password: server.password });

/**
 * A person's desk joins with a code, the administrator confirms it with the safety code the desk shows, and the
 * desk collects the office key — the whole join as two people do it.
 */
export async function joinWithConfirmation(code: string, admin: HubAddress, adminCredentials: HubCredentials, officeKey: OfficeKeys): Promise<{ address: HubAddress; password: string; officeKey: Buffer }> {
  const started = await startJoin(code);
  expect(await collectOfficeKey(started.address, { password: started.password }, started.privateKeyPem)).toBeNull();
  await confirmJoin(admin, adminCredentials, officeKey, started.address.user, started.safetyCode, 'admin-desk');
  const collected = await collectOfficeKey(started.address, { password: started.password }, started.privateKeyPem);
  if (collected === null) throw new Error('the office key did not arrive after the confirmation');
  return { address: started.address, password: started.password, officeKey: collected };
}

export async function createTestOffice(server: PrivatePostgres): Promise<TestOffice> {
  const suffix = `${process.pid}_${offices++}`;
  const database = `office_${suffix}`;
  const adminLogin = `office_admin_${suffix}`;
  const adminPassword = crypto.randomBytes(18).toString('base64url');
  server.sql('postgres', `CREATE ROLE ${adminLogin} LOGIN PASSWORD '${adminPassword}'`);
  server.sql('postgres', `CREATE DATABASE ${database}`);
  const address: HubAddress = { host: server.host, port: server.port, database, user: adminLogin, ca: server.ca, clientCertificate: null };
  const { officeKey } = await createOffice(address, { password: adminPassword }, setupAccountOf(server), { name: 'Office Administrator', deskId: 'admin-desk' });
  if (officeKey === null) throw new Error('the office existed already');
  let keys: KeyRing = { current: officeKey, older: [] };
  return {
    address,
    adminPassword,
    get officeKey() {
      return keys.current;
    },
    get keys() {
      return keys;
    },
    async remove(login, noticeMs) {
      keys = await removePerson(address, { password: adminPassword }, keys, login, 'admin-desk', noticeMs);
    },
    async removeInSteps(login, pauses) {
      keys = await withHub(address, { password: adminPassword }, async (client) => {
        const ring = await inTransaction(client, async () => {
          const change = await prepareKeyChange(client, keys, login);
          const entry = await sealDetailForNextEntry(client, 'admin-desk', change.ring, { person: login, personName: await personNameOf(client, keys, login) });
          await client.query('SELECT fax_hub.remove_person($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)', [login, ...change.params, 'admin-desk', entry.seq, entry.detail]);
          await pauses.whileOpen?.();
          return change.ring;
        });
        keys = ring;
        await pauses.afterCommit?.();
        await endSessionsOf(client, login);
        return ring;
      });
    },
    async reset(login) {
      const reset = await resetPerson(address, { password: adminPassword }, keys, { login }, 'admin-desk');
      keys = reset.keys;
      return reset.joinCode;
    },
    async person(login, name) {
      const code = await addPerson(address, { password: adminPassword }, keys, { login: `${login}_${suffix}`, name }, 'admin-desk');
      const joined = await joinWithConfirmation(code, address, { password: adminPassword }, keys);
      const session = await openHubSession({ address: joined.address, credentials: { password: joined.password }, officeKey: joined.officeKey, deskId: crypto.randomUUID() });
      return { session, password: joined.password, address: joined.address };
    },
    admin: (deskId = crypto.randomUUID()) => openHubSession({ address, credentials: { password: adminPassword }, officeKey: keys, deskId }),
  };
}

/**
 * A test file's office: a private PostgreSQL started before its tests, one office on it, and every session the
 * tests `keep` closed after them.
 */
export function useTestOffice(): { readonly server: PrivatePostgres; readonly office: TestOffice; keep(session: HubSession): HubSession } {
  let started: { server: PrivatePostgres; office: TestOffice } | null = null;
  const sessions: HubSession[] = [];
  beforeAll(async () => {
    const server = await startPrivatePostgres();
    started = { server, office: await createTestOffice(server) };
  });
  afterAll(async () => {
    await Promise.all(sessions.map((session) => session.close().catch(() => undefined)));
    started?.server.destroy();
  });
  const ready = (): { server: PrivatePostgres; office: TestOffice } => {
    if (!started) throw new Error('the office starts in beforeAll');
    return started;
  };
  return {
    get server() {
      return ready().server;
    },
    get office() {
      return ready().office;
    },
    keep(session) {
      sessions.push(session);
      return session;
    },
  };
}

/**
 * Confirms `login` as the office's administrator once their desk asked (with the safety code the hub's key gives).
 * One connection for all the looks: a connection each was a server process and a TLS handshake every 25 ms.
 */
export async function confirmWhenAsked(office: Pick<TestOffice, 'address' | 'adminPassword' | 'keys'>, login: string, timeoutMs = 20_000): Promise<void> {
  const asked = await withAdmin(office, (client) =>
    waitUntil(
      () => joiningPeople(client),
      (people) => people.some((person) => person.login === login && person.safetyCode !== null),
      { what: `${login}'s desk asking to join`, timeoutMs },
    ),
  );
  const code = asked.find((person) => person.login === login)?.safetyCode ?? '';
  await confirmJoin(office.address, { password: office.adminPassword }, office.keys, login, code, 'admin-desk');
}

async function withAdmin<T>(office: Pick<TestOffice, 'address' | 'adminPassword'>, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(hubClientConfig(office.address, { password: office.adminPassword }));
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Adds an office label as the administrator's desk does (the hub's function writes it with its audit entry). */
export async function addLabel(admin: HubSession, name: string): Promise<string> {
  const id = newLabelId();
  return admin.changeOffice({ label: { id, name } }, (client, entry) => saveLabel(client, admin.officeKey, { id, name, add: true }, entry));
}
