/**
 * An office on a private PostgreSQL, set up the way the README tells an office to: an administrator role that owns
 * the database and may create roles, the office created by the administrator's desk, people added with join codes.
 */
import crypto from 'node:crypto';
import type { HubAddress } from '../../main/hub/hub-address';
import { openHubSession, type HubSession } from '../../main/hub/hub-session';
import { addPerson, createOffice, joinOffice } from '../../main/hub/office-setup';
import { afterAll, beforeAll } from 'vitest';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres';

export interface TestOffice {
  address: HubAddress;
  adminPassword: string;
  officeKey: Buffer;
  /** Adds a person with a join code and joins with it, as a new desk would; returns their session and password. */
  person(login: string, name: string): Promise<{ session: HubSession; password: string; address: HubAddress }>;
  /** The administrator's own session. */
  admin(deskId?: string): Promise<HubSession>;
}

let offices = 0;

export async function createTestOffice(server: PrivatePostgres): Promise<TestOffice> {
  const suffix = `${process.pid}_${offices++}`;
  const database = `office_${suffix}`;
  const adminLogin = `office_admin_${suffix}`;
  const adminPassword = crypto.randomBytes(18).toString('base64url');
  server.sql('postgres', `CREATE ROLE ${adminLogin} LOGIN CREATEROLE PASSWORD '${adminPassword}'`);
  server.sql('postgres', `CREATE DATABASE ${database} OWNER ${adminLogin}`);
  const address: HubAddress = { host: server.host, port: server.port, database, user: adminLogin, ca: server.ca, clientCertificate: null };
  const { officeKey } = await createOffice(address, { password: adminPassword }, { name: 'Office Administrator' });
  if (officeKey === null) throw new Error('the office existed already');
  return {
    address,
    adminPassword,
    officeKey,
    async person(login, name) {
      const code = await addPerson(address, { password: adminPassword }, officeKey, { login: `${login}_${suffix}`, name }, 'admin-desk');
      const joined = await joinOffice(code);
      const session = await openHubSession({ address: joined.address, credentials: { password: joined.password }, officeKey: joined.officeKey, deskId: crypto.randomUUID() });
      return { session, password: joined.password, address: joined.address };
    },
    admin: (deskId = crypto.randomUUID()) => openHubSession({ address, credentials: { password: adminPassword }, officeKey, deskId }),
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
