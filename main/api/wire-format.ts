/** The JSON on the wire: bodies out, replies in (exact ids kept), the request id of a reply, and paths as the log may show them. */
import { FaxApiError } from './api-error';
import { parseExactJson } from './exact-json';
import type { HttpResult, RequestBody } from './https-transport';
import { bufferBody } from './multipart-body';

export function requestIdOf(result: HttpResult, json: unknown): string | null {
  const fromBody = json && typeof json === 'object' ? (json as { request_id?: unknown }).request_id : undefined;
  if (typeof fromBody === 'string') return fromBody;
  const header = result.headers['x-request-id'] ?? result.headers['request-id'];
  return typeof header === 'string' ? header : null;
}

export function parseJson(result: HttpResult): unknown {
  try {
    return parseExactJson(result.body.toString('utf8'));
  } catch {
    const header = result.headers['x-request-id'];
    throw new FaxApiError({ kind: 'malformed', status: result.status, detail: 'not JSON', requestId: typeof header === 'string' ? header : null });
  }
}

export function jsonBody(value: unknown): RequestBody {
  return bufferBody(Buffer.from(JSON.stringify(value), 'utf8'), 'application/json');
}

const resourceWords = new Set(['faxes', 'pdf', 'contacts', 'numbers', 'account', 'webhooks']);

/** Paths are logged as templates (`/faxes/:id/pdf`): a document's URL, an id or a query never reaches the log. */
export function pathTemplate(path: string): string {
  const [withoutQuery = ''] = path.split('?');
  return withoutQuery
    .split('/')
    .map((segment) => (segment === '' || resourceWords.has(segment) ? segment : ':id'))
    .join('/');
}
