/**
 * One HTTPS exchange with the Fax Service, on Node's https module (not fetch: fetch buffers a multipart upload
 * whole). Bodies stream in and out; replies are capped in size; an idle connection times out; TLS is always
 * verified (an extra CA may be added to the system's, never instead of verification). Redirects are followed for
 * GET only, never to plain http, and the Authorization header never travels to another origin.
 */
import https from 'node:https';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tls from 'node:tls';
import { FaxApiError, transportFailure } from './api-error';

export interface TransportConfig {
  baseUrl: string;
  /** PEM of a CA to trust in addition to the system's (a private gateway; the sandbox). */
  extraCa: string | null;
  userAgent: string;
  idleTimeoutMs?: number;
  /** Upload progress is reported after every this many bytes (and at the end); 256 KB by default. */
  progressStepBytes?: number;
}

export interface RequestBody {
  length: number;
  contentType: string;
  /** Writes the whole body into `sink`, reporting bytes as the connection takes them. */
  writeTo(sink: Writable, onBytes: (count: number) => void): Promise<void>;
}

export interface HttpCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  body?: RequestBody;
  signal?: AbortSignal;
  onUploadProgress?: (sent: number, total: number) => void;
  /** Opens where a 2xx body streams to instead of being buffered (PDF downloads); a new one per attempt. */
  sink?: () => Writable;
  maxResponseBytes?: number;
}

export interface HttpResult {
  status: number;
  headers: IncomingHttpHeaders;
  /** The buffered body; empty when it was streamed to the sink. */
  body: Buffer;
}

export const defaultMaxResponseBytes = 16 * 1024 * 1024;
const maxRedirects = 3;

export function buildUrl(baseUrl: string, path: string, query?: HttpCall['query']): URL {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`);
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
  return url;
}

export interface Transport {
  /** One call (following same-origin-safe GET redirects); the key goes only to the configured origin. */
  request(call: HttpCall, authorization: string): Promise<HttpResult>;
  close(): void;
}

const secureContextsKept = 8;
const secureContexts = new Map<string, tls.SecureContext>();

/**
 * A secure context trusting the system's CAs and `extraCa`, one per CA for the process: each holds the whole root
 * store parsed again (5–7 ms of CPU on an idle machine, more under load), and every new session (a setting changed,
 * the app reconnecting) would build another for the same CA.
 */
export function secureContextTrusting(extraCa: string): tls.SecureContext {
  const kept = secureContexts.get(extraCa);
  if (kept) return kept;
  const made = tls.createSecureContext({ ca: [...tls.rootCertificates, extraCa] });
  for (const oldest of secureContexts.keys()) {
    if (secureContexts.size < secureContextsKept) break;
    secureContexts.delete(oldest);
  }
  secureContexts.set(extraCa, made);
  return made;
}

export function createTransport(config: TransportConfig): Transport {
  const progressStep = config.progressStepBytes ?? 256 * 1024;
  const agent = new https.Agent({
    keepAlive: true,
    maxSockets: 6,
    // A context given once: given only `ca`, every new socket would parse the whole root store again (5–7 ms of CPU each).
    ...(config.extraCa ? { secureContext: secureContextTrusting(config.extraCa) } : {}),
  });
  const idleTimeoutMs = config.idleTimeoutMs ?? 60_000;

  function once(url: URL, call: HttpCall, authorization: string | null): Promise<{ response: IncomingMessage; request: ReturnType<typeof https.request> }> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = {
        'User-Agent': config.userAgent,
        Accept: 'application/json',
        ...(call.headers ?? {}),
        ...(authorization ? { Authorization: authorization } : {}),
      };
      if (call.body) {
        headers['Content-Type'] = call.body.contentType;
        headers['Content-Length'] = String(call.body.length);
      }
      const request = https.request(url, { method: call.method, headers, agent, ...(call.signal ? { signal: call.signal } : {}) });
      request.setTimeout(idleTimeoutMs, () => {
        request.destroy(Object.assign(new Error('idle timeout'), { code: 'ETIMEDOUT' }));
      });
      request.on('response', (response) => resolve({ response, request }));
      request.on('error', (error) => reject(new FaxApiError(transportFailure(error))));
      if (call.body) {
        const body = call.body;
        let sent = 0;
        let reported = 0;
        const report = call.onUploadProgress;
        body
          .writeTo(request, (count) => {
            sent += count;
            if (report && (sent - reported >= progressStep || sent === body.length)) {
              reported = sent;
              report(sent, body.length);
            }
          })
          .then(
            () => request.end(),
            (error: unknown) => request.destroy(error instanceof Error ? error : new Error('upload failed')),
          );
      } else {
        request.end();
      }
    });
  }

  async function readBody(response: IncomingMessage, limit: number): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > limit) {
          response.destroy();
          throw new FaxApiError({ kind: 'malformed', status: response.statusCode ?? 0, detail: 'reply too large', requestId: null });
        }
        chunks.push(chunk);
      }
    } catch (error) {
      if (error instanceof FaxApiError) throw error;
      throw new FaxApiError(transportFailure(error));
    }
    if (!response.complete) throw new FaxApiError({ kind: 'network', code: 'ECONNRESET' });
    return Buffer.concat(chunks);
  }

  async function request(call: HttpCall, authorization: string): Promise<HttpResult> {
    const origin = new URL(config.baseUrl).origin;
    let url = buildUrl(config.baseUrl, call.path, call.query);
    for (let hop = 0; ; hop += 1) {
      const sameOrigin = url.origin === origin;
      const { response } = await once(url, call, sameOrigin ? authorization : null);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        if (call.method !== 'GET') throw new FaxApiError({ kind: 'refused_redirect', detail: `a ${call.method} was redirected` });
        if (hop >= maxRedirects) throw new FaxApiError({ kind: 'refused_redirect', detail: 'too many redirects' });
        const next = new URL(response.headers.location, url);
        if (next.protocol !== 'https:') throw new FaxApiError({ kind: 'refused_redirect', detail: 'redirect to a non-https address' });
        url = next;
        continue;
      }
      if (call.sink && status >= 200 && status < 300) {
        try {
          await pipeline(response, call.sink());
        } catch (error) {
          throw new FaxApiError(transportFailure(error));
        }
        if (!response.complete) throw new FaxApiError({ kind: 'network', code: 'ECONNRESET' });
        return { status, headers: response.headers, body: Buffer.alloc(0) };
      }
      return { status, headers: response.headers, body: await readBody(response, call.maxResponseBytes ?? defaultMaxResponseBytes) };
    }
  }

  return {
    request,
    close(): void {
      agent.destroy();
    },
  };
}

