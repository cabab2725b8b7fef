/**
 * Tells main whether the window is on screen and focused: while it is (and the app is unlocked), main looks for
 * new faxes every few seconds; otherwise at the user's interval.
 */
import { faxApi } from './ipc';
import { onLockChange } from './lock';

export function startPresenceReports(target: Window = window): () => void {
  let last = '';
  const report = (force = false) => {
    const presence = { visible: target.document.visibilityState === 'visible', focused: target.document.hasFocus() };
    const key = JSON.stringify(presence);
    if (!force && key === last) return;
    last = key;
    void faxApi().reportPresence(presence);
  };
  const onChange = () => report();
  target.document.addEventListener('visibilitychange', onChange);
  target.addEventListener('focus', onChange);
  target.addEventListener('blur', onChange);
  const stopLock = onLockChange(() => report(true));
  report(true);
  return () => {
    target.document.removeEventListener('visibilitychange', onChange);
    target.removeEventListener('focus', onChange);
    target.removeEventListener('blur', onChange);
    stopLock();
  };
}
