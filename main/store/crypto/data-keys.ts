/**
 * Keys for data at rest. One random master key lives in the OS keychain (never on disk); the cache database and
 * the sealed files each use their own key derived from it (HKDF-SHA256). No keychain → no keys → the app
 * refuses to store anything, rather than fall back to plain text.
 */
import crypto from 'node:crypto';
import type { SecretStore } from '../secret-store';

export interface DataKeys {
  /** SQLCipher key for the cache database (hex). */
  databaseKeyHex: string;
  /** AES-256 key for sealed files (outbox copies, the journal, drafts, cached PDFs). */
  fileKey: Buffer;
}

function derive(master: Buffer, purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', master, Buffer.alloc(0), Buffer.from(purpose, 'utf8'), 32));
}

export async function loadDataKeys(secrets: SecretStore): Promise<DataKeys> {
  let masterHex = await secrets.get('cache-key');
  if (masterHex === null || !/^[0-9a-f]{64}$/.test(masterHex)) {
    masterHex = crypto.randomBytes(32).toString('hex');
    await secrets.set('cache-key', masterHex);
  }
  const master = Buffer.from(masterHex, 'hex');
  return {
    databaseKeyHex: derive(master, 'fax-desktop cache database v1').toString('hex'),
    fileKey: derive(master, 'fax-desktop sealed files v1'),
  };
}
