/**
 * The virtual clock: real time plus an offset that the control plane can advance, or stop and start again. It drives carrier
 * progress, rate-limit windows, idempotency retention and webhook retries. The offset is persisted.
 */
import { readMeta, writeMeta, type SandboxDb } from './database';

export interface Clock {
  now(): number;
  advance(seconds: number): number;
  /**
   * Stops the clock where it is (a test that must not race the carrier: faxes sent on a busy machine were delivered
   * before it looked), or lets it run again from there. Not kept across restarts.
   */
  freeze(frozen: boolean): void;
}

export function createClock(db: SandboxDb): Clock {
  let offset = Number(readMeta(db, 'clock_offset_ms') ?? '0');
  let frozenAt: number | null = null;
  const keep = (): void => writeMeta(db, 'clock_offset_ms', String(offset));
  return {
    now: () => frozenAt ?? Date.now() + offset,
    advance(seconds) {
      const step = Math.round(seconds * 1000);
      if (frozenAt !== null) frozenAt += step;
      offset += step;
      keep();
      return frozenAt ?? Date.now() + offset;
    },
    freeze(frozen) {
      if (frozen && frozenAt === null) frozenAt = Date.now() + offset;
      if (!frozen && frozenAt !== null) {
        offset = frozenAt - Date.now();
        frozenAt = null;
        keep();
      }
    },
  };
}

/** ISO 8601 UTC with second precision, as the sandbox writes `created_at`. */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}
