/**
 * A joining desk's own key pair (X25519), made on the desk; only its public half goes to the hub. The office key
 * reaches the desk wrapped to that public key (an ephemeral X25519 agreement, HKDF-SHA256, AES-256-GCM), bound to
 * the person it is for, so neither the hub nor anyone holding the join code can open it.
 *
 * The safety code both screens show is a digest of the person's sign-in name and the desk's public key: the
 * administrator confirms only when the joining person's screen shows the same six digits, so a join code used by
 * someone else (a photo of the QR) is seen before any key is given.
 *
 *   wrapped = 0x01 | ephemeral public key (SPKI DER, 44 bytes) | nonce (12) | ciphertext (32) | tag (16)
 */
import crypto from 'node:crypto';
import { officeKeyBytes } from './office-key';

const version = 1;
const spkiBytes = 44;
const nonceBytes = 12;
const tagBytes = 16;

export interface DeskKeyPair {
  /** SPKI DER: what the hub stores. */
  publicKey: Buffer;
  /** PKCS#8 PEM: kept on the desk only, until the office key has arrived. */
  privateKeyPem: string;
}

export function newDeskKeyPair(): DeskKeyPair {
  const pair = crypto.generateKeyPairSync('x25519');
  return { publicKey: pair.publicKey.export({ type: 'spki', format: 'der' }), privateKeyPem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

/** A desk public key the hub handed over, checked to be one (null when it is not an X25519 key). */
function deskPublicKey(der: Buffer): crypto.KeyObject | null {
  if (der.length !== spkiBytes) return null;
  try {
    const key = crypto.createPublicKey({ key: der, format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'x25519' ? key : null;
  } catch {
    return null;
  }
}

export const isDeskPublicKey = (der: Buffer): boolean => deskPublicKey(der) !== null;

function wrapKey(shared: Buffer, login: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', shared, Buffer.alloc(0), Buffer.from(`fax-desktop office key for ${login}`, 'utf8'), 32));
}

export function wrapOfficeKey(officeKey: Buffer, deskPublicKeyDer: Buffer, login: string): Buffer {
  const desk = deskPublicKey(deskPublicKeyDer);
  if (desk === null) throw new Error('not a desk public key');
  const ephemeral = crypto.generateKeyPairSync('x25519');
  const shared = crypto.diffieHellman({ privateKey: ephemeral.privateKey, publicKey: desk });
  const nonce = crypto.randomBytes(nonceBytes);
  const cipher = crypto.createCipheriv('aes-256-gcm', wrapKey(shared, login), nonce);
  const ephemeralDer = ephemeral.publicKey.export({ type: 'spki', format: 'der' });
  cipher.setAAD(Buffer.concat([ephemeralDer, deskPublicKeyDer]));
  const body = Buffer.concat([cipher.update(officeKey), cipher.final()]);
  return Buffer.concat([Buffer.from([version]), ephemeralDer, nonce, body, cipher.getAuthTag()]);
}

/** The office key, or null when `wrapped` is not one wrapped to this desk for this person. */
export function unwrapOfficeKey(wrapped: Buffer, privateKeyPem: string, login: string): Buffer | null {
  if (wrapped.length !== 1 + spkiBytes + nonceBytes + officeKeyBytes + tagBytes || wrapped[0] !== version) return null;
  const ephemeral = deskPublicKey(wrapped.subarray(1, 1 + spkiBytes));
  if (ephemeral === null) return null;
  try {
    const privateKey = crypto.createPrivateKey(privateKeyPem);
    const ownPublic = crypto.createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
    const shared = crypto.diffieHellman({ privateKey, publicKey: ephemeral });
    const nonce = wrapped.subarray(1 + spkiBytes, 1 + spkiBytes + nonceBytes);
    const decipher = crypto.createDecipheriv('aes-256-gcm', wrapKey(shared, login), nonce);
    decipher.setAAD(Buffer.concat([wrapped.subarray(1, 1 + spkiBytes), ownPublic]));
    decipher.setAuthTag(wrapped.subarray(wrapped.length - tagBytes));
    return Buffer.concat([decipher.update(wrapped.subarray(1 + spkiBytes + nonceBytes, wrapped.length - tagBytes)), decipher.final()]);
  } catch {
    return null;
  }
}

/** Six digits, shown as "482 913", from the person's sign-in name and their desk's public key. */
export function safetyCode(login: string, deskPublicKeyDer: Buffer): string {
  const digest = crypto.createHash('sha256').update(`fax-desktop safety code|${login}|`).update(deskPublicKeyDer).digest();
  const digits = String(digest.readUInt32BE(0) % 1_000_000).padStart(6, '0');
  return `${digits.slice(0, 3)} ${digits.slice(3)}`;
}
