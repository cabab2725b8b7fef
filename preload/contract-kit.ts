/**
 * The building blocks of the IPC contract: how a channel is declared, and the types derived from the
 * declarations. Only `contract.ts` declares channels; everything else derives from it.
 */
import type { z } from 'zod';
import type { IpcResult } from './ipc-result';

export interface InvokeSpec<Req extends z.ZodType, Res, Files extends boolean = boolean> {
  readonly kind: 'invoke';
  /** Validates the renderer's argument in main; the argument arrives as `unknown`. */
  readonly request: Req;
  /** Phantom: carries the response type only. */
  readonly response: Res;
  /** The bridge turns `File` objects into paths before invoking (drag & drop, file pickers). */
  readonly takesFiles: Files;
}

export interface EventSpec<Payload> {
  readonly kind: 'event';
  /** Phantom: carries the payload type only. */
  readonly payload: Payload;
}

/** Declares an invoke channel: `invoke<Response>()(requestSchema)`. */
export function invoke<Res>() {
  return <Req extends z.ZodType>(request: Req): InvokeSpec<Req, Res, false> => ({
    kind: 'invoke',
    request,
    response: undefined as unknown as Res,
    takesFiles: false,
  });
}

/**
 * Declares an invoke channel whose request carries `paths: string[]` in main, while the renderer passes
 * `files: File[]`; the preload resolves each File to its path (Electron's `webUtils.getPathForFile`).
 */
export function invokeWithFiles<Res>() {
  return <Req extends z.ZodObject<{ paths: z.ZodArray<z.ZodString> }>>(request: Req): InvokeSpec<Req, Res, true> => ({
    kind: 'invoke',
    request,
    response: undefined as unknown as Res,
    takesFiles: true,
  });
}

export function event<Payload>(): EventSpec<Payload> {
  return { kind: 'event', payload: undefined as unknown as Payload };
}

export type AnyInvokeSpec = InvokeSpec<z.ZodType, unknown>;
export type AnyEventSpec = EventSpec<unknown>;

export type RequestOf<S> = S extends InvokeSpec<infer Req, unknown> ? z.input<Req> : never;
export type ParsedRequestOf<S> = S extends InvokeSpec<infer Req, unknown> ? z.output<Req> : never;
export type ResponseOf<S> = S extends InvokeSpec<z.ZodType, infer Res> ? Res : never;
export type PayloadOf<S> = S extends EventSpec<infer P> ? P : never;

/** The renderer-side argument: `files: File[]` replaces `paths` for file-taking channels. */
export type RendererRequestOf<S> =
  S extends InvokeSpec<infer Req, unknown>
    ? S['takesFiles'] extends true
      ? Omit<z.input<Req>, 'paths'> & { files: readonly File[] }
      : z.input<Req>
    : never;

type MethodFor<S> = undefined extends RendererRequestOf<S>
  ? (request?: RendererRequestOf<S>) => Promise<IpcResult<ResponseOf<S>>>
  : (request: RendererRequestOf<S>) => Promise<IpcResult<ResponseOf<S>>>;

export type InvokeMethods<C extends Record<string, AnyInvokeSpec>> = { readonly [K in keyof C]: MethodFor<C[K]> };

export interface EventSubscriptions<E extends Record<string, AnyEventSpec>> {
  /** Subscribes to a main → renderer event. Returns the function that unsubscribes. */
  readonly on: <K extends keyof E & string>(name: K, listener: (payload: PayloadOf<E[K]>) => void) => () => void;
}

/** Main's side: one async function per invoke channel, taking the validated request. */
export type HandlersFor<C extends Record<string, AnyInvokeSpec>> = {
  readonly [K in keyof C]: (request: ParsedRequestOf<C[K]>) => Promise<ResponseOf<C[K]>>;
};

export const invokeChannelPrefix = 'fax:';
export const eventChannelPrefix = 'fax-event:';

export function invokeChannelName(name: string): string {
  return `${invokeChannelPrefix}${name}`;
}

export function eventChannelName(name: string): string {
  return `${eventChannelPrefix}${name}`;
}
