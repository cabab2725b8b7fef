/**
 * The office key: 32 random bytes made by the desk that creates the office, given to a joining desk only wrapped to
 * that desk's own key (desk-key.ts) and kept in each desk's OS keychain — never sent to the hub in the clear. It is
 * changed when a person is removed (office-keyring.ts); the older keys stay readable through the key history. Notes, labels and people's names are sealed with it
 * (AES-256-GCM, a fresh nonce each), bound to where they belong (the field and the fax or row), so the hub holds
 * ciphertext only and a sealed value moved to another fax fails to open instead of showing there.
 *
 *   sealed = 0x01 | nonce (12 bytes) | ciphertext | tag (16 bytes)
 */
import crypto from 'node:crypto';

export const officeKeyBytes = 32;
const version = 1;
const nonceBytes = 12;
const tagBytes = 16;

export class SealError extends Error {
  override readonly name = 'SealError';
}

/**
 * The office's keys as a desk holds them: the current one (what it seals with) and the older ones (the key history
 * since the office began, newest first), with which what was sealed before a key change still opens. A plain Buffer
 * is a ring of one key.
 */
export interface KeyRing {
  current: Buffer;
  older: readonly Buffer[];
}
export type OfficeKeys = Buffer | KeyRing;

export const currentKey = (keys: OfficeKeys): Buffer => (Buffer.isBuffer(keys) ? keys : keys.current);
/** The keys as a ring (a lone key has no history). */
export const asRing = (keys: OfficeKeys): KeyRing => (Buffer.isBuffer(keys) ? { current: keys, older: [] } : keys);
const everyKey = (keys: OfficeKeys): readonly Buffer[] => (Buffer.isBuffer(keys) ? [keys] : [keys.current, ...keys.older]);

export function newOfficeKey(): Buffer {
  return crypto.randomBytes(officeKeyBytes);
}

function additionalData(field: string, owner: string): Buffer {
  return Buffer.from(`fax-desktop-hub|${version}|${field}|${owner}`, 'utf8');
}

/** Seals `text` for the hub with the current key: `field` says what it is (note, labels, person), `owner` whose. */
export function seal(keys: OfficeKeys, field: string, owner: string, text: string): Buffer {
  const key = currentKey(keys);
  const nonce = crypto.randomBytes(nonceBytes);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(additionalData(field, owner));
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([version]), nonce, body, cipher.getAuthTag()]);
}

/** Opens a sealed value with whichever of the office's keys sealed it (the current one first). */
export function open(keys: OfficeKeys, field: string, owner: string, sealed: Buffer): string {
  for (const key of everyKey(keys)) {
    const opened = openWith(key, field, owner, sealed);
    if (opened !== null) return opened;
  }
  throw new SealError('a hub value failed authentication (another office key, altered, or moved from elsewhere)');
}

function openWith(key: Buffer, field: string, owner: string, sealed: Buffer): string | null {
  if (sealed.length < 1 + nonceBytes + tagBytes || sealed[0] !== version) return null;
  const nonce = sealed.subarray(1, 1 + nonceBytes);
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAAD(additionalData(field, owner));
  decipher.setAuthTag(sealed.subarray(sealed.length - tagBytes));
  try {
    return Buffer.concat([decipher.update(sealed.subarray(1 + nonceBytes, sealed.length - tagBytes)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** `open`, or null when the value does not open (another office key, altered, or moved from elsewhere). */
export function openOrNull(key: OfficeKeys, field: string, owner: string, sealed: Buffer): string | null {
  try {
    return open(key, field, owner, sealed);
  } catch {
    return null;
  }
}

/** What the hub keeps to tell a right office key from a wrong one, without the key itself. */
export function keyCheck(keys: OfficeKeys): string {
  return crypto.createHmac('sha256', currentKey(keys)).update('fax-desktop-hub key check v1').digest('base64url');
}
