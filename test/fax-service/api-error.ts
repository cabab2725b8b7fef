/**
 * Every sandbox failure is an ApiError, written out as the spec's error envelope. `type` carries the spec's
 * identifier for the HTTP status; `code` a more specific reason (the sandbox's choice, see README.md).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const invalidRequest = (code: string, message: string): ApiError => new ApiError(400, 'invalid_request', code, message);
export const notFound = (message = 'No such resource.'): ApiError => new ApiError(404, 'not_found', 'resource_not_found', message);
export const unauthenticated = (code: string, message: string): ApiError => new ApiError(401, 'authentication_error', code, message);
export const missingScope = (scopes: readonly string[]): ApiError =>
  new ApiError(403, 'permission_error', 'missing_scope', `This API key lacks the required scope: ${scopes.join(' or ')}.`);
export const quota = (code: 'page_limit_reached' | 'account_paused', message: string): ApiError => new ApiError(402, 'quota_error', code, message);
export const requestInProgress = (): ApiError =>
  new ApiError(409, 'invalid_request', 'request_in_progress', 'A request with this Idempotency-Key is still being processed.');
export const idempotencyKeyReused = (): ApiError =>
  new ApiError(422, 'invalid_request', 'idempotency_key_reused', 'This Idempotency-Key was used with a different request.');
export const serverFailure = (message = 'The service failed. Retry with the same Idempotency-Key.'): ApiError =>
  new ApiError(500, 'api_error', 'internal_error', message);

export function errorBody(error: ApiError, requestId: string): string {
  return JSON.stringify({ error: { type: error.type, code: error.code, message: error.message }, request_id: requestId });
}
