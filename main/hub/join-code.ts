/**
 * A join code carries what a new person's desk needs to ask to join the office: the hub's address (and its CA when
 * the office has its own), the person's sign-in name and a one-time password that expires (the desk replaces it on
 * first sign-in, so the code is spent; the hub refuses it after `expiresAt`). It holds no office key: the key
 * reaches the desk wrapped to the desk's own key pair once the administrator confirms the person (desk-key.ts).
 * It is shown once, as text and as a QR picture, and never stored.
 *
 *   code = "FXHUB2." base64url(JSON) "." check   (check: 6 bytes of the body's SHA-256, so a damaged code is told apart
 *                                               from a spent one)
 *
 * Codes of the first format ("FXHUB1.", which carried the office key) are refused with their own message.
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../errors';
import { msg } from '../../preload/i18n/translator';
import { hubAddressSchema, type HubAddress } from './hub-address';

const prefix = 'FXHUB2.';
const firstFormat = 'FXHUB1.';

const joinCodeSchema = z.object({
  address: hubAddressSchema,
  password: z.string().min(16).max(200),
  expiresAt: z.number().int().positive(),
});

export interface JoinCode {
  address: HubAddress;
  password: string;
  /** When the hub stops taking the one-time password (ms since the epoch). */
  expiresAt: number;
}

export function encodeJoinCode(code: JoinCode): string {
  const body = { address: code.address, password: code.password, expiresAt: code.expiresAt };
  const payload = Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
  return `${prefix}${payload}.${checkOf(payload)}`;
}

function checkOf(payload: string): string {
  return crypto.createHash('sha256').update(payload).digest().subarray(0, 6).toString('base64url');
}

export function decodeJoinCode(text: string): JoinCode {
  const compact = text.replace(/\s+/g, '');
  const unreadable = (): AppError => new AppError('invalid_input', msg('hub.joinCodeUnreadable'), { code: 'hub_join_code' });
  if (compact.startsWith(firstFormat)) throw new AppError('invalid_input', msg('hub.joinCodeOldFormat'), { code: 'hub_join_code_old' });
  if (!compact.startsWith(prefix)) throw unreadable();
  const [payload = '', check = '', ...rest] = compact.slice(prefix.length).split('.');
  if (rest.length > 0 || check !== checkOf(payload)) throw unreadable();
  let parsed: z.output<typeof joinCodeSchema>;
  try {
    parsed = joinCodeSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    throw unreadable();
  }
  return { address: parsed.address, password: parsed.password, expiresAt: parsed.expiresAt };
}
