/**
 * Where the office hub is and how this desk signs in to it. TLS is not a choice: every connection is encrypted
 * and the server's certificate is verified (against the system's trusted roots, or the CA the office gives);
 * a hub that offers no TLS is refused with its reason. Passwords and client keys live in the OS keychain.
 */
import net from 'node:net';
import type { ClientConfig } from 'pg';
import { z } from 'zod';

const identifier = z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'lower-case letters, digits and _ only, starting with a letter');

export const hubAddressSchema = z.object({
  host: z.string().trim().min(1).max(253).regex(/^[A-Za-z0-9.:[\]-]+$/, 'a host name or an IP address'),
  port: z.number().int().min(1).max(65_535).default(5432),
  database: identifier,
  user: identifier,
  /** The CA that signed the hub's certificate (PEM), when it is not one the system trusts. */
  ca: z.string().includes('-----BEGIN CERTIFICATE-----').max(64 * 1024).nullable().default(null),
  /** A client certificate (PEM) to sign in with instead of a password; its key is in the keychain. */
  clientCertificate: z.string().includes('-----BEGIN CERTIFICATE-----').max(64 * 1024).nullable().default(null),
});

export type HubAddress = z.output<typeof hubAddressSchema>;

export interface HubCredentials {
  password?: string;
  /** The client certificate's private key (PEM). */
  clientKey?: string;
}

/** The `pg` settings for a connection to the hub: always TLS, always verified. */
export function hubClientConfig(address: HubAddress, credentials: HubCredentials): ClientConfig {
  return {
    host: address.host,
    port: address.port,
    database: address.database,
    user: address.user,
    ...(credentials.password !== undefined ? { password: credentials.password } : {}),
    ssl: {
      rejectUnauthorized: true,
      ...(address.ca ? { ca: address.ca } : {}),
      ...(net.isIP(address.host) === 0 ? { servername: address.host } : {}),
      ...(address.clientCertificate && credentials.clientKey ? { cert: address.clientCertificate, key: credentials.clientKey } : {}),
    },
    application_name: 'Fax Desktop',
    connectionTimeoutMillis: 10_000,
    keepAlive: true,
    // A query the hub does not answer in time is given up (the action waits in the journal), not waited on.
    query_timeout: 15_000,
  };
}
