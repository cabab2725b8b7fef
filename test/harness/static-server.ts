/**
 * Serves the built renderer on loopback for the harness, with the same path rules and security headers as the
 * app:// protocol in Electron.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { contentTypeFor, resolveRendererFile } from '../../main/security/app-files';
import { rendererSecurityHeaders } from '../../main/security/csp';

export interface StaticServer {
  origin: string;
  close(): Promise<void>;
}

export async function serveRendererOnLoopback(rendererDir: string): Promise<StaticServer> {
  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const filePath = request.method === 'GET' ? resolveRendererFile(rendererDir, url.pathname) : null;
      const body = filePath ? await fs.readFile(filePath).catch(() => null) : null;
      if (!filePath || !body) {
        response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
        return;
      }
      response.writeHead(200, { 'Content-Type': contentTypeFor(filePath), 'Cache-Control': 'no-store', ...rendererSecurityHeaders });
      response.end(body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
