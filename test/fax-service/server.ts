/**
 * The sandbox Fax Service: a spec-faithful HTTPS implementation of the whole API (under /v1) plus a control
 * plane (under /sandbox). One port: TLS connections are served, plain-HTTP connections get an error envelope
 * and are closed. See README.md in this folder for the contract and the choices made where the spec is silent.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { ApiError, errorBody, missingScope, notFound, unauthenticated } from './api-error';
import { createCarrier } from './carrier';
import { createClock, type Clock } from './clock';
import type { ApiContext, KeyRow, Services } from './context';
import { createControlPlane, isControlToken, type RequestLogEntry } from './control';
import { openSandboxDb, type SandboxDb } from './database';
import { createEventRecorder } from './events';
import { createPublicIds } from './public-ids';
import { createFaults, errorForStatus, garbledBody } from './faults';
import { drain, sendError, sendReply, type Reply } from './http-io';
import { createIdempotencyStore } from './idempotency';
import { hashKey, newRequestId } from './ids';
import { createRateLimiter } from './rate-limit';
import type { AccountRow, FaxRow, RecipientRow } from './resources';
import { getAccount, listContacts, listNumbers } from './routes/directory';
import { getFax, getFaxPdf, listFaxes } from './routes/faxes-read';
import { sendFax } from './routes/faxes-send';
import { createWebhook, deleteWebhook, listWebhooks } from './routes/webhooks';
import { createLoopbackLeaf, loadOrCreateTls } from './tls';
import { createDeliverer } from './webhook-delivery';

export interface SandboxOptions {
  dataDir: string;
  port?: number;
  /** Fixed control token (tests); a random one otherwise. */
  controlToken?: string;
  /** Fax ids above this base: 64-bit ids a double cannot hold (see public-ids.ts). Row ids as they are by default. */
  idBase?: bigint;
}

export interface Sandbox {
  baseUrl: string;
  controlUrl: string;
  controlToken: string;
  caCertPath: string;
  caCert: string;
  port: number;
  clock: Clock;
  db: SandboxDb;
  /** Waits for webhook deliveries under way. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

interface Route {
  method: string;
  pattern: RegExp;
  scopes: readonly string[];
  handler: (context: ApiContext) => Promise<Reply>;
}

const keyInQueryParams = ['api_key', 'apikey', 'key', 'access_token', 'token', 'authorization'];

export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const dataDir = path.resolve(options.dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  const tls = await loadOrCreateTls(dataDir);
  const db = openSandboxDb(dataDir);
  const clock = createClock(db);
  const controlToken = options.controlToken ?? `ctl_${crypto.randomBytes(24).toString('hex')}`;
  const limiter = createRateLimiter(() => clock.now());
  const faults = createFaults();
  const idempotency = createIdempotencyStore(db, clock);
  const ids = createPublicIds(options.idBase);
  const recordEventFor = createEventRecorder(db, ids);
  const deliverer = createDeliverer(db, clock, tls.ca.cert);
  const requestLogs = new Map<string, RequestLogEntry[]>();

  const recordEvent = (faxId: number): void => {
    const fax = db.prepare('SELECT * FROM faxes WHERE id = ?').get(faxId) as FaxRow | undefined;
    if (!fax) return;
    const recipients = db.prepare('SELECT * FROM recipients WHERE fax_id = ? ORDER BY position').all(faxId) as RecipientRow[];
    recordEventFor(fax, recipients, fax.completed_ms ?? clock.now());
  };
  const carrier = createCarrier(db, (fax) => recordEvent(fax.id));
  const tick = (): void => {
    carrier.progress(clock.now());
    deliverer.runDue();
  };

  const services: Services = { db, clock, dataDir, recordEvent, ids };
  const routes: Route[] = [
    { method: 'GET', pattern: /^\/v1\/faxes$/, scopes: ['fax:read'], handler: listFaxes },
    { method: 'POST', pattern: /^\/v1\/faxes$/, scopes: ['fax:send'], handler: (context) => sendFax(context, idempotency) },
    { method: 'GET', pattern: /^\/v1\/faxes\/(?<id>[^/]+)$/, scopes: ['fax:read'], handler: getFax },
    { method: 'GET', pattern: /^\/v1\/faxes\/(?<id>[^/]+)\/pdf$/, scopes: ['fax:read'], handler: getFaxPdf },
    { method: 'GET', pattern: /^\/v1\/contacts$/, scopes: ['contacts:read'], handler: listContacts },
    { method: 'GET', pattern: /^\/v1\/numbers$/, scopes: ['numbers:read'], handler: listNumbers },
    { method: 'GET', pattern: /^\/v1\/account$/, scopes: ['account:read'], handler: getAccount },
    { method: 'GET', pattern: /^\/v1\/webhooks$/, scopes: ['webhooks:read', 'account:read'], handler: listWebhooks },
    { method: 'POST', pattern: /^\/v1\/webhooks$/, scopes: ['webhooks:write'], handler: createWebhook },
    { method: 'DELETE', pattern: /^\/v1\/webhooks\/(?<id>[^/]+)$/, scopes: ['webhooks:write'], handler: deleteWebhook },
  ];

  const control = createControlPlane({
    db,
    clock,
    faults,
    issueLeaf: () => createLoopbackLeaf(tls.ca),
    requestLog: (accountId) => requestLogs.get(accountId) ?? [],
    afterClockChange: tick,
    recordEvent,
    pdfDir: path.join(dataDir, 'pdfs'),
    ids,
  });

  function logRequest(entry: RequestLogEntry): void {
    if (!entry.account_id) return;
    const log = requestLogs.get(entry.account_id) ?? [];
    log.push(entry);
    if (log.length > 50_000) log.splice(0, log.length - 50_000);
    requestLogs.set(entry.account_id, log);
  }

  function authenticate(request: http.IncomingMessage, url: URL): { key: KeyRow; account: AccountRow } {
    for (const name of url.searchParams.keys()) {
      if (keyInQueryParams.includes(name.toLowerCase())) {
        throw unauthenticated('key_in_query_not_allowed', 'API keys are accepted only in the Authorization header, never in a URL.');
      }
    }
    const header = request.headers.authorization;
    if (!header) throw unauthenticated('missing_api_key', 'Send the API key as Authorization: Bearer <key>.');
    const match = /^Bearer ([\x21-\x7e]{1,512})$/.exec(header);
    if (!match?.[1]) throw unauthenticated('invalid_authorization', 'The Authorization header must be Bearer <key>.');
    const key = db.prepare('SELECT * FROM api_keys WHERE hash = ?').get(hashKey(match[1])) as KeyRow | undefined;
    if (!key || key.revoked_at !== null) throw unauthenticated('invalid_api_key', 'The API key is invalid or has been revoked.');
    const account = db.prepare('SELECT * FROM accounts WHERE id = ?').get(key.account_id) as AccountRow;
    return { key, account };
  }

  async function handleApi(request: http.IncomingMessage, response: http.ServerResponse, url: URL, requestId: string): Promise<void> {
    const method = request.method ?? 'GET';
    const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    let rateHeaders: Record<string, string> = {};
    const entry: RequestLogEntry = {
      at: new Date(clock.now()).toISOString(),
      key_id: null,
      account_id: null,
      method,
      path: pathname,
      query: Object.fromEntries([...url.searchParams.entries()].filter(([name]) => !keyInQueryParams.includes(name.toLowerCase()))),
      status: 0,
    };
    response.on('finish', () => {
      entry.status = response.statusCode;
      logRequest(entry);
    });
    try {
      let auth: { key: KeyRow; account: AccountRow };
      try {
        auth = authenticate(request, url);
      } catch (error) {
        rateHeaders = limiter.take(`addr:${request.socket.remoteAddress ?? 'unknown'}`).headers;
        throw error;
      }
      entry.key_id = auth.key.id;
      entry.account_id = auth.account.id;
      const decision = limiter.take(`key:${auth.key.id}`);
      rateHeaders = decision.headers;
      if (!decision.allowed) {
        throw new ApiError(429, 'rate_limit_error', 'rate_limit_exceeded', 'Too many requests: 120 per minute per key.', {
          'Retry-After': String(decision.retryAfterSeconds),
        });
      }
      tick();
      const fault = faults.take(method, pathname);
      if (fault && fault.status === 0) {
        if (fault.resetAfterBytes === null) {
          request.socket.destroy();
          return;
        }
        let seen = 0;
        const limit = fault.resetAfterBytes;
        request.on('data', (chunk: Buffer) => {
          seen += chunk.length;
          if (seen >= limit) request.socket.destroy();
        });
        request.on('end', () => request.socket.destroy());
        return;
      }
      if (fault && !fault.afterCommit && fault.garble === null) throw errorForStatus(fault.status);

      const candidates = routes.filter((route) => route.pattern.test(pathname));
      const route = candidates.find((candidate) => candidate.method === method);
      if (!route) {
        if (candidates.length === 0) throw new ApiError(404, 'not_found', 'unknown_route', 'No such endpoint.');
        throw new ApiError(405, 'invalid_request', 'method_not_allowed', `Use ${candidates.map((candidate) => candidate.method).join(' or ')}.`, {
          Allow: candidates.map((candidate) => candidate.method).join(', '),
        });
      }
      const scopes = JSON.parse(auth.key.scopes) as string[];
      if (!route.scopes.some((scope) => scopes.includes(scope))) throw missingScope(route.scopes);
      const params = route.pattern.exec(pathname)?.groups ?? {};
      const context: ApiContext = { request, response, url, requestId, account: auth.account, key: auth.key, scopes, params: { ...params }, services };
      const reply = await route.handler(context);
      if (fault?.garble) {
        const { body, contentType } = garbledBody(fault.garble, 'json' in reply ? JSON.stringify(reply.json) : '');
        response.writeHead(fault.status, { ...rateHeaders, 'X-Request-Id': requestId, 'Content-Type': contentType, 'Content-Length': String(Buffer.byteLength(body)) });
        response.end(body);
        return;
      }
      if (fault?.afterCommit) throw errorForStatus(fault.status);
      sendReply(response, { ...reply, headers: { ...rateHeaders, ...(reply.headers ?? {}) } }, requestId);
    } catch (error) {
      drain(request);
      const apiError = error instanceof ApiError ? error : new ApiError(500, 'api_error', 'internal_error', 'The service failed. Retry with the same Idempotency-Key.');
      if (!(error instanceof ApiError)) process.stderr.write(`sandbox: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      sendError(response, apiError, requestId, rateHeaders);
    }
  }

  async function handleControl(request: http.IncomingMessage, response: http.ServerResponse, url: URL, requestId: string): Promise<void> {
    try {
      if (!isControlToken(request.headers.authorization, controlToken)) {
        drain(request);
        throw unauthenticated('invalid_control_token', 'The control plane needs Authorization: Bearer <controlToken>.');
      }
      sendReply(response, await control.handle(request, url), requestId);
    } catch (error) {
      drain(request);
      const apiError = error instanceof ApiError ? error : new ApiError(500, 'api_error', 'internal_error', 'Control plane failure.');
      if (!(error instanceof ApiError)) process.stderr.write(`sandbox: control error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      sendError(response, apiError, requestId);
    }
  }

  const onRequest = (request: http.IncomingMessage, response: http.ServerResponse): void => {
    const requestId = newRequestId();
    let url: URL;
    try {
      url = new URL(request.url ?? '/', 'https://127.0.0.1');
    } catch {
      drain(request);
      sendError(response, new ApiError(400, 'invalid_request', 'invalid_url', 'The request URL is malformed.'), requestId);
      return;
    }
    if (url.pathname === '/sandbox' || url.pathname.startsWith('/sandbox/')) void handleControl(request, response, url, requestId);
    else if (url.pathname === '/v1' || url.pathname.startsWith('/v1/')) void handleApi(request, response, url, requestId);
    else {
      drain(request);
      sendError(response, notFound('No such endpoint. The API lives under /v1.'), requestId);
    }
  };

  const tlsServer = https.createServer({ key: tls.server.key, cert: tls.server.cert, maxHeaderSize: 16 * 1024, requestTimeout: 600_000 }, onRequest);
  // Malformed requests and oversized headers still get the error envelope.
  tlsServer.on('clientError', (error: NodeJS.ErrnoException, socket: net.Socket) => {
    if (socket.writableEnded) return; // already answering this connection: let the reply flush
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const oversized = error.code === 'HPE_HEADER_OVERFLOW';
    const apiError = new ApiError(oversized ? 431 : 400, 'invalid_request', oversized ? 'headers_too_large' : 'malformed_request', oversized ? 'The request headers are too large.' : 'The request is malformed.');
    const body = errorBody(apiError, newRequestId());
    socket.end(
      `HTTP/1.1 ${apiError.status} ${oversized ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  tlsServer.on('tlsClientError', (_error, socket) => socket.destroy());

  const plainRefuser = http.createServer((request, response) => {
    drain(request);
    sendError(response, new ApiError(400, 'invalid_request', 'https_required', 'Plain HTTP is refused: use HTTPS.'), newRequestId(), { Connection: 'close' });
  });
  plainRefuser.on('clientError', (_error, socket: net.Socket) => socket.destroy());

  const sockets = new Set<net.Socket>();
  const front = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.once('data', (first: Buffer) => {
      socket.pause();
      socket.unshift(first);
      // 0x16 opens a TLS handshake record; anything else is treated as plain HTTP and refused. TLSSocket feeds
      // the unshifted bytes to its TLS wrap itself; the plain-HTTP parser needs the stream resumed.
      if (first[0] === 0x16) {
        tlsServer.emit('connection', socket);
      } else {
        plainRefuser.emit('connection', socket);
        socket.resume();
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    front.once('error', reject);
    front.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (front.address() as net.AddressInfo).port;
  const timer = setInterval(tick, 250);

  let closed = false;
  return {
    baseUrl: `https://127.0.0.1:${port}/v1`,
    controlUrl: `https://127.0.0.1:${port}/sandbox`,
    controlToken,
    caCertPath: tls.caCertPath,
    caCert: tls.ca.cert,
    port,
    clock,
    db,
    settle: () => deliverer.idle(),
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      await new Promise<void>((resolve) => {
        front.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      await deliverer.idle();
      db.close();
    },
  };
}
