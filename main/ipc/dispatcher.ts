/**
 * Turns a raw invoke (channel name + unknown argument) into a validated handler call and an IpcResult.
 * The Electron shell calls it after checking the sender; the browser harness calls it from its binding. It is
 * the one place where failures become what the renderer shows (appErrorOf).
 */
import type { HandlersFor } from '../../preload/contract-kit';
import { invokeContract, type InvokeContract } from '../../preload/contract';
import { failure, ok, type IpcResult } from '../../preload/ipc-result';
import { appErrorOf } from '../api/api-error';
import type { AppError } from '../errors';
import type { Logger } from '../log/logger';
import { say } from '../i18n/main-locale';
import { msg } from '../../preload/i18n/translator';

export type Handlers = HandlersFor<InvokeContract>;
export type Dispatch = (name: string, request: unknown) => Promise<IpcResult<unknown>>;

function isInvokeName(name: string): name is keyof InvokeContract {
  return Object.prototype.hasOwnProperty.call(invokeContract, name);
}

/** Decides, before validation, whether a channel may be served now (e.g. not while the app is locked). */
export type Gate = (name: keyof InvokeContract) => Promise<AppError | null>;

export function createDispatcher(handlers: Handlers, log: Logger, gate: Gate = () => Promise.resolve(null)): Dispatch {
  return async (name, request) => {
    if (!isInvokeName(name)) {
      log.warn('ipc.unknown_channel');
      return failure({ kind: 'invalid_input', message: say(msg('ipc.unknownRequest')) });
    }
    const refusal = await gate(name);
    if (refusal) return failure(refusal.toIpcError());
    const parsed = invokeContract[name].request.safeParse(request);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? ` (${issue.path.join('.')})` : '';
      log.warn('ipc.invalid_request', { channel: name, field: where });
      return failure({ kind: 'invalid_input', message: say(msg('ipc.requestNotValid', { where, issue: issue?.message ?? '' })) });
    }
    try {
      const handler = handlers[name] as (request: unknown) => Promise<unknown>;
      return ok(await handler(parsed.data));
    } catch (error) {
      // Every failure is translated here, once: handlers and services just throw.
      const appError = appErrorOf(error);
      if (appError) return failure(appError.toIpcError());
      log.error('ipc.handler_crashed', { channel: name, error });
      return failure({ kind: 'internal', message: say(msg('ipc.somethingWentWrong')) });
    }
  };
}
