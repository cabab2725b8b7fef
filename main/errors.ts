/**
 * The one error type main code throws on purpose. It carries what the renderer needs to explain a failure;
 * its message is written for people and must never contain a key, a fax number, a file name or a path.
 */
import type { Locale } from '../preload/i18n/locales';
import { translate, type Message } from '../preload/i18n/translator';
import type { IpcError, IpcErrorKind } from '../preload/ipc-result';
import { mainLocale } from './i18n/main-locale';

export interface AppErrorDetails {
  requestId?: string;
  code?: string;
  status?: number;
  retryAt?: number;
}

export class AppError extends Error {
  override readonly name = 'AppError';

  /** `message` (Error's) is the English wording, for tests and the developer; people read `toIpcError(locale)`. */
  constructor(
    readonly kind: IpcErrorKind,
    readonly text: Message,
    readonly details: AppErrorDetails = {},
  ) {
    super(translate('en', text));
  }

  toIpcError(locale: Locale = mainLocale()): IpcError {
    const error: IpcError = { kind: this.kind, message: translate(locale, this.text) };
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
