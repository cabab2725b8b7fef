/**
 * A join code carries what a new person's desk needs to join the office: the hub's address (and its CA when the
 * office has its own), the person's sign-in name, a one-time password (the desk replaces it on joining, so the
 * code is spent), and the office key. It is shown once, as text and as a QR picture, and never stored.
 *
 *   code = "FXHUB1." base64url(JSON) "." check   (check: 6 bytes of the body's SHA-256, so a damaged code is told apart
 *                                               from a spent one)
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../errors';
import { msg } from '../../preload/i18n/translator';
import { hubAddressSchema, type HubAddress } from './hub-address';
import { officeKeyBytes } from './office-key';

const prefix = 'FXHUB1.';

const joinCodeSchema = z.object({
  address: hubAddressSchema,
  password: z.string().min(16).max(200),
  officeKey: z.string().regex(/^[A-Za-z0-9_-]+$/),
});

export interface JoinCode {
  address: HubAddress;
  password: string;
  officeKey: Buffer;
}

export function encodeJoinCode(code: JoinCode): string {
  const body = { address: code.address, password: code.password, officeKey: code.officeKey.toString('base64url') };
  const payload = Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
  return `${prefix}${payload}.${checkOf(payload)}`;
}

function checkOf(payload: string): string {
  return crypto.createHash('sha256').update(payload).digest().subarray(0, 6).toString('base64url');
}

export function decodeJoinCode(text: string): JoinCode {
  const compact = text.replace(/\s+/g, '');
  const unreadable = (): AppError => new AppError('invalid_input', msg('hub.joinCodeUnreadable'), { code: 'hub_join_code' });
  if (!compact.startsWith(prefix)) throw unreadable();
  const [payload = '', check = '', ...rest] = compact.slice(prefix.length).split('.');
  if (rest.length > 0 || check !== checkOf(payload)) throw unreadable();
  let parsed: z.output<typeof joinCodeSchema>;
  try {
    parsed = joinCodeSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    throw unreadable();
  }
  const officeKey = Buffer.from(parsed.officeKey, 'base64url');
  if (officeKey.length !== officeKeyBytes) throw unreadable();
  return { address: parsed.address, password: parsed.password, officeKey };
}
