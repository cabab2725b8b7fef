/**
 * The one error type main code throws on purpose. It carries what the renderer needs to explain a failure;
 * its message is written for people and must never contain a key, a fax number, a file name or a path.
 */
import type { IpcError, IpcErrorKind } from '../preload/ipc-result';

export interface AppErrorDetails {
  requestId?: string;
  code?: string;
  status?: number;
  retryAt?: number;
}

export class AppError extends Error {
  override readonly name = 'AppError';

  constructor(
    readonly kind: IpcErrorKind,
    message: string,
    readonly details: AppErrorDetails = {},
  ) {
    super(message);
  }

  toIpcError(): IpcError {
    const error: IpcError = { kind: this.kind, message: this.message };
    if (this.details.requestId !== undefined) error.requestId = this.details.requestId;
    if (this.details.code !== undefined) error.code = this.details.code;
    if (this.details.status !== undefined) error.status = this.details.status;
    if (this.details.retryAt !== undefined) error.retryAt = this.details.retryAt;
    return error;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
