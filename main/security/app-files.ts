/**
 * Maps a renderer URL (app://fax/… in Electron, the harness's loopback origin in tests) to a file inside the
 * built renderer folder, refusing anything that would escape it: `..`, encoded `%2e%2e`, encoded slashes,
 * backslashes, NUL bytes, absolute or drive paths.
 */
import path from 'node:path';

export const appScheme = 'app';
export const appHost = 'fax';
export const appOrigin = `${appScheme}://${appHost}`;

const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.pfb': 'application/octet-stream',
  '.ttf': 'font/ttf',
  '.bcmap': 'application/octet-stream',
  '.wasm': 'application/wasm',
};

export function contentTypeFor(filePath: string): string {
  return contentTypes[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Returns the absolute file path for a URL pathname, or null when the path is not a plain file below root.
 * `pathname` is the raw (still percent-encoded) path of the URL.
 */
export function resolveRendererFile(rootDir: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  // An encoded slash or dot-segment is never a legitimate renderer path.
  if (/%2f|%5c|%2e/i.test(pathname)) return null;
  const segments = decoded.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '.' || segment === '..' || /^[A-Za-z]:$/.test(segment))) return null;
  const relative = segments.length === 0 ? 'index.html' : segments.join('/');
  const root = path.resolve(rootDir);
  const resolved = path.resolve(root, relative);
  if (resolved !== root && !resolved.startsWith(root + path.sep)) return null;
  return resolved;
}
