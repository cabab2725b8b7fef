/**
 * Tells main that someone is using the window, so the auto-lock counts idle time from the last input. At most
 * one report per interval: the idle limit is minutes, so a few seconds of slack cost nothing.
 */
import { faxApi } from './ipc';

export const activityReportIntervalMs = 10_000;

export function startActivityReports(target: Window = window): () => void {
  let lastReport = 0;
  const onInput = () => {
    const now = Date.now();
    if (now - lastReport < activityReportIntervalMs) return;
    lastReport = now;
    void faxApi().reportActivity();
  };
  const kinds = ['keydown', 'pointerdown', 'wheel', 'dragenter'] as const;
  for (const kind of kinds) target.addEventListener(kind, onInput, { passive: true, capture: true });
  return () => {
    for (const kind of kinds) target.removeEventListener(kind, onInput, { capture: true });
  };
}
