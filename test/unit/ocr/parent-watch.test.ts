import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchParent } from '../../../main/ocr/parent-watch';

afterEach(() => {
  vi.useRealTimers();
});

function setUp(overrides: { alive?: (pid: number) => boolean } = {}) {
  vi.useFakeTimers();
  let parent = 4100;
  let disconnect: (() => void) | null = null;
  const exit = vi.fn();
  const watch = watchParent({
    exit,
    everyMs: 1_000,
    currentParent: () => parent,
    isAlive: overrides.alive ?? (() => true),
    onDisconnect: (listener) => {
      disconnect = listener;
    },
  });
  return { watch, exit, reparent: (pid: number) => (parent = pid), disconnect: () => disconnect?.() };
}

describe('a helper process watching the app that started it', () => {
  it('keeps running while its parent is its parent and alive', () => {
    const { exit } = setUp();
    vi.advanceTimersByTime(60_000);
    expect(exit).not.toHaveBeenCalled();
  });

  it('ends within one check once it is handed to another parent (its own parent died)', () => {
    const { exit, reparent } = setUp();
    vi.advanceTimersByTime(5_000);
    reparent(1);
    vi.advanceTimersByTime(1_000);
    expect(exit).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(exit).toHaveBeenCalledTimes(1);
  });

  it('ends when the process the start message named is gone, and never for a nonsense id', () => {
    const alive = new Set([4100, 5200]);
    const { watch, exit } = setUp({ alive: (pid) => alive.has(pid) });
    watch.alsoWatch(0);
    watch.alsoWatch(-3);
    watch.alsoWatch(Number.NaN);
    watch.alsoWatch(process.pid);
    vi.advanceTimersByTime(5_000);
    expect(exit).not.toHaveBeenCalled();
    watch.alsoWatch(5200);
    vi.advanceTimersByTime(5_000);
    expect(exit).not.toHaveBeenCalled();
    alive.delete(5200);
    vi.advanceTimersByTime(1_000);
    expect(exit).toHaveBeenCalledTimes(1);
  });

  it('ends at once when its channel to the app closes, once', () => {
    const { exit, disconnect } = setUp();
    disconnect();
    disconnect();
    vi.advanceTimersByTime(5_000);
    expect(exit).toHaveBeenCalledTimes(1);
  });

  it('a stopped watch ends nothing', () => {
    const { watch, exit, reparent } = setUp();
    watch.stop();
    reparent(1);
    vi.advanceTimersByTime(5_000);
    expect(exit).not.toHaveBeenCalled();
  });
});
