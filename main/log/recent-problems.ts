/**
 * A log sink that keeps the last warnings and errors for "Copy diagnostics", reduced to fields that can never
 * carry PHI: when, how bad, which event, and the error's kind, code, HTTP status and request id. Nothing else of
 * the log line (which the redactor has already cleaned) is kept.
 */
import type { LogSink } from './logger';

export interface Problem {
  time: string;
  level: 'warn' | 'error';
  event: string;
  kind?: string;
  code?: string;
  status?: number;
  requestId?: string;
}

export interface RecentProblems extends LogSink {
  list(): Problem[];
}

/** Identifiers only: an event name, an error code or a request id (no spaces, no "+", no "@", no dots in runs). */
const identifier = /^[A-Za-z0-9_:.-]{1,80}$/;

function pick(source: Record<string, unknown>, name: string): string | undefined {
  const value = source[name];
  return typeof value === 'string' && identifier.test(value) && !/\d{6,}/.test(value) ? value : undefined;
}

export function recentProblems(capacity = 20): RecentProblems {
  const problems: Problem[] = [];
  return {
    write(line) {
      let record: Record<string, unknown>;
      try {
        record = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return;
      }
      if (record.level !== 'warn' && record.level !== 'error') return;
      const error = typeof record.error === 'object' && record.error !== null ? (record.error as Record<string, unknown>) : {};
      const requestId = pick(record, 'requestId') ?? pick(error, 'requestId');
      const kind = pick(record, 'kind') ?? pick(error, 'kind');
      const code = pick(record, 'code') ?? pick(error, 'code');
      const status = typeof record.status === 'number' ? record.status : typeof error.status === 'number' ? error.status : undefined;
      const event = pick(record, 'event') ?? 'event';
      problems.push({
        time: typeof record.time === 'string' ? record.time : new Date().toISOString(),
        level: record.level,
        event: typeof record.scope === 'string' && identifier.test(record.scope) ? `${record.scope}:${event}` : event,
        ...(kind ? { kind } : {}),
        ...(code ? { code } : {}),
        ...(status !== undefined ? { status } : {}),
        ...(requestId ? { requestId } : {}),
      });
      if (problems.length > capacity) problems.shift();
    },
    list: () => [...problems],
  };
}
