import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { keychainSecretStore } from '../../main/store/keychain-secret-store';
import { tsxLoaderArgs } from '../helpers/tsx-child';

const run = promisify(execFile);

describe('keychain SecretStore (real Secret Service in a D-Bus session)', () => {
  it('stores, reads and deletes a secret', async () => {
    const store = keychainSecretStore(`Fax Desktop test ${crypto.randomUUID()}`);
    expect(await store.get('api-key')).toBeNull();
    await store.set('api-key', 'fk_test_value_123');
    expect(await store.get('api-key')).toBe('fk_test_value_123');
    await store.set('api-key', 'fk_replaced_456');
    expect(await store.get('api-key')).toBe('fk_replaced_456');
    expect(await store.delete('api-key')).toBe(true);
    expect(await store.get('api-key')).toBeNull();
    expect(await store.delete('api-key')).toBe(false);
  });

  it('keeps services apart (profiles never see each other\'s keys)', async () => {
    const first = keychainSecretStore(`Fax Desktop test ${crypto.randomUUID()}`);
    const second = keychainSecretStore(`Fax Desktop test ${crypto.randomUUID()}`);
    await first.set('api-key', 'one');
    expect(await second.get('api-key')).toBeNull();
    await first.delete('api-key');
  });

  it('without a keychain: a clear keychain error, and the secret is written nowhere', async () => {
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'no-keychain-'));
    const secret = `fk_live_${crypto.randomBytes(12).toString('hex')}`;
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: workDir };
    delete env.DBUS_SESSION_BUS_ADDRESS;
    delete env.DISPLAY;
    const { stdout } = await run(process.execPath, [...tsxLoaderArgs, path.resolve('test/fixtures/keychain-probe.ts'), secret], {
      cwd: workDir,
      env,
    });
    const outcome = JSON.parse(stdout) as { stored: boolean; kind?: string; message?: string; cwdFiles?: string[] };
    expect(outcome.stored).toBe(false);
    expect(outcome.kind).toBe('keychain');
    expect(outcome.message).toMatch(/keychain is not available/);
    expect(outcome.message).toMatch(/never stored in plain text/);
    expect(outcome.message).not.toContain('D-Bus');
    // No plaintext fallback anywhere in the probe's home.
    const grep = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return grep(full);
        return fs.readFileSync(full).includes(secret) ? [full] : [];
      });
    expect(grep(workDir)).toEqual([]);
    fs.rmSync(workDir, { recursive: true, force: true });
  });
});
