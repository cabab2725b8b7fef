/**
 * The one logger of main. Every line is structured (event name + fields) and passes through the redactor;
 * callers log events, not documents. Sinks are injected: a file in the data folder, stderr in development.
 */
import { redactText, redactValue } from './redact';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface LogSink {
  write(line: string): void;
}

export interface Logger {
  debug(event: string, fields?: Record<string, unknown>): void;
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
  child(scope: string): Logger;
}

const levelOrder: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export function createLogger(options: { sinks: LogSink[]; level?: LogLevel; scope?: string; now?: () => Date }): Logger {
  const minimum = levelOrder[options.level ?? 'info'];
  const now = options.now ?? (() => new Date());
  const write = (level: LogLevel, event: string, fields?: Record<string, unknown>): void => {
    if (levelOrder[level] < minimum) return;
    const record: Record<string, unknown> = {
      time: now().toISOString(),
      level,
      ...(options.scope ? { scope: options.scope } : {}),
      event: redactText(event),
      ...(fields ? (redactValue(fields) as Record<string, unknown>) : {}),
    };
    const line = JSON.stringify(record);
    for (const sink of options.sinks) {
      try {
        sink.write(line);
      } catch {
        // A broken sink must not break the app.
      }
    }
  };
  return {
    debug: (event, fields) => write('debug', event, fields),
    info: (event, fields) => write('info', event, fields),
    warn: (event, fields) => write('warn', event, fields),
    error: (event, fields) => write('error', event, fields),
    child: (scope) => createLogger({ ...options, scope: options.scope ? `${options.scope}.${scope}` : scope }),
  };
}

/** A logger that drops everything (tests that do not look at logs). */
export const silentLogger: Logger = createLogger({ sinks: [] });

export function memorySink(): LogSink & { lines: string[] } {
  const lines: string[] = [];
  return { lines, write: (line) => lines.push(line) };
}
