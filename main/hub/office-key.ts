/**
 * The office key: 32 random bytes made by the desk that creates the office, shown once as a join code and kept in
 * each desk's OS keychain — never sent to the hub. Notes, labels and people's names are sealed with it
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

export function newOfficeKey(): Buffer {
  return crypto.randomBytes(officeKeyBytes);
}

function additionalData(field: string, owner: string): Buffer {
  return Buffer.from(`fax-desktop-hub|${version}|${field}|${owner}`, 'utf8');
}

/** Seals `text` for the hub: `field` says what it is (note, labels, person), `owner` whose (a fax id, a row id). */
export function seal(key: Buffer, field: string, owner: string, text: string): Buffer {
  const nonce = crypto.randomBytes(nonceBytes);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(additionalData(field, owner));
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([version]), nonce, body, cipher.getAuthTag()]);
}

export function open(key: Buffer, field: string, owner: string, sealed: Buffer): string {
  if (sealed.length < 1 + nonceBytes + tagBytes || sealed[0] !== version) throw new SealError('not a sealed hub value of this version');
  const nonce = sealed.subarray(1, 1 + nonceBytes);
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAAD(additionalData(field, owner));
  decipher.setAuthTag(sealed.subarray(sealed.length - tagBytes));
  try {
    return Buffer.concat([decipher.update(sealed.subarray(1 + nonceBytes, sealed.length - tagBytes)), decipher.final()]).toString('utf8');
  } catch {
    throw new SealError('a hub value failed authentication (another office key, altered, or moved from elsewhere)');
  }
}

/** `open`, or null when the value does not open (another office key, altered, or moved from elsewhere). */
export function openOrNull(key: Buffer, field: string, owner: string, sealed: Buffer): string | null {
  try {
    return open(key, field, owner, sealed);
  } catch {
    return null;
  }
}

/** What the hub keeps to tell a right office key from a wrong one, without the key itself. */
export function keyCheck(key: Buffer): string {
  return crypto.createHmac('sha256', key).update('fax-desktop-hub key check v1').digest('base64url');
}
