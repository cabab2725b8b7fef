/**
 * Serves the built renderer on loopback for the harness, with the same path rules and security headers as the
 * app:// protocol in Electron. One addition for tests: the CSP names a report endpoint here, so every violation —
 * also those inside pdf.js's worker, which no page script can observe — is collected in `cspReports`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { contentTypeFor, resolveRendererFile } from '../../main/security/app-files';
import { rendererSecurityHeaders } from '../../main/security/csp';

export interface CspReport {
  directive: string;
  blocked: string;
  source: string;
}

export interface StaticServer {
  origin: string;
  cspReports: CspReport[];
  /** Serves `bytes` once at the returned path (for a minute at most): big IPC replies in the harness. */
  offerBlob(bytes: Uint8Array): string;
  close(): Promise<void>;
}

const reportPath = '/__csp-report';
const blobPrefix = '/__blob/';

function readReport(request: http.IncomingMessage): Promise<CspReport | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { 'csp-report'?: Record<string, unknown> };
        const report = body['csp-report'] ?? {};
        const text = (value: unknown) => (typeof value === 'string' ? value : '');
        resolve({ directive: text(report['effective-directive'] ?? report['violated-directive']), blocked: text(report['blocked-uri']), source: text(report['source-file'] ?? report['document-uri']) });
      } catch {
        resolve(null);
      }
    });
  });
}

export async function serveRendererOnLoopback(rendererDir: string): Promise<StaticServer> {
  const cspReports: CspReport[] = [];
  const blobs = new Map<string, Uint8Array>();
  const headers = { ...rendererSecurityHeaders, 'Content-Security-Policy': `${rendererSecurityHeaders['Content-Security-Policy'] ?? ''}; report-uri ${reportPath}` };
  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      if (request.method === 'GET' && url.pathname.startsWith(blobPrefix)) {
        const bytes = blobs.get(url.pathname);
        blobs.delete(url.pathname);
        if (!bytes) return void response.writeHead(404).end();
        response.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Cache-Control': 'no-store', 'Content-Length': String(bytes.byteLength) });
        response.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
        return;
      }
      if (request.method === 'POST' && url.pathname === reportPath) {
        const report = await readReport(request);
        if (report) cspReports.push(report);
        response.writeHead(204).end();
        return;
      }
      const filePath = request.method === 'GET' ? resolveRendererFile(rendererDir, url.pathname) : null;
      const body = filePath ? await fs.readFile(filePath).catch(() => null) : null;
      if (!filePath || !body) {
        response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
        return;
      }
      response.writeHead(200, { 'Content-Type': contentTypeFor(filePath), 'Cache-Control': 'no-store', ...headers });
      response.end(body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    cspReports,
    offerBlob(bytes) {
      const blobPath = `${blobPrefix}${crypto.randomBytes(16).toString('hex')}`;
      blobs.set(blobPath, bytes);
      setTimeout(() => blobs.delete(blobPath), 60_000).unref();
      return blobPath;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
