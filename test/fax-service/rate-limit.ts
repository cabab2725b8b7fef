/**
 * 120 requests per minute per key (per client address for requests without a valid key), in fixed windows of
 * the virtual clock. Every response carries X-RateLimit-Limit / -Remaining / -Reset (Unix seconds).
 */
export const requestsPerMinute = 120;

interface Window {
  start: number;
  count: number;
}

export interface RateDecision {
  allowed: boolean;
  headers: Record<string, string>;
  retryAfterSeconds: number;
}

export function createRateLimiter(now: () => number, limit = requestsPerMinute) {
  const windows = new Map<string, Window>();
  return {
    take(bucket: string): RateDecision {
      const at = now();
      let window = windows.get(bucket);
      if (!window || at >= window.start + 60_000) {
        window = { start: at, count: 0 };
        windows.set(bucket, window);
      }
      const reset = window.start + 60_000;
      const allowed = window.count < limit;
      if (allowed) window.count += 1;
      const retryAfterSeconds = Math.max(1, Math.ceil((reset - at) / 1000));
      return {
        allowed,
        retryAfterSeconds,
        headers: {
          'X-RateLimit-Limit': String(limit),
          'X-RateLimit-Remaining': String(Math.max(0, limit - window.count)),
          'X-RateLimit-Reset': String(Math.ceil(reset / 1000)),
        },
      };
    },
    /** Requests counted so far in the current window (the control plane reports it). */
    used(bucket: string): number {
      const window = windows.get(bucket);
      return window && now() < window.start + 60_000 ? window.count : 0;
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
