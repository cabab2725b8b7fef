import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFakeElectron } from './fake-electron';

const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof import('./fake-electron').createFakeElectron> | null }));
vi.mock('electron', async () => {
  const { createFakeElectron: create } = await import('./fake-electron');
  fake.current = create();
  return fake.current.electron;
});

const { registerAppScheme, rendererResponse, serveRenderer } = await import('../../../main/shell/app-protocol');

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'app-protocol-'));
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, 'index.html'), '<html>app</html>');
  fs.writeFileSync(path.join(root, 'assets', 'main.js'), 'console.log(1)');
  fs.writeFileSync(path.join(path.dirname(root), 'outside-secret.txt'), 'secret');
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('app:// protocol', () => {
  it('is registered as a privileged standard, secure scheme', () => {
    registerAppScheme();
    const electron = (fake.current ?? createFakeElectron()).electron;
    expect(electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
  });

  it('serves renderer files with the CSP and nosniff headers', async () => {
    const response = await rendererResponse(root, 'app://fax/index.html');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<html>app</html>');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await rendererResponse(root, 'app://fax/assets/main.js')).headers.get('content-type')).toMatch(/javascript/);
  });

  it.each([
    'app://fax/../outside-secret.txt',
    'app://fax/%2e%2e/outside-secret.txt',
    'app://fax/assets/%2E%2E/%2e%2e/outside-secret.txt',
    'app://fax/..%2foutside-secret.txt',
    'app://other/index.html',
    'file:///etc/passwd',
    'app://fax/missing.js',
    'garbage',
  ])('answers 404 for %s', async (url) => {
    const response = await rendererResponse(root, url);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('secret');
  });

  it('hands the scheme to protocol.handle', async () => {
    serveRenderer(root);
    const electron = fake.current?.electron;
    expect(electron?.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
    const handler = electron?.protocol.handle.mock.calls[0]?.[1] as (request: { url: string }) => Promise<Response>;
    expect((await handler({ url: 'app://fax/' })).status).toBe(200);
  });
});
