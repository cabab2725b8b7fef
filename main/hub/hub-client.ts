/**
 * A connection to the hub that signs in only by SCRAM: a server that asks for the password in clear or as an MD5
 * hash (a misconfigured `pg_hba.conf`, or something posing as the hub) gets nothing — the connection is ended
 * before a byte of the password is sent, and the desk says why. node-postgres would answer either request.
 */
import type pg from 'pg';
import { AppError } from '../errors';
import { msg } from '../../preload/i18n/translator';

interface PasswordRequests {
  connection: { emit(event: 'error', error: unknown): void; stream?: { destroy(): void } };
  _handleAuthCleartextPassword: () => void;
  _handleAuthMD5Password: () => void;
}

type Postgres = typeof pg;
let loaded: Promise<Postgres> | null = null;
let postgres: Postgres | null = null;

/** node-postgres, loaded when a desk first talks to a hub: a desk without one never loads it (its start stays as fast). */
function loadPostgres(): Promise<Postgres> {
  loaded ??= import('pg').then((module) => (postgres = module.default));
  return loaded;
}

/** An error the server sent about one statement (not a failure of the connection). */
export function isServerError(error: unknown): error is pg.DatabaseError {
  return postgres !== null && error instanceof postgres.DatabaseError;
}

export async function createHubClient(config: pg.ClientConfig): Promise<pg.Client> {
  const client = new (await loadPostgres()).Client(config);
  const requests = client as unknown as PasswordRequests;
  const refuse = (): void => {
    requests.connection.stream?.destroy();
    requests.connection.emit('error', new AppError('authentication', msg('hub.passwordNotScram'), { code: 'hub_password_not_scram' }));
  };
  // The client looks these up when it connects: replaced here, they answer nothing.
  requests._handleAuthCleartextPassword = refuse;
  requests._handleAuthMD5Password = refuse;
  return client;
}
