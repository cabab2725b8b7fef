/**
 * What went wrong with the office hub, in words a receptionist can act on: a wrong password, a certificate this
 * desk does not trust, a hub that refuses encryption, a hub it cannot reach, a person removed from the office.
 * PostgreSQL's own message is never shown (it may name the user or the database); its SQLSTATE is kept as the code.
 */
import { AppError, isAppError } from '../errors';
import { msg } from '../../preload/i18n/translator';

const unreachableCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'EPIPE']);
const certificateCodes = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

function field(error: unknown, name: 'code' | 'message'): string {
  if (typeof error !== 'object' || error === null || !(name in error)) return '';
  const value: unknown = (error as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
}

export function hubError(error: unknown): AppError {
  if (isAppError(error)) return error;
  const code = field(error, 'code');
  const message = field(error, 'message');
  if (code === '28P01') return new AppError('authentication', msg('hub.wrongPassword'), { code: 'hub_wrong_password' });
  if (code === '28000') return new AppError('permission', msg('hub.notAllowedToSignIn'), { code: 'hub_sign_in_refused' });
  if (code === '42501') return new AppError('permission', msg('hub.notAllowed'), { code: 'hub_not_allowed' });
  if (code === '3D000') return new AppError('not_found', msg('hub.noSuchDatabase'), { code: 'hub_no_database' });
  if (certificateCodes.has(code)) return new AppError('tls', msg('hub.certificateNotTrusted'), { code: 'hub_certificate' });
  // The hub refused this desk's client certificate during the handshake (signed by a CA it does not know, expired).
  if (/^ERR_SSL_.*ALERT_(UNKNOWN_CA|BAD_CERTIFICATE|CERTIFICATE_(REQUIRED|UNKNOWN|EXPIRED|REVOKED)|DECRYPT_ERROR|HANDSHAKE_FAILURE)/.test(code)) {
    return new AppError('authentication', msg('hub.clientCertificateRefused'), { code: 'hub_client_certificate' });
  }
  if (/does not support SSL/i.test(message)) return new AppError('tls', msg('hub.plainRefused'), { code: 'hub_no_tls' });
  if (unreachableCodes.has(code) || /timeout|terminated unexpectedly|Connection terminated|ECONNREFUSED/i.test(message)) {
    return new AppError('offline', msg('hub.unreachable'), { code: 'hub_unreachable' });
  }
  if (code === '57P01' || code === '57P02' || code === '57P03') return new AppError('offline', msg('hub.unreachable'), { code: 'hub_unreachable' });
  // Every connection the server takes is in use: a passing state (desks visiting, someone's batch of work).
  if (code === '53300') return new AppError('offline', msg('hub.full'), { code: 'hub_full' });
  // A statement that waited too long (the server's timeouts, a lock held elsewhere): tried again later.
  if (code === '57014' || code === '55P03') return new AppError('offline', msg('hub.busy'), { code: 'hub_busy' });
  // The hub's own limit on what one person adds in a while (schema 15): kept on the desk and tried again later.
  if (code === '54000') return new AppError('rate_limited', msg('hub.tooMany'), { code: 'hub_too_many' });
  return new AppError('server', msg('hub.failed'), code ? { code: `hub_${code}` } : {});
}

/** The hub refused a change because what it was based on changed meanwhile (SQLSTATE 40001): worth trying again. */
export function changedMeanwhile(error: unknown): boolean {
  return field(error, 'code') === '40001' || (isAppError(error) && error.details.code === 'hub_40001');
}
