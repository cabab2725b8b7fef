import { beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../../main/log/logger';
import { FakeSession, FakeWebContents } from './fake-electron';

const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof import('./fake-electron').createFakeElectron> | null }));
vi.mock('electron', async () => {
  const { createFakeElectron } = await import('./fake-electron');
  fake.current = createFakeElectron();
  return fake.current.electron;
});

const { hardenSession, hardenWebContents, openExternalSafely } = await import('../../../main/shell/hardening');

function navigationEvent(url: string) {
  return { url, preventDefault: vi.fn() };
}

describe('hardenWebContents', () => {
  let contents: FakeWebContents;
  beforeEach(() => {
    contents = new FakeWebContents();
    hardenWebContents(contents as never, silentLogger);
    fake.current?.electron.shell.openExternal.mockClear();
  });

  it.each(['will-navigate', 'will-frame-navigate', 'will-redirect'])('%s away from the app is refused', (eventName) => {
    for (const url of ['https://evil.example/', 'file:///etc/passwd', 'javascript:alert(1)', 'app://evil/index.html']) {
      const event = navigationEvent(url);
      contents.emit(eventName, event);
      expect(event.preventDefault, `${eventName} ${url}`).toHaveBeenCalled();
    }
  });

  it('a reload of the app itself is allowed', () => {
    const event = navigationEvent('app://fax/index.html');
    contents.emit('will-navigate', event);
    expect(event.preventDefault).not.toHaveBeenCalled();
  });

  it('webviews are never attached', () => {
    const event = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', event, {}, {});
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('window.open is always denied; only allowlisted https links go to the browser', () => {
    const handler = contents.windowOpenHandler;
    expect(handler).not.toBeNull();
    expect(handler?.({ url: 'https://github.com/fax-desktop/fax-desktop' })).toEqual({ action: 'deny' });
    expect(fake.current?.electron.shell.openExternal).toHaveBeenCalledWith('https://github.com/fax-desktop/fax-desktop');
    for (const url of ['javascript:alert(1)', 'file:///C:/Windows/system32/calc.exe', 'smb://host/share', 'http://github.com/', 'https://github.com/help']) {
      expect(handler?.({ url })).toEqual({ action: 'deny' });
    }
    expect(fake.current?.electron.shell.openExternal).toHaveBeenCalledTimes(1);
  });
});

describe('openExternalSafely', () => {
  it.each(['javascript:alert(1)', 'file:///etc/passwd', 'smb://attacker/x', 'https://evil.example/'])('refuses %s', (url) => {
    fake.current?.electron.shell.openExternal.mockClear();
    expect(openExternalSafely(url, silentLogger)).toBe(false);
    expect(fake.current?.electron.shell.openExternal).not.toHaveBeenCalled();
  });
});

describe('hardenSession', () => {
  it('denies every permission request and check, and blocks renderer downloads', () => {
    const target = new FakeSession();
    hardenSession(target as never, silentLogger);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      const callback = vi.fn();
      target.permissionRequestHandler?.({}, permission, callback);
      expect(callback).toHaveBeenCalledWith(false);
    }
    expect(target.permissionCheckHandler?.()).toBe(false);
    expect(target.deviceHandler?.()).toBe(false);
    const download = { preventDefault: vi.fn() };
    target.emit('will-download', download);
    expect(download.preventDefault).toHaveBeenCalled();
  });
});
