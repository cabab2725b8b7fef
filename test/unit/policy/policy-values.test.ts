/**
 * Policies read from each OS's format — the Linux JSON file, `reg.exe query` output (fixtures of the Windows
 * format), `plutil -convert json` output of a managed preferences plist (a fixture of macOS's) — each value checked
 * on its own: a malformed one is left out with its reason, the others apply.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { layered, policiesFromJson, policiesFromPlutilJson, policiesFromRegQuery } from '../../../main/policy/policy-values';

const fixture = (name: string): string => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

describe('the Linux policy file', () => {
  it('applies what is valid and names what is not, never failing as a whole', () => {
    const read = policiesFromJson(
      JSON.stringify({ ServiceUrl: 'https://fax.example-clinic.com/v1/', DisableSavePdf: true, AutoLockMaxMinutes: 0, Language: 'de', RuleFolderRoots: [], UpdatesOff: 'yes', Unknown: 1 }),
    );
    expect(read.policies).toEqual({ ServiceUrl: 'https://fax.example-clinic.com/v1', DisableSavePdf: true, Language: 'de' });
    expect(read.problems.map((problem) => problem.name).sort()).toEqual(['AutoLockMaxMinutes', 'RuleFolderRoots', 'Unknown', 'UpdatesOff']);
  });

  it('a file that is not a JSON object is one problem, no policies', () => {
    for (const text of ['', '{ "ServiceUrl": ', '[1, 2]', 'null', '"text"']) {
      const read = policiesFromJson(text);
      expect(read.policies).toEqual({});
      expect(read.problems).toHaveLength(1);
    }
  });

  it('an update feed must be https', () => {
    expect(policiesFromJson(JSON.stringify({ UpdateFeedUrl: 'https://updates.example-clinic.com/fax-desktop' })).policies).toEqual({ UpdateFeedUrl: 'https://updates.example-clinic.com/fax-desktop' });
    for (const feed of ['http://updates.example-clinic.com/', 'file:///srv/updates', 'updates.example-clinic.com']) expect(policiesFromJson(JSON.stringify({ UpdateFeedUrl: feed })).policies).toEqual({});
  });

  it('a plain-http or key-bearing service address is refused', () => {
    for (const address of ['http://fax.example.com/v1', 'https://user:pw@fax.example.com/v1', 'https://fax.example.com/v2', 'ftp://fax.example.com/v1']) {
      expect(policiesFromJson(JSON.stringify({ ServiceUrl: address })).policies).toEqual({});
    }
  });
});

describe('the Windows registry (reg.exe query output)', () => {
  it('reads strings, DWORD booleans and numbers, and REG_MULTI_SZ lists; a bad value is left out', () => {
    const machine = policiesFromRegQuery(fixture('reg-query-hklm.txt'));
    expect(machine.policies).toEqual({
      ServiceUrl: 'https://fax.example-clinic.com/v1',
      DisableCsvExport: true,
      DisableSavePdf: false,
      AutoLockMaxMinutes: 10,
      RuleFolderRoots: ['D:\\Faxes', '\\\\nas\\scans'],
    });
    expect(machine.problems).toEqual([{ name: 'Language', reason: expect.any(String) as string }]);
  });

  it('the machine\'s policies win over the user\'s; the user\'s fill in the rest', () => {
    const both = layered(policiesFromRegQuery(fixture('reg-query-hklm.txt')), policiesFromRegQuery(fixture('reg-query-hkcu.txt')));
    expect(both.policies.ServiceUrl).toBe('https://fax.example-clinic.com/v1');
    expect(both.policies.PinRequired).toBe(true);
    // HKLM's Language was malformed (left out): the user's applies.
    expect(both.policies.Language).toBe('de');
  });

  it('a DWORD where text is expected, or 2 for a switch, is refused', () => {
    const read = policiesFromRegQuery(['', 'HKEY_LOCAL_MACHINE\\Software\\Policies\\Fax Desktop', '    ServiceUrl    REG_DWORD    0x1', '    PinRequired    REG_DWORD    0x2', '    Empty    REG_SZ', ''].join('\r\n'));
    expect(read.policies).toEqual({});
    expect(read.problems.map((problem) => problem.name).sort()).toEqual(['Empty', 'PinRequired', 'ServiceUrl']);
  });
});

describe('macOS managed preferences (plutil -convert json output)', () => {
  it('reads the profile\'s keys; keys of the profile itself are named as not this app\'s', () => {
    const read = policiesFromPlutilJson(fixture('plutil-managed.json'));
    expect(read.policies).toEqual({
      ServiceUrl: 'https://fax.example-clinic.com/v1',
      UpdatesOff: true,
      AutoLockMaxMinutes: 5,
      DisableWebhooksAdmin: true,
      RuleFolderRoots: ['/Users/Shared/Faxes'],
      HubHost: 'hub.clinic.lan',
      HubPort: 5432,
    });
    expect(read.problems.map((problem) => problem.name)).toEqual(['PayloadUUID']);
  });
});
