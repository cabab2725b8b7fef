/**
 * When a failed call is tried again, and after how long: capped exponential backoff with full jitter. What is
 * worth retrying is decided by `classifyFailure` (network errors, time-outs, 409, 5xx, unreadable 2xx replies);
 * 429 waits for Retry-After; 402 and every other 4xx are final.
 */

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const userRetryPolicy: RetryPolicy = { maxAttempts: 3, baseDelayMs: 500, maxDelayMs: 8_000 };
export const backgroundRetryPolicy: RetryPolicy = { maxAttempts: 4, baseDelayMs: 1_000, maxDelayMs: 30_000 };

export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(random() * ceiling);
}
