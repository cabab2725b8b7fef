/**
 * The client's share of the API's 120 requests a minute, fed by X-RateLimit-* on every reply, so the app never
 * triggers a 429 by itself. Every request (polling, paging, user actions) takes a token first. User actions go
 * first and may use the whole budget; background work leaves a reserve for them. A 429 blocks everyone until
 * Retry-After has passed.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { createOneTimer } from '../runtime/one-timer';
import { realTimers } from '../runtime/timers';

export type Priority = 'user' | 'background';

export interface RateBudgetOptions {
  now?: () => number;
  /** The documented limit, used until the server states one. */
  limit?: number;
  /** Share of the budget only user actions may use. */
  reserveFraction?: number;
}

interface Waiter {
  priority: Priority;
  resolve: () => void;
  reject: (error: Error) => void;
  signal: AbortSignal | undefined;
}

export interface RateSnapshot {
  limit: number;
  remaining: number;
  resetAt: number | null;
  blockedUntil: number;
  inFlight: number;
  waiting: number;
}

function headerNumber(headers: IncomingHttpHeaders, name: string): number | null {
  const raw = headers[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return null;
  return Number(value);
}

/** Retry-After in milliseconds: seconds, or an HTTP date. */
export function retryAfterMs(headers: IncomingHttpHeaders, now: number): number | null {
  const raw = headers['retry-after'];
  if (typeof raw !== 'string') return null;
  // Seconds, also with a fraction ("0.3") as some services send; otherwise an HTTP date.
  if (/^\s*\d+(\.\d+)?\s*$/.test(raw)) return Math.ceil(Number(raw) * 1000);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export interface RateBudget {
  /** Waits until a request of this priority may be sent, and takes its token. */
  acquire(priority: Priority, signal?: AbortSignal): Promise<void>;
  /** Records the reply of a granted request (null headers: it never got a reply). */
  settle(headers: IncomingHttpHeaders | null): void;
  /** A 429: nobody sends until the server's Retry-After has passed. */
  blockFor(milliseconds: number): void;
  /** Re-evaluates waiting requests now (after the clock was moved, in tests and benchmarks). */
  poke(): void;
  /**
   * When a request of this priority could be sent: now, or when the service's Retry-After ends or the app's own
   * share of the window frees up. Lets callers say "waiting for the rate limit" instead of looking busy.
   */
  availableAt(priority: Priority): { at: number; byService: boolean };
  snapshot(): RateSnapshot;
  dispose(): void;
}

export function createRateBudget(options: RateBudgetOptions = {}): RateBudget {
  const now = options.now ?? Date.now;
  let limit = options.limit ?? 120;
  let remaining = limit;
  let resetAt: number | null = null;
  let blockedUntil = 0;
  let inFlight = 0;
  const waiters: Waiter[] = [];
  const timer = createOneTimer(realTimers);

  const reserve = (): number => Math.max(1, Math.floor(limit * (options.reserveFraction ?? 0.15)));

  function refresh(at: number): void {
    if (resetAt !== null && at >= resetAt) {
      remaining = limit;
      resetAt = null;
    }
  }

  function canGrant(priority: Priority, at: number): boolean {
    if (at < blockedUntil) return false;
    refresh(at);
    return priority === 'user' ? remaining > 0 : remaining > reserve();
  }

  function grant(at: number): void {
    remaining -= 1;
    inFlight += 1;
    // Until the server states its window, assume one starts with our first request.
    resetAt ??= at + 60_000;
  }

  function schedule(): void {
    timer.cancel();
    if (waiters.length === 0) return;
    const at = now();
    const wakeAt = Math.max(blockedUntil, resetAt ?? at + 1000);
    timer.after(Math.max(10, wakeAt - at), pump);
  }

  function pump(): void {
    const at = now();
    // User actions first, then background work, each in arrival order.
    waiters.sort((a, b) => (a.priority === b.priority ? 0 : a.priority === 'user' ? -1 : 1));
    while (waiters.length > 0) {
      const next = waiters[0];
      if (!next) break;
      if (next.signal?.aborted) {
        waiters.shift();
        next.reject(new Error('aborted'));
        continue;
      }
      if (!canGrant(next.priority, at)) break;
      waiters.shift();
      grant(at);
      next.resolve();
    }
    schedule();
  }

  return {
    /** Waits until a request of this priority may be sent, and takes its token. */
    acquire(priority: Priority, signal?: AbortSignal): Promise<void> {
      const at = now();
      if (waiters.length === 0 && canGrant(priority, at)) {
        grant(at);
        return Promise.resolve();
      }
      return new Promise((resolve, reject) => {
        waiters.push({ priority, resolve, reject, signal });
        signal?.addEventListener('abort', pump, { once: true });
        pump();
      });
    },

    /** Records the reply of a granted request (null headers: it never got a reply). */
    settle(headers: IncomingHttpHeaders | null): void {
      inFlight = Math.max(0, inFlight - 1);
      if (headers) {
        const at = now();
        const statedLimit = headerNumber(headers, 'x-ratelimit-limit');
        const statedRemaining = headerNumber(headers, 'x-ratelimit-remaining');
        const statedReset = headerNumber(headers, 'x-ratelimit-reset');
        if (statedLimit !== null && statedLimit > 0) limit = statedLimit;
        if (statedRemaining !== null) {
          let nextResetAt = resetAt;
          if (statedReset !== null) {
            // Unix seconds on the server's clock (compared with its Date header), or a delta in seconds.
            const serverNow = typeof headers.date === 'string' ? Date.parse(headers.date) / 1000 : at / 1000;
            const delta = statedReset > 1e9 ? statedReset - (Number.isNaN(serverNow) ? at / 1000 : serverNow) : statedReset;
            nextResetAt = at + Math.min(65, Math.max(0, delta)) * 1000;
          }
          const newWindow = resetAt === null || (nextResetAt !== null && nextResetAt > resetAt + 5_000);
          const serverView = statedRemaining - inFlight;
          remaining = Math.max(0, newWindow ? serverView : Math.min(remaining, serverView));
          resetAt = nextResetAt;
        }
      }
      pump();
    },

    /** A 429: nobody sends until the server's Retry-After has passed. */
    blockFor(milliseconds: number): void {
      blockedUntil = Math.max(blockedUntil, now() + milliseconds);
      remaining = 0;
      // Retry-After is the server's own word on when requests are welcome again.
      resetAt = blockedUntil;
      pump();
    },

    /** Re-evaluates waiting requests now (after the clock was moved, in tests and benchmarks). */
    poke(): void {
      pump();
    },

    availableAt(priority: Priority) {
      const at = now();
      if (at < blockedUntil) return { at: blockedUntil, byService: true };
      if (waiters.length === 0 && canGrant(priority, at)) return { at, byService: false };
      return { at: Math.max(at, resetAt ?? at + 1000), byService: false };
    },

    snapshot(): RateSnapshot {
      return { limit, remaining, resetAt, blockedUntil, inFlight, waiting: waiters.length };
    },

    dispose(): void {
      timer.cancel();
      for (const waiter of waiters.splice(0)) waiter.reject(new Error('disposed'));
    },
  };
}

