/**
 * A profile is a user-data folder. The default profile uses the keychain service "Fax Desktop"; any other
 * profile (the demo, the harness, tests) gets its own service name, so profiles never see each other's keys.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { defaultKeychainService } from './keychain-secret-store';

export function keychainServiceFor(userDataDir: string | null): string {
  if (userDataDir === null) return defaultKeychainService;
  const digest = crypto.createHash('sha256').update(path.resolve(userDataDir)).digest('hex').slice(0, 12);
  return `${defaultKeychainService} (profile ${digest})`;
}

/** `--profile-dir=<folder>` or `--profile-dir <folder>` on the command line, if given. */
export function profileDirFromArgv(argv: readonly string[]): string | null {
  for (const [index, arg] of argv.entries()) {
    if (arg.startsWith('--profile-dir=')) return path.resolve(arg.slice('--profile-dir='.length));
    if (arg === '--profile-dir' && argv[index + 1]) return path.resolve(argv[index + 1] ?? '');
  }
  return null;
}
