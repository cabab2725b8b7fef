/**
 * A password as PostgreSQL stores it (a SCRAM-SHA-256 verifier), made on the desk: `ALTER ROLE … PASSWORD` then
 * carries the verifier, so the password itself never reaches the hub's statement log or its catalogue.
 */
import crypto from 'node:crypto';

const iterations = 4096;

const hmac = (key: Buffer, text: string): Buffer => crypto.createHmac('sha256', key).update(text).digest();

export function scramVerifier(password: string, salt: Buffer = crypto.randomBytes(16)): string {
  const salted = crypto.pbkdf2Sync(password.normalize('NFKC'), salt, iterations, 32, 'sha256');
  const storedKey = crypto.createHash('sha256').update(hmac(salted, 'Client Key')).digest();
  const serverKey = hmac(salted, 'Server Key');
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}
