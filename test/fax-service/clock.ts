/**
 * The virtual clock: real time plus an offset that the control plane can advance. It drives carrier
 * progress, rate-limit windows, idempotency retention and webhook retries. The offset is persisted.
 */
import { readMeta, writeMeta, type SandboxDb } from './database';

export interface Clock {
  now(): number;
  advance(seconds: number): number;
}

export function createClock(db: SandboxDb): Clock {
  let offset = Number(readMeta(db, 'clock_offset_ms') ?? '0');
  return {
    now: () => Date.now() + offset,
    advance(seconds) {
      offset += Math.round(seconds * 1000);
      writeMeta(db, 'clock_offset_ms', String(offset));
      return Date.now() + offset;
    },
  };
}

/** ISO 8601 UTC with second precision, as the sandbox writes `created_at`. */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}
