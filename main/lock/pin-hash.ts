/**
 * The local unlock PIN, kept in the OS keychain only as a salted scrypt hash. scrypt makes each guess cost
 * ~100 ms of CPU and 32 MB of memory, and the lock service adds growing waits after wrong attempts.
 */
import crypto from 'node:crypto';
import { z } from 'zod';

const storedPinSchema = z.object({ v: z.literal(1), salt: z.string(), hash: z.string(), n: z.number().int() });
type StoredPin = z.infer<typeof storedPinSchema>;

const cost = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function scrypt(pin: string, salt: Buffer, N: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    crypto.scrypt(pin.normalize('NFKC'), salt, 32, { ...cost, N }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

export const pinRule = { pattern: /^\d{4,12}$/, message: 'pinHash.pinIs4To12Digits' } as const;

export async function hashPin(pin: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(pin, salt, cost.N);
  const stored: StoredPin = { v: 1, salt: salt.toString('base64'), hash: hash.toString('base64'), n: cost.N };
  return JSON.stringify(stored);
}

/** False for a wrong PIN and for a stored value that cannot be read (never an exception the caller must handle). */
export async function pinMatches(pin: string, storedText: string): Promise<boolean> {
  let stored: StoredPin;
  try {
    stored = storedPinSchema.parse(JSON.parse(storedText));
  } catch {
    return false;
  }
  const expected = Buffer.from(stored.hash, 'base64');
  const actual = await scrypt(pin, Buffer.from(stored.salt, 'base64'), stored.n);
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}

/** Compares two secrets in constant time (by their digests, so different lengths reveal nothing either). */
export function secretsEqual(left: string, right: string): boolean {
  const digest = (value: string) => crypto.createHash('sha256').update(value, 'utf8').digest();
  return crypto.timingSafeEqual(digest(left), digest(right));
}
