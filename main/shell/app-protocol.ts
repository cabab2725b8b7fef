/**
 * Serves the built renderer from app://fax/ (never file://): a privileged standard scheme whose handler only
 * returns files inside the renderer folder, each with the CSP and hardening headers.
 */
import fs from 'node:fs/promises';
import { protocol } from 'electron';
import { appHost, appScheme, contentTypeFor, resolveRendererFile } from '../security/app-files';
import { rendererSecurityHeaders } from '../security/csp';

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: appScheme, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
}

export async function rendererResponse(rendererDir: string, requestUrl: string): Promise<Response> {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return notFound();
  }
  if (url.protocol !== `${appScheme}:` || url.host !== appHost) return notFound();
  const filePath = resolveRendererFile(rendererDir, url.pathname);
  if (filePath === null) return notFound();
  try {
    const body = await fs.readFile(filePath);
    return new Response(body, { status: 200, headers: { 'Content-Type': contentTypeFor(filePath), ...rendererSecurityHeaders } });
  } catch {
    return notFound();
  }
}

/** Must run after the app is ready. */
export function serveRenderer(rendererDir: string): void {
  protocol.handle(appScheme, (request) => rendererResponse(rendererDir, request.url));
}
