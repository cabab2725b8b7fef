// Without a keychain the app stores nothing: no database, no sealed files, no key — and says why.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../main/core';
import { downloadFolderDesktop } from '../../../main/desktop';
import { AppError } from '../../../main/errors';
import { createLogger } from '../../../main/log/logger';
import { openConfSettings } from '../../../main/store/conf-settings';
import type { SecretStore } from '../../../main/store/secret-store';
import { msg } from '../../../preload/i18n/translator';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-no-keychain-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const unavailable = (): Promise<never> => Promise.reject(new AppError('keychain', msg('keychain.unavailable')));
const noKeychain: SecretStore = { get: unavailable, set: unavailable, delete: unavailable };

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.relative(dataDir, path.join(dir, entry.name))]));
}

describe('no keychain', () => {
  it('refuses to keep anything instead of falling back to plain text', async () => {
    const settings = openConfSettings(dataDir, path.join(dataDir, 'Downloads'));
    settings.update({ baseUrl: 'https://fax.example.test/v1' });
    const core = createCore({
      appInfo: { name: 'Fax Desktop', version: '0.0.0', runtime: 'harness', platform: process.platform, versions: { node: process.versions.node } },
      dataDir,
      settings,
      secrets: noKeychain,
      log: createLogger({ sinks: [] }),
      desktop: downloadFolderDesktop(() => path.join(dataDir, 'Downloads')),
    });
    await core.start();
    const connect = await core.dispatch('connect', { apiKey: 'fk_live_should_never_be_written_0123' });
    // (The service is unreachable here, so connect fails before it would store; either way nothing is written.)
    expect(connect).toMatchObject({ ok: false });
    const list = await core.dispatch('listFaxes', { direction: 'inbound', offset: 0, limit: 10 });
    expect(list).toMatchObject({ ok: false, error: { kind: 'keychain', message: expect.stringMatching(/keychain is not available/) as unknown } });
    const draft = await core.dispatch('saveDraft', { id: 'draft-1', recipients: [{ number: '+14155550100' }], subject: 'kept nowhere', notes: '', coverId: '', files: [], updatedAt: 1 });
    expect(draft).toMatchObject({ ok: false, error: { kind: 'keychain' } });
    await core.dispose();
    // Only the settings file (no secret in it) exists: no cache.db, no drafts, no staging, no key.
    expect(filesUnder(dataDir).filter((file) => !file.startsWith('Downloads'))).toEqual(['settings.json']);
    expect(fs.readFileSync(path.join(dataDir, 'settings.json'), 'utf8')).not.toMatch(/fk_live|kept nowhere|4155550100/);
  });
});
