/**
 * Every way a call to the Fax Service can fail, as one typed error. HTTP failures carry the error envelope's
 * type, code, message and request id verbatim; transport failures say which kind they are. Nothing here holds
 * the API key, a URL with a query, or a response body.
 */
import { AppError } from '../errors';
import { msg } from '../../preload/i18n/translator';

export type ApiFailure =
  | { kind: 'http'; status: number; type: string | null; code: string | null; message: string | null; requestId: string | null; retryAfterMs: number | null }
  | { kind: 'network'; code: string }
  | { kind: 'timeout' }
  | { kind: 'tls'; code: string }
  | { kind: 'malformed'; status: number; detail: string; requestId: string | null }
  | { kind: 'refused_redirect'; detail: string }
  | { kind: 'aborted' };

export class FaxApiError extends Error {
  override readonly name = 'FaxApiError';

  constructor(readonly failure: ApiFailure) {
    super(describe(failure));
  }

  get status(): number | null {
    return this.failure.kind === 'http' || this.failure.kind === 'malformed' ? this.failure.status : null;
  }

  get requestId(): string | null {
    return this.failure.kind === 'http' || this.failure.kind === 'malformed' ? this.failure.requestId : null;
  }

  get code(): string | null {
    return this.failure.kind === 'http' ? this.failure.code : null;
  }
}

function describe(failure: ApiFailure): string {
  switch (failure.kind) {
    case 'http':
      return `HTTP ${failure.status} ${failure.type ?? ''}/${failure.code ?? ''}`;
    case 'network':
      return `network error ${failure.code}`;
    case 'timeout':
      return 'timed out';
    case 'tls':
      return `TLS error ${failure.code}`;
    case 'malformed':
      return `unreadable reply (${failure.detail})`;
    case 'refused_redirect':
      return `redirect refused (${failure.detail})`;
    case 'aborted':
      return 'aborted';
  }
}

const tlsCodes = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'HOSTNAME_MISMATCH',
  'ERR_SSL_WRONG_VERSION_NUMBER',
]);

export function transportFailure(error: unknown): ApiFailure {
  const code = (error as NodeJS.ErrnoException | null)?.code ?? 'UNKNOWN';
  if (tlsCodes.has(code) || code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS')) return { kind: 'tls', code };
  if (code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT') return { kind: 'timeout' };
  if (code === 'ABORT_ERR') return { kind: 'aborted' };
  return { kind: 'network', code };
}

/**
 * The one translation from a failure to what the user reads: an AppError as it is, a Fax Service failure in plain
 * words (below), anything else null (a bug: the dispatcher logs it and says something went wrong inside the app).
 */
export function appErrorOf(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof FaxApiError) return toAppError(error);
  return null;
}

/** What the user sees: what happened and what to do, with the server's code verbatim when it is not one we know. */
export function toAppError(error: FaxApiError): AppError {
  const { failure } = error;
  switch (failure.kind) {
    case 'network':
    case 'timeout':
      return new AppError('offline', msg('apiError.theFaxServiceCannot'));
    case 'aborted':
      return new AppError('offline', msg('apiError.theRequestWasCancelled'));
    case 'tls':
      return new AppError(
        'tls',
        msg('apiError.theFaxServiceS'),
      );
    case 'refused_redirect':
      return new AppError('server', msg('apiError.theFaxServiceRedirected'));
    case 'malformed':
      return new AppError('server', msg('apiError.theFaxServiceSent'), {
        status: failure.status,
        ...(failure.requestId ? { requestId: failure.requestId } : {}),
      });
    case 'http':
      return httpAppError(failure);
  }
}

function httpAppError(failure: Extract<ApiFailure, { kind: 'http' }>): AppError {
  const details = {
    status: failure.status,
    ...(failure.requestId ? { requestId: failure.requestId } : {}),
    ...(failure.code ? { code: failure.code } : {}),
    ...(failure.retryAfterMs !== null ? { retryAt: Date.now() + failure.retryAfterMs } : {}),
  };
  const said = failure.message;
  switch (failure.status) {
    case 400:
      return new AppError('invalid_input', said ? msg('apiError.theFaxServiceRefusedSaid', { said }) : msg('apiError.theFaxServiceRefused'), details);
    case 401:
      return new AppError('authentication', msg('apiError.theApiKeyWas'), details);
    case 402:
      return failure.code === 'page_limit_reached' || failure.code === null
        ? new AppError('quota', msg('apiError.theAccountSPage'), details)
        : new AppError('quota', msg('apiError.sendingIsPausedOn'), details);
    case 403:
      return new AppError('permission', said ? msg('apiError.thisApiKeyIsSaid', { said }) : msg('apiError.thisApiKeyIs'), details);
    case 404:
      return new AppError('not_found', msg('apiError.theFaxServiceHas'), details);
    case 409:
      return new AppError('conflict', msg('apiError.theSameFaxIs'), details);
    case 422:
      return new AppError('conflict', msg('apiError.theFaxServiceSaw'), details);
    case 429:
      return new AppError('rate_limited', msg('apiError.tooManyRequestsIn'), details);
    default:
      if (failure.status >= 500) return new AppError('server', msg('apiError.theFaxServiceHad', { status: failure.status }), details);
      return new AppError('server', msg(said ? 'apiError.theFaxServiceAnsweredSaid' : 'apiError.theFaxServiceAnswered', { status: failure.status, code: failure.code ?? failure.type ?? '—', said: said ?? '' }), details);
  }
}
