/**
 * `scripts/with-keyring.sh` gives the tests (and a headless demo) a keychain of their own whose items live in the
 * daemon's memory: the login keyring is a file rewritten whole at every change, and a test run stores thousands
 * of items. Checked in a session of its own, whatever session runs this file.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const probe = [
  'printf probe-secret | secret-tool store --label=probe service fax-keyring-probe account probe',
  'secret-tool lookup service fax-keyring-probe account probe; echo',
  'dbus-send --session --print-reply=literal --dest=org.freedesktop.secrets /org/freedesktop/secrets org.freedesktop.Secret.Service.SearchItems dict:string:string:"service","fax-keyring-probe"',
].join('\n');

describe('the isolated keychain', () => {
  it('keeps what is stored in the in-memory collection and gives it back', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, FAX_ISOLATED_KEYRING: '1' };
    delete env.FAX_KEYRING_SESSION;
    const run = spawnSync('bash', ['scripts/with-keyring.sh', 'bash', '-c', probe], { encoding: 'utf8', env, timeout: 30_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('keeps its items in a file');
    const lines = run.stdout.split('\n').map((line) => line.trim());
    expect(lines[0]).toBe('probe-secret');
    // SearchItems answers the unlocked items' paths, then the locked ones'.
    const items = run.stdout.match(/\/org\/freedesktop\/secrets\/collection\/[^\s\]]+/g) ?? [];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatch(/^\/org\/freedesktop\/secrets\/collection\/session\/\d+$/);
  });
});
