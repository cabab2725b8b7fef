/**
 * Whether someone is looking at the app: its window is visible and focused (the renderer reports both), and the
 * app is not locked. While it is, new faxes are looked for every few seconds; otherwise at the user's interval.
 */
import type { EventBus } from '../runtime/event-bus';

export interface WindowPresence {
  visible: boolean;
  focused: boolean;
}

export interface Presence {
  report(window: WindowPresence): void;
  /** The window is on screen, focused and unlocked. */
  inUse(): boolean;
  /** Runs `listener` whenever inUse() may have changed. */
  onChange(listener: () => void): () => void;
}

export function createPresence(deps: { events: EventBus; locked: () => boolean }): Presence {
  // Until the window says otherwise, nobody is looking (a window that never opens must not poll fast).
  let window: WindowPresence = { visible: false, focused: false };
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };
  deps.events.subscribe((name) => {
    if (name === 'lockChanged') changed();
  });
  return {
    report(next) {
      if (next.visible === window.visible && next.focused === window.focused) return;
      window = next;
      changed();
    },
    inUse: () => window.visible && window.focused && !deps.locked(),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
