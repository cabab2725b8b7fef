/** Request/response plumbing shared by the API and the control plane. */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiError} from './api-error';
import { errorBody, invalidRequest } from './api-error';

export type Reply =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | { status: number; file: string; contentType: string; headers?: Record<string, string> }
  | { status: 204; headers?: Record<string, string> };

export function sendReply(response: ServerResponse, reply: Reply, requestId: string): void {
  if (response.headersSent || response.destroyed) return;
  const headers: Record<string, string> = { 'X-Request-Id': requestId, 'Cache-Control': 'no-store', ...(reply.headers ?? {}) };
  if ('file' in reply) {
    const size = fs.statSync(reply.file).size;
    response.writeHead(reply.status, { ...headers, 'Content-Type': reply.contentType, 'Content-Length': String(size) });
    fs.createReadStream(reply.file).pipe(response);
    return;
  }
  if (!('json' in reply)) {
    response.writeHead(reply.status, headers).end();
    return;
  }
  const body = JSON.stringify(reply.json);
  response.writeHead(reply.status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(body)) });
  response.end(body);
}

export function sendError(response: ServerResponse, error: ApiError, requestId: string, extraHeaders: Record<string, string> = {}): void {
  if (response.headersSent || response.destroyed) return;
  const body = errorBody(error, requestId);
  response.writeHead(error.status, {
    'X-Request-Id': requestId,
    'Cache-Control': 'no-store',
    ...extraHeaders,
    ...error.headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
  });
  response.end(body);
}

/**
 * Reads a small JSON body (webhook creation, control plane). A bigger body is drained to its end before the
 * refusal, so the keep-alive connection stays usable; malformed JSON is refused.
 */
export async function readJson(request: IncomingMessage, maxBytes = 64 * 1024): Promise<unknown> {
  const type = request.headers['content-type'] ?? '';
  const { text, size } = await new Promise<{ text: string; size: number }>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    request.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total <= maxBytes) chunks.push(chunk);
    });
    request.on('end', () => resolve({ text: Buffer.concat(chunks).toString('utf8'), size: total }));
    request.on('error', reject);
  });
  if (size > maxBytes) throw invalidRequest('body_too_large', `The request body is larger than ${maxBytes} bytes.`);
  if (size === 0) return {};
  if (!/^application\/json\b/i.test(type)) throw invalidRequest('invalid_content_type', 'Send the body as application/json.');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidRequest('invalid_json', 'The request body is not valid JSON.');
  }
}

export function asRecord(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidRequest('invalid_body', 'The request body must be a JSON object.');
  return value as Record<string, unknown>;
}

export function drain(request: IncomingMessage): void {
  request.resume();
  request.on('error', () => undefined);
}
