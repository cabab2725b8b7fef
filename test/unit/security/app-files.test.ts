import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeFor, resolveRendererFile } from '../../../main/security/app-files';

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'renderer-'));
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, 'index.html'), '<html></html>');
  fs.writeFileSync(path.join(root, 'assets', 'app.js'), '');
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('resolveRendererFile', () => {
  it('maps / to index.html and plain paths below the root', () => {
    expect(resolveRendererFile(root, '/')).toBe(path.join(root, 'index.html'));
    expect(resolveRendererFile(root, '/assets/app.js')).toBe(path.join(root, 'assets', 'app.js'));
    expect(resolveRendererFile(root, '/assets/with%20space.js')).toBe(path.join(root, 'assets', 'with space.js'));
  });

  it.each([
    '/../secret.txt',
    '/assets/../../etc/passwd',
    '/%2e%2e/etc/passwd',
    '/%2E%2E/%2e%2e/etc/passwd',
    '/assets/%2e%2e/%2e%2e/etc/passwd',
    '/..%2fetc/passwd',
    '/assets%2f..%2f..%2fetc%2fpasswd',
    '/..%5c..%5cwindows',
    '/assets\\..\\..\\etc',
    '/C:/Windows/win.ini',
    '/index.html%00.js',
    '/%E0%A4%A',
    '/./index.html',
  ])('refuses %s', (pathname) => {
    expect(resolveRendererFile(root, pathname)).toBeNull();
  });

  it('never returns a path outside the root for any of a thousand random traversal attempts', () => {
    const pieces = ['..', '.', '%2e', '%2E%2e', 'a', '%2f', '/', '%5c', '\\', '%00', 'index.html'];
    for (let attempt = 0; attempt < 1000; attempt += 1) {
      let candidate = '';
      for (let part = 0; part < 6; part += 1) candidate += `/${pieces[Math.floor(Math.random() * pieces.length)]}`;
      const resolved = resolveRendererFile(root, candidate);
      if (resolved !== null) expect(resolved.startsWith(root + path.sep) || resolved === root).toBe(true);
    }
  });

  it('names content types by extension', () => {
    expect(contentTypeFor('a/index.html')).toMatch(/text\/html/);
    expect(contentTypeFor('a/x.mjs')).toMatch(/javascript/);
    expect(contentTypeFor('a/x.unknown')).toBe('application/octet-stream');
  });
});
