// The app lock across the whole core: main refuses data while locked, holds back events, and audits without PHI.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invokeNames } from '../../preload/contract';
import type { FaxListPage } from '../../preload/models';
import { servedWhileLocked } from '../../main/ipc/lock-gate';
import { connectedCore, type ConnectedCore } from '../helpers/connected-core';
import { startTestSandbox, type TestSandbox } from '../fax-service/testkit';

let t: TestSandbox;
let app: ConnectedCore;
const rendererHeard: string[] = [];
beforeAll(async () => {
  t = await startTestSandbox();
  app = await connectedCore(t);
  app.core.rendererEvents.subscribe((name) => rendererHeard.push(name));
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('app lock (core against the sandbox)', () => {
  it('while locked, every channel but unlock, lock state, activity, app info and draft saving answers "locked"', async () => {
    expect(await app.call('lockNow')).toEqual({ ok: true, value: { locked: true, unlockWith: 'api_key', retryAt: null, keyFallback: false } });
    const refused: string[] = [];
    for (const name of invokeNames) {
      if (servedWhileLocked.has(name)) continue;
      const reply = (await app.call(name, undefined)) as { ok: boolean; error?: { kind: string; message: string } };
      expect(reply.ok).toBe(false);
      expect(reply.error).toEqual({ kind: 'locked', message: 'Fax Desktop is locked. Unlock it to continue.' });
      refused.push(name);
    }
    expect(refused).toEqual(expect.arrayContaining(['listFaxes', 'getFax', 'openFaxPdf', 'getDraft', 'getConnection', 'signOut', 'setLockPin', 'exportFaxList']));
    // The command channels check the lock themselves: only commands that show no data run while locked.
    expect([...servedWhileLocked].sort()).toEqual(['getAppInfo', 'getLockState', 'getUpdateState', 'lockNow', 'reportActivity', 'reportPresence', 'reportWindow', 'runCommand', 'saveDraft', 'takeRecoveryNotice', 'unlock']);
    expect(await app.call('runCommand', { command: 'syncNow' })).toEqual({ ok: true, value: { outcome: 'disabled' } });
    expect(await app.call('runCommand', { command: 'newFax' })).toEqual({ ok: true, value: { outcome: 'disabled' } });
    const draft = { id: 'draft-lock', recipients: [{ number: '+14155550100' }], subject: 'typed before the lock', notes: '', coverId: '', files: [], updatedAt: Date.now() };
    expect(await app.call('saveDraft', draft)).toEqual({ ok: true, value: null });
  });

  it('a fax that arrives while locked is synced, but the renderer hears nothing of it until unlocked', async () => {
    rendererHeard.length = 0;
    await t.control('POST', `/accounts/${app.accountId}/inbound`, { pages: 1 });
    const services = await app.core.services();
    await services.sync.runOnce();
    expect(app.events.map((event) => event.name)).toContain('faxReceived');
    expect(rendererHeard.filter((name) => name !== 'lockChanged')).toEqual([]);
  });

  it('the wrong key is refused; the right one unlocks, data flows again, and the audit log has no PHI', async () => {
    const wrong = (await app.call('unlock', { apiKey: 'sk_live_not_the_key' })) as { ok: boolean; error?: { kind: string } };
    expect(wrong).toMatchObject({ ok: false, error: { kind: 'locked' } });
    expect(await app.call('unlock', { apiKey: app.key })).toEqual({ ok: true, value: { locked: false, unlockWith: 'api_key', retryAt: null, keyFallback: false } });
    const inbox = (await app.call('listFaxes', { direction: 'inbound', offset: 0, limit: 10 })) as { ok: true; value: FaxListPage };
    expect(inbox.value.total).toBeGreaterThan(0);
    expect(((await app.call('getDraft')) as { value: { subject: string } }).value.subject).toBe('typed before the lock');
    const audit = (await app.core.services()).cache.audit.entries();
    expect(audit.map((entry) => entry.action)).toEqual(expect.arrayContaining(['lock', 'unlock_failed', 'unlock']));
    expect(JSON.stringify(audit)).not.toMatch(/\+1415|typed before|sk_live/);
  });
});
