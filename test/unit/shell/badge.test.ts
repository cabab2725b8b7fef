// The unread count outside the window on each OS, and Windows login items through Electron.
import { describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => ({
  app: { setBadgeCount: vi.fn(), setLoginItemSettings: vi.fn() },
  nativeImage: { createFromBuffer: vi.fn((buffer: Buffer) => ({ buffer })) },
}));
vi.mock('electron', () => electron);

const { showUnreadBadge } = await import('../../../main/shell/badge');
const { applyStartAtLogin } = await import('../../../main/shell/login-items');

function fakeWindow() {
  return { isDestroyed: () => false, setOverlayIcon: vi.fn() };
}

describe('unread badge', () => {
  it('macOS and Linux: the app badge count', async () => {
    await showUnreadBadge(3, null, 'darwin');
    await showUnreadBadge(0, null, 'linux');
    expect(electron.app.setBadgeCount.mock.calls).toEqual([[3], [0]]);
  });

  it('Windows: an overlay icon with the count and its description, cleared at zero', async () => {
    const window = fakeWindow();
    await showUnreadBadge(4, window as never, 'win32');
    const [image, description] = window.setOverlayIcon.mock.calls[0] as [{ buffer: Buffer }, string];
    expect(image.buffer.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(description).toBe('4 unread faxes');
    await showUnreadBadge(0, window as never, 'win32');
    expect(window.setOverlayIcon).toHaveBeenLastCalledWith(null, '');
  });
});

describe('start at login on Windows and macOS', () => {
  it('uses the OS login items, starting hidden', () => {
    applyStartAtLogin(true, 'win32');
    applyStartAtLogin(false, 'darwin');
    expect(electron.app.setLoginItemSettings.mock.calls).toEqual([[{ openAtLogin: true, args: ['--hidden'] }], [{ openAtLogin: false, args: [] }]]);
  });
});
