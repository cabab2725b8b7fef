/**
 * How soon the next sync pass runs. The API allows 120 requests a minute per key, shared with the user's own
 * actions, so polling may use at most a fifth of it (24 a minute) in any state:
 * - an outbound fax in flight: every 2.5 s (what the user sees is at most ~3 s behind the service), slowing down
 *   to 5 s and 10 s while nothing changes, back to 2.5 s on any change, and no faster than this when none is;
 * - someone looking at the app (window visible, focused, unlocked): every 4 s, so a new fax shows within seconds;
 * - otherwise: the user's interval (Settings, 30 s by default).
 * Whatever the state, a pass waits when the last minute's sync requests would go past the share.
 */
export const pollShare = 0.2;
export const inFlightDelaysMs = [
  { quietForMs: 60_000, delayMs: 2_500 },
  { quietForMs: 180_000, delayMs: 5_000 },
  { quietForMs: Number.POSITIVE_INFINITY, delayMs: 10_000 },
] as const;
export const inUseDelayMs = 4_000;

export interface CadenceInput {
  now: number;
  intervalMs: number;
  inUse: boolean;
  inFlight: boolean;
  /** When a pass last found a change (or a fax was just sent). */
  lastChangeAt: number;
}

export function nextPassDelay(input: CadenceInput): number {
  let delay = input.intervalMs;
  if (input.inUse) delay = Math.min(delay, inUseDelayMs);
  if (input.inFlight) {
    const quiet = input.now - input.lastChangeAt;
    const step = inFlightDelaysMs.find((candidate) => quiet < candidate.quietForMs);
    delay = Math.min(delay, step?.delayMs ?? inFlightDelaysMs[2].delayMs);
  }
  return delay;
}

/** Keeps sync within its share of the per-minute limit: the wait before `requests` more may be made. */
export function shareWait(requestTimes: readonly number[], now: number, limitPerMinute: number, requests = 1): number {
  const share = Math.max(1, Math.floor(limitPerMinute * pollShare));
  const recent = requestTimes.filter((at) => at > now - 60_000).sort((a, b) => a - b);
  const over = recent.length + requests - share;
  if (over <= 0) return 0;
  const freedAt = (recent[over - 1] ?? now) + 60_000;
  return Math.max(0, freedAt - now);
}
