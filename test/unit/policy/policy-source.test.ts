/**
 * The policy sources: Linux's file read as a real file (missing: no policies; unreadable: a problem); Windows'
 * two registry keys through reg.exe (a key that is not there, exit code 1, means none; the machine's win).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { filePolicySource, windowsPolicySource, windowsPolicyKey } from '../../../main/policy/policy-source';
import type { RunCommand } from '../../../main/runtime/run-command';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'policy-source-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const fixture = (name: string): string => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

describe('the Linux file', () => {
  it('a real file is read; a missing one means no policies; a folder in its place is a problem', async () => {
    const file = path.join(dir, 'policies.json');
    fs.writeFileSync(file, JSON.stringify({ DisableCsvExport: true, RuleFolderRoots: ['/srv/faxes'] }));
    expect((await filePolicySource(file).read()).policies).toEqual({ DisableCsvExport: true, RuleFolderRoots: ['/srv/faxes'] });
    expect(await filePolicySource(path.join(dir, 'absent.json')).read()).toEqual({ policies: {}, problems: [] });
    const folder = path.join(dir, 'folder.json');
    fs.mkdirSync(folder);
    const read = await filePolicySource(folder).read();
    expect(read.policies).toEqual({});
    expect(read.problems).toHaveLength(1);
  });
});

describe('the Windows registry', () => {
  it('asks reg.exe for HKLM and HKCU; a key that is not there is no policies; the machine wins', async () => {
    const asked: string[] = [];
    const run: RunCommand = (command, args) => {
      asked.push(`${command} ${args.join(' ')}`);
      const key = args[1] ?? '';
      if (key.startsWith('HKLM')) return Promise.resolve({ code: 0, stdout: fixture('reg-query-hklm.txt'), stderr: '', startError: null });
      return Promise.resolve({ code: 0, stdout: fixture('reg-query-hkcu.txt'), stderr: '', startError: null });
    };
    const read = await windowsPolicySource(run).read();
    expect(asked.sort()).toEqual([`reg.exe query HKCU\\${windowsPolicyKey}`, `reg.exe query HKLM\\${windowsPolicyKey}`]);
    expect(read.policies).toMatchObject({ ServiceUrl: 'https://fax.example-clinic.com/v1', PinRequired: true, DisableCsvExport: true });

    const missing: RunCommand = () => Promise.resolve({ code: 1, stdout: '', stderr: 'ERROR: The system was unable to find the specified registry key or value.', startError: null });
    expect(await windowsPolicySource(missing).read()).toEqual({ policies: {}, problems: [] });
    const broken: RunCommand = () => Promise.resolve({ code: 5, stdout: '', stderr: '', startError: null });
    expect((await windowsPolicySource(broken).read()).problems.map((problem) => problem.name)).toEqual(['HKLM', 'HKCU']);
  });
});
