import { describe, expect, it } from 'vitest';
import { hasDisplay, headlessGuide } from '../../harness/headless-guide';

describe('without a display', () => {
  it('Linux needs X11 or Wayland; other systems always have a display', () => {
    expect(hasDisplay({}, 'linux')).toBe(false);
    expect(hasDisplay({ DISPLAY: ':0' }, 'linux')).toBe(true);
    expect(hasDisplay({ WAYLAND_DISPLAY: 'wayland-0' }, 'linux')).toBe(true);
    expect(hasDisplay({}, 'darwin')).toBe(true);
  });

  it('says in plain words how to see the app: xvfb-run, chrome://inspect with the port, an SSH tunnel, Playwright', () => {
    const guide = headlessGuide('http://127.0.0.1:9333', 'npm run demo');
    expect(guide).toContain('no display');
    expect(guide).toContain('xvfb-run -a npm run demo');
    expect(guide).toContain('chrome://inspect');
    expect(guide).toContain('add 127.0.0.1:9333');
    expect(guide).toContain('ssh -L 9333:127.0.0.1:9333');
    expect(guide).toContain("chromium.connectOverCDP('http://127.0.0.1:9333')");
  });
});
