import crypto from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function token(length = 24): string {
  const bytes = crypto.randomBytes(length);
  let out = '';
  for (const byte of bytes) out += alphabet.charAt(byte % alphabet.length);
  return out;
}

export const newRequestId = (): string => `req_${token(24)}`;
export const newEventId = (): string => `evt_${token(24)}`;
export const prefixedId = (prefix: string): string => `${prefix}_${token(16)}`;
export const hashKey = (key: string): string => crypto.createHash('sha256').update(key).digest('hex');
