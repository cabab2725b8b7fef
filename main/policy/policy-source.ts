/**
 * Where each OS keeps an organization's policies for the app, read with the OS's own tools:
 * - Windows: `HKLM\Software\Policies\Fax Desktop`, then `HKCU\…` for what the machine does not set (`reg.exe query`);
 * - macOS: the managed preferences for the app id (`/Library/Managed Preferences/<app id>.plist`, then the user's
 *   folder there), read with `plutil -convert json`;
 * - Linux: `/etc/fax-desktop/policies.json` (its folder watched, so a change applies at once).
 * A source that is not there means no policies; one that cannot be read is a problem with its reason.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RunCommand } from '../runtime/run-command';
import { layered, policiesFromJson, policiesFromPlutilJson, policiesFromRegQuery, type ReadPolicies } from './policy-values';

export interface PolicySource {
  read(): Promise<ReadPolicies>;
  /** Calls `changed` when the policies may have changed (where the OS can say so); returns how to stop. */
  watch?(changed: () => void): () => void;
}

const none: ReadPolicies = { policies: {}, problems: [] };

export const linuxPolicyFile = '/etc/fax-desktop/policies.json';
export const windowsPolicyKey = 'Software\\Policies\\Fax Desktop';

export function filePolicySource(file: string): PolicySource {
  return {
    async read() {
      let text: string;
      try {
        text = await fsp.readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return none;
        return { policies: {}, problems: [{ name: '(file)', reason: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` }] };
      }
      return policiesFromJson(text);
    },
    watch(changed) {
      // The folder is watched, not the file: an editor or a configuration tool replaces the file (a new inode).
      let watcher: fs.FSWatcher | null = null;
      try {
        watcher = fs.watch(path.dirname(file), (_event, name) => {
          if (name === null || name === path.basename(file)) changed();
        });
        watcher.on('error', () => watcher?.close());
      } catch {
        // No such folder (no policies yet): the periodic reading finds a file made later.
      }
      return () => watcher?.close();
    },
  };
}

export function windowsPolicySource(run: RunCommand): PolicySource {
  const readKey = async (hive: 'HKLM' | 'HKCU'): Promise<ReadPolicies> => {
    const result = await run('reg.exe', ['query', `${hive}\\${windowsPolicyKey}`], { timeoutMs: 10_000 });
    // Exit code 1: the key does not exist (no policies set there).
    if (result.code === 1 || result.startError !== null) return none;
    if (result.code !== 0) return { policies: {}, problems: [{ name: hive, reason: `reg.exe exited with ${String(result.code)}` }] };
    return policiesFromRegQuery(result.stdout);
  };
  return {
    async read() {
      const [machine, user] = await Promise.all([readKey('HKLM'), readKey('HKCU')]);
      return layered(machine, user);
    },
  };
}

export function macPolicySource(run: RunCommand, appId: string, userName = os.userInfo().username): PolicySource {
  const readPlist = async (file: string): Promise<ReadPolicies> => {
    try {
      await fsp.access(file);
    } catch {
      return none;
    }
    const result = await run('plutil', ['-convert', 'json', '-o', '-', file], { timeoutMs: 10_000 });
    if (result.code !== 0) return { policies: {}, problems: [{ name: path.basename(file), reason: 'plutil could not read it' }] };
    return policiesFromPlutilJson(result.stdout);
  };
  const root = '/Library/Managed Preferences';
  return {
    async read() {
      const [machine, user] = await Promise.all([readPlist(path.join(root, `${appId}.plist`)), readPlist(path.join(root, userName, `${appId}.plist`))]);
      return layered(machine, user);
    },
  };
}

export function platformPolicySource(platform: NodeJS.Platform, run: RunCommand, appId: string): PolicySource {
  if (platform === 'win32') return windowsPolicySource(run);
  if (platform === 'darwin') return macPolicySource(run, appId);
  return filePolicySource(linuxPolicyFile);
}
