/**
 * Whether this desk belongs to an office, and how it reaches the hub: the address, the sign-in name, this desk's
 * id (its audit chain) and its role in a sealed file; the hub password (or client key) and the office key in the OS
 * keychain.
 * Leaving removes these and nothing else: the faxes, marks and notes on this desk stay.
 */
import path from 'node:path';
import fsp from 'node:fs/promises';
import { z } from 'zod';
import { hubAddressSchema, type HubAddress, type HubCredentials } from '../hub/hub-address';
import { readSealedJson, writeSealedJson } from '../store/crypto/sealed-file';
import type { SecretStore } from '../store/secret-store';
import { keptHeadsMax } from '../hub/audit-anchors';

const membershipSchema = z.object({
  version: z.literal(1),
  address: hubAddressSchema,
  deskId: z.string().min(1).max(100),
  role: z.enum(['admin', 'staff']),
  joinedAt: z.number(),
  /** The desk's own handled marks and notes were moved to the hub (once). */
  localMoved: z.boolean().default(false),
  /** The newest audit entry of each desk chain this desk has seen (see audit-anchors.ts). */
  auditHeads: z
    .array(z.object({ deskId: z.string().max(100), seq: z.number().int().nonnegative(), hash: z.string().regex(/^[0-9a-f]{64}$/), seenAt: z.number() }))
    .max(keptHeadsMax)
    .default([]),
  /** This person was removed from the office: by whom (when the hub said so as it happened) and when it was seen. */
  removal: z
    .object({
      by: z.string().max(63).nullable(),
      at: z.number(),
      /** The names this desk knew them by (after the removal the hub can no longer be asked). */
      names: z.record(z.string().max(63), z.string().max(200)).default({}),
      administrators: z.array(z.string().max(63)).max(20).default([]),
    })
    .nullable()
    .default(null),
});

export type Membership = z.output<typeof membershipSchema>;

export interface MembershipSecrets {
  /** The hub password, or null when this desk signs in with a client certificate. */
  password: string | null;
  /** The client certificate's private key (PEM), when it signs in with one. */
  clientKey: string | null;
  officeKey: Buffer;
  /** This desk's own private key (PEM): the office's next key is wrapped to its public half. */
  deskKey: string | null;
}

/** How this desk signs in to the hub: its password, or its client certificate's key. */
export function credentialsOf(secrets: Pick<MembershipSecrets, 'password' | 'clientKey'>): HubCredentials {
  return { ...(secrets.password !== null ? { password: secrets.password } : {}), ...(secrets.clientKey !== null ? { clientKey: secrets.clientKey } : {}) };
}

export interface OfficeMembership {
  read(): Promise<(Membership & MembershipSecrets) | null>;
  write(membership: Membership, secrets: MembershipSecrets): Promise<void>;
  update(membership: Membership): Promise<void>;
  remove(): Promise<void>;
  /** Keeps a new office key (the administrator changed it). */
  keepOfficeKey(officeKey: Buffer): Promise<void>;
  /** Keeps this desk's own private key (made once, for desks that joined before desks had one). */
  keepDeskKey(deskKey: string): Promise<void>;
}

export function createOfficeMembership(dataDir: string, fileKey: Buffer, secrets: SecretStore): OfficeMembership {
  const file = path.join(dataDir, 'office.sealed');
  return {
    async read() {
      const stored = membershipSchema.safeParse(await readSealedJson(file, fileKey).catch(() => null));
      if (!stored.success) return null;
      const [password, clientKey, officeKey, deskKey] = await Promise.all([secrets.get('hub-password'), secrets.get('hub-client-key'), secrets.get('hub-office-key'), secrets.get('hub-desk-key')]);
      if ((password === null && clientKey === null) || officeKey === null) return null;
      return { ...stored.data, password, clientKey, officeKey: Buffer.from(officeKey, 'base64url'), deskKey };
    },
    async write(membership, keys) {
      if (keys.password !== null) await secrets.set('hub-password', keys.password);
      else await secrets.delete('hub-password');
      if (keys.clientKey !== null) await secrets.set('hub-client-key', keys.clientKey);
      else await secrets.delete('hub-client-key');
      await secrets.set('hub-office-key', keys.officeKey.toString('base64url'));
      if (keys.deskKey !== null) await secrets.set('hub-desk-key', keys.deskKey);
      else await secrets.delete('hub-desk-key');
      await writeSealedJson(file, fileKey, membershipSchema.parse(membership));
    },
    async update(membership) {
      // Only the record's own fields: a caller holding the secrets beside it never writes them into the file.
      await writeSealedJson(file, fileKey, membershipSchema.parse(membership));
    },
    async remove() {
      await fsp.rm(file, { force: true });
      await secrets.delete('hub-password');
      await secrets.delete('hub-client-key');
      await secrets.delete('hub-office-key');
      await secrets.delete('hub-desk-key');
    },
    async keepOfficeKey(officeKey) {
      await secrets.set('hub-office-key', officeKey.toString('base64url'));
    },
    async keepDeskKey(deskKey) {
      await secrets.set('hub-desk-key', deskKey);
    },
  };
}

export type { HubAddress };
