// Window state: restored where it was when that place still exists; saved without losing it to a crash.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decideClose } from '../../../main/window/close-policy';
import { createCrashRecovery } from '../../../main/window/crash-recovery';
import { openingBounds, type Rect } from '../../../main/window/window-bounds';
import { windowStateFile } from '../../../main/window/window-state-file';
import type { Timers } from '../../../main/runtime/timers';

const sizes = { width: 1280, height: 820, minWidth: 960, minHeight: 600 };
const laptop: Rect = { x: 0, y: 0, width: 1920, height: 1040 };
const monitorOnRight: Rect = { x: 1920, y: 0, width: 2560, height: 1400 };

describe('opening bounds', () => {
  it('restores size, position and maximised state on a display that still exists', () => {
    const saved = { bounds: { x: 2100, y: 80, width: 1400, height: 900 }, maximized: true };
    expect(openingBounds(saved, [laptop, monitorOnRight], sizes)).toEqual({ x: 2100, y: 80, width: 1400, height: 900, maximized: true });
  });

  it('a window left on a display unplugged since opens centred at the default size', () => {
    const saved = { bounds: { x: 2100, y: 80, width: 1400, height: 900 }, maximized: false };
    expect(openingBounds(saved, [laptop], sizes)).toEqual({ width: 1280, height: 820, maximized: false });
  });

  it('a window larger than its display now (resolution lowered) shrinks onto it', () => {
    const saved = { bounds: { x: 100, y: 50, width: 2400, height: 1300 }, maximized: false };
    const opened = openingBounds(saved, [laptop], sizes);
    expect(opened).toMatchObject({ width: 1920, height: 1040, x: 0, y: 0 });
  });

  it('nothing saved, or something unreadable: the defaults', () => {
    expect(openingBounds(null, [laptop], sizes)).toEqual({ width: 1280, height: 820, maximized: false });
    expect(openingBounds({ bounds: { x: 'a' } }, [laptop], sizes)).toEqual({ width: 1280, height: 820, maximized: false });
  });
});

describe('window state file', () => {
  function manualTimers() {
    const pending: Array<() => void> = [];
    const timers: Timers = { set: (callback) => pending.push(callback), clear: () => undefined };
    return { timers, fire: () => pending.splice(0).forEach((callback) => callback()) };
  }

  it('writes moves at most once per tick of its timer, and at once on flush', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'window-state-'));
    const { timers, fire } = manualTimers();
    const file = windowStateFile(dir, timers);
    expect(file.read()).toBeNull();
    file.remember({ bounds: { x: 1, y: 2, width: 1000, height: 700 }, maximized: false });
    file.remember({ bounds: { x: 5, y: 6, width: 1000, height: 700 }, maximized: false });
    expect(file.read()).toBeNull();
    fire();
    expect(file.read()).toEqual({ bounds: { x: 5, y: 6, width: 1000, height: 700 }, maximized: false });
    file.remember({ bounds: { x: 9, y: 9, width: 1000, height: 700 }, maximized: true });
    file.flush();
    expect(windowStateFile(dir, timers).read()).toMatchObject({ maximized: true });
  });
});

describe('closing the window', () => {
  it('hides to the tray and says so the first time only', () => {
    expect(decideClose({ quitting: false, quitOnClose: false, trayShown: true, toldBefore: false })).toEqual({ action: 'hide', tellUser: true });
    expect(decideClose({ quitting: false, quitOnClose: false, trayShown: true, toldBefore: true })).toEqual({ action: 'hide', tellUser: false });
  });

  it('closes when quitting, when the setting says so, or without a tray', () => {
    expect(decideClose({ quitting: true, quitOnClose: false, trayShown: true, toldBefore: false }).action).toBe('close');
    expect(decideClose({ quitting: false, quitOnClose: true, trayShown: true, toldBefore: false }).action).toBe('close');
    expect(decideClose({ quitting: false, quitOnClose: false, trayShown: false, toldBefore: false }).action).toBe('close');
  });
});

describe('renderer crash recovery', () => {
  it('reloads after a crash and tells the reloaded page once; a second crash within a minute shows the error page', () => {
    let now = 1_000_000;
    const recovery = createCrashRecovery(() => now);
    expect(recovery.rendererGone('crashed')).toBe('reload');
    expect(recovery.takeRecoveredNotice()).toBe(true);
    expect(recovery.takeRecoveredNotice()).toBe(false);
    now += 30_000;
    expect(recovery.rendererGone('oom')).toBe('error-page');
    expect(recovery.takeRecoveredNotice()).toBe(false);
  });

  it('crashes more than a minute apart each reload; a clean exit is not a crash', () => {
    let now = 0;
    const recovery = createCrashRecovery(() => now);
    expect(recovery.rendererGone('clean-exit')).toBe('none');
    expect(recovery.rendererGone('crashed')).toBe('reload');
    now += 61_000;
    expect(recovery.rendererGone('killed')).toBe('reload');
  });
});
