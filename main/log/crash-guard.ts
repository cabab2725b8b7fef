/**
 * Crash output goes through the redacting logger too. Without these handlers Node prints the raw stack to stderr
 * and Electron shows it in a dialog — and an error message can quote a fax number, a file path or a server reply.
 * An uncaught exception leaves main in an unknown state, so after logging it the process exits; a stray rejected
 * promise is logged and the app carries on.
 */
import type { Logger } from './logger';

export interface CrashTarget {
  on(event: 'uncaughtException', listener: (error: unknown) => void): unknown;
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
  exit(code: number): void;
}

export function installCrashGuard(log: Logger, target: CrashTarget = process): void {
  target.on('uncaughtException', (error) => {
    log.error('process.uncaught_exception', { error });
    target.exit(1);
  });
  target.on('unhandledRejection', (reason) => {
    log.error('process.unhandled_rejection', { error: reason });
  });
}
