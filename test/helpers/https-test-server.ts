/** Small HTTPS servers for client tests, with certificates from a throw-away CA (the sandbox's TLS helper). */
import fs from 'node:fs';
import https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadOrCreateTls, type SandboxTls } from '../fax-service/tls';

let shared: Promise<SandboxTls> | null = null;

export function testTls(): Promise<SandboxTls> {
  shared ??= loadOrCreateTls(fs.mkdtempSync(path.join(os.tmpdir(), 'fax-test-tls-')));
  return shared;
}

export interface TestServer {
  origin: string;
  ca: string;
  requests: Array<{ method: string; url: string; headers: IncomingMessage['headers'] }>;
  close(): Promise<void>;
}

export async function startHttpsServer(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<TestServer> {
  const tls = await testTls();
  const requests: TestServer['requests'] = [];
  const server = https.createServer({ key: tls.server.key, cert: tls.server.cert }, (request, response) => {
    requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    ca: tls.ca.cert,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)), ...headers }).end(text);
}
