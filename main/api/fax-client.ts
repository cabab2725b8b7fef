/**
 * Typed calls for every endpoint of the Fax Service. Each call takes a token from the shared rate budget, sends
 * the key in the Authorization header only, retries what may be retried (a send always with its own
 * Idempotency-Key), reports a 401 to the connection, and turns any reply into a record or a typed FaxApiError.
 */
import type { Writable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import type { z } from 'zod';
import type { AccountView, ContactView, DraftRecipient, NumberView, WebhookView } from '../../preload/models';
import type { FaxId } from '../../preload/fax-id';
import type { Logger } from '../log/logger';
import { FaxApiError, transportFailure } from './api-error';
import { jsonBody, parseJson, pathTemplate, requestIdOf } from './wire-format';
import type { HttpCall, HttpResult, RequestBody, Transport } from './https-transport';
import { multipartBody, type FormField, type FormFile } from './multipart-body';
import { parseExactJson } from './exact-json';
import { readAccount } from './read/account-reader';
import { readContact } from './read/contact-reader';
import { readFax, type FaxRecord } from './read/fax-reader';
import { readNumber, readWebhook, webhookSecret } from './read/service-readers';
import { retryAfterMs, type Priority, type RateBudget } from './rate-budget';
import { isRetryableFailure } from './failure-class';
import { backgroundRetryPolicy, backoffDelay, userRetryPolicy, type RetryPolicy } from './retry-policy';
import { accountSchema, contactSchema, errorEnvelopeSchema, faxSchema, listEnvelopeSchema, numberSchema, sendReplySchema, singleEnvelopeSchema, webhookSchema } from './schemas';

export interface FaxClientDeps {
  transport: Transport;
  budget: RateBudget;
  /** The API key, read from the keychain by main; never logged, never returned to the renderer. */
  apiKey: () => Promise<string>;
  log: Logger;
  onUnauthorized: (requestId: string | null) => void;
  /** Any reply at all came back: the service can be reached (whatever the reply said). */
  onReachable?: () => void;
  sleep?: (milliseconds: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

export interface CallOptions {
  priority?: Priority;
  retry?: RetryPolicy | null;
  signal?: AbortSignal;
}

export interface ListPage<T> {
  items: T[];
  total: number | null;
  hasMore: boolean;
  /** Items that could not be read and were left out (logged, never shown half-parsed). */
  skipped: number;
  requestId: string | null;
}

export interface FaxListQuery {
  limit: number;
  offset?: number;
  direction?: 'inbound' | 'outbound';
  status?: string;
  createdAfter?: string;
  createdBefore?: string;
}

export interface SendInput {
  recipients: DraftRecipient[];
  subject?: string;
  notes?: string;
  coverId?: string;
  files: FormFile[];
}

export interface SendResult {
  faxId: FaxId;
  reference: string | null;
  status: string | null;
  pages: number | null;
  replayed: boolean;
  requestId: string | null;
}

export interface FaxClient {
  listFaxes(query: FaxListQuery, options?: CallOptions): Promise<ListPage<FaxRecord>>;
  getFax(id: FaxId, options?: CallOptions): Promise<{ fax: FaxRecord; requestId: string | null }>;
  /** Streams the fax's PDF into a sink opened per attempt; never buffered whole. */
  downloadPdf(id: FaxId, sink: () => Writable, options?: CallOptions): Promise<void>;
  sendFax(input: SendInput, options: CallOptions & { idempotencyKey: string; onProgress?: (sent: number, total: number) => void }): Promise<SendResult>;
  listContacts(query: { q?: string | undefined; limit: number; offset: number }, options?: CallOptions): Promise<ListPage<ContactView>>;
  listNumbers(options?: CallOptions): Promise<ListPage<NumberView>>;
  getAccount(options?: CallOptions): Promise<{ account: AccountView; requestId: string | null }>;
  listWebhooks(options?: CallOptions): Promise<ListPage<WebhookView>>;
  createWebhook(input: { url: string; events?: string[] | undefined; description?: string | undefined }, options?: CallOptions): Promise<{ webhook: WebhookView; secret: string | null }>;
  /** `accepted`: the service answered 202 — it took the request and is still deleting (the endpoint may still be listed). */
  deleteWebhook(id: string, options?: CallOptions): Promise<{ accepted: boolean }>;
  /**
   * The status a request gets, for capability probes: 2xx, or the failure's status. Probes that write
   * (POST /faxes, POST /webhooks) send a deliberately incomplete body, so a granted scope yields a 400 and
   * nothing is ever created.
   */
  probe(method: 'GET' | 'POST', path: string, options?: { query?: HttpCall['query']; body?: RequestBody }): Promise<number>;
}

export function createFaxClient(deps: FaxClientDeps): FaxClient {
  const sleep = deps.sleep ?? ((milliseconds: number, signal?: AbortSignal) => delay(milliseconds, undefined, signal ? { signal } : {}));
  const now = deps.now ?? Date.now;
  const log = deps.log.child('api');

  function httpFailure(result: HttpResult): FaxApiError {
    let json: unknown = null;
    try {
      json = parseExactJson(result.body.toString('utf8'));
    } catch {
      json = null;
    }
    const envelope = errorEnvelopeSchema.safeParse(json);
    const error = envelope.success ? envelope.data.error : null;
    return new FaxApiError({
      kind: 'http',
      status: result.status,
      type: error?.type ?? null,
      code: error?.code ?? null,
      message: error?.message ?? null,
      requestId: requestIdOf(result, json),
      retryAfterMs: retryAfterMs(result.headers, now()),
    });
  }

  async function exchange(call: HttpCall, options: CallOptions): Promise<HttpResult> {
    const priority = options.priority ?? 'user';
    const policy = options.retry === undefined ? (priority === 'user' ? userRetryPolicy : backgroundRetryPolicy) : options.retry;
    for (let attempt = 1; ; attempt += 1) {
      const authorization = `Bearer ${await deps.apiKey()}`;
      await deps.budget.acquire(priority, options.signal);
      const started = now();
      let failure: FaxApiError;
      try {
        const result = await deps.transport.request({ ...call, ...(options.signal ? { signal: options.signal } : {}) }, authorization);
        deps.budget.settle(result.headers);
        deps.onReachable?.();
        log.debug('api.reply', { method: call.method, route: pathTemplate(call.path), status: result.status, ms: now() - started, attempt });
        if (result.status >= 200 && result.status < 300) return result;
        failure = httpFailure(result);
        if (result.status === 429) deps.budget.blockFor(failure.failure.kind === 'http' ? (failure.failure.retryAfterMs ?? 1000) : 1000);
        if (result.status === 401) deps.onUnauthorized(failure.requestId);
      } catch (error) {
        deps.budget.settle(null);
        failure = error instanceof FaxApiError ? error : new FaxApiError(transportFailure(error));
        log.debug('api.failed', { method: call.method, route: pathTemplate(call.path), failure: failure.failure.kind, ms: now() - started, attempt });
      }
      // Background work does not sit out a 429 here: its caller says "waiting for the rate limit" and comes back.
      const backgroundLimited = failure.status === 429 && priority === 'background';
      const retry = policy !== null && !backgroundLimited && isRetryableFailure(failure, { write: call.method !== 'GET' }) && attempt < policy.maxAttempts && !options.signal?.aborted;
      if (!retry) {
        log.info('api.gave_up', { method: call.method, route: pathTemplate(call.path), failure: failure.failure.kind, status: failure.status, requestId: failure.requestId, attempt });
        throw failure;
      }
      // A 429 already blocks the budget until Retry-After; everything else backs off with jitter.
      if (failure.status !== 429) await sleep(backoffDelay(attempt, policy, deps.random), options.signal);
    }
  }

  async function single<T extends z.ZodType>(call: HttpCall, schema: T, options: CallOptions): Promise<{ data: z.output<T>; requestId: string | null }> {
    return readSingle(await exchange(call, options), call, schema);
  }

  function readSingle<T extends z.ZodType>(result: HttpResult, call: HttpCall, schema: T): { data: z.output<T>; requestId: string | null } {
    const json = parseJson(result);
    const parsed = singleEnvelopeSchema(schema).safeParse(json);
    if (!parsed.success) {
      log.warn('api.unreadable_reply', { route: pathTemplate(call.path), issue: parsed.error.issues[0]?.path.join('.') ?? '' });
      throw new FaxApiError({ kind: 'malformed', status: result.status, detail: 'unexpected shape', requestId: requestIdOf(result, json) });
    }
    return { data: parsed.data.data as z.output<T>, requestId: requestIdOf(result, json) };
  }

  async function list<T>(call: HttpCall, read: (item: unknown, index: number) => T | null, options: CallOptions): Promise<ListPage<T>> {
    const result = await exchange(call, options);
    const json = parseJson(result);
    const parsed = listEnvelopeSchema.safeParse(json);
    if (!parsed.success) {
      throw new FaxApiError({ kind: 'malformed', status: result.status, detail: 'not a list envelope', requestId: requestIdOf(result, json) });
    }
    const items: T[] = [];
    let skipped = 0;
    parsed.data.data.data.forEach((item, index) => {
      const value = read(item, index);
      if (value === null) skipped += 1;
      else items.push(value);
    });
    if (skipped > 0) log.warn('api.items_skipped', { route: pathTemplate(call.path), skipped });
    const { total, has_more: hasMore, offset } = parsed.data.data;
    return {
      items,
      total: total ?? null,
      hasMore: hasMore ?? (total !== undefined ? (offset ?? 0) + parsed.data.data.data.length < total : false),
      skipped,
      requestId: requestIdOf(result, json),
    };
  }

  const faxItem = (item: unknown): FaxRecord | null => {
    const parsed = faxSchema.safeParse(item);
    return parsed.success ? readFax(parsed.data) : null;
  };

  return {
    listFaxes(query: FaxListQuery, options: CallOptions = { priority: 'background' }): Promise<ListPage<FaxRecord>> {
      return list(
        {
          method: 'GET',
          path: '/faxes',
          query: {
            limit: query.limit,
            offset: query.offset,
            direction: query.direction,
            status: query.status,
            created_after: query.createdAfter,
            created_before: query.createdBefore,
          },
        },
        faxItem,
        options,
      );
    },

    async getFax(id: FaxId, options: CallOptions = {}): Promise<{ fax: FaxRecord; requestId: string | null }> {
      const { data, requestId } = await single({ method: 'GET', path: `/faxes/${id}` }, faxSchema, options);
      return { fax: readFax(data), requestId };
    },

    /** Streams the fax's PDF into a sink opened per attempt; never buffered whole. */
    async downloadPdf(id: FaxId, sink: () => Writable, options: CallOptions = {}): Promise<void> {
      await exchange({ method: 'GET', path: `/faxes/${id}/pdf`, headers: { Accept: 'application/pdf' }, sink }, options);
    },

    async sendFax(
      input: SendInput,
      options: CallOptions & { idempotencyKey: string; onProgress?: (sent: number, total: number) => void },
    ): Promise<SendResult> {
      const fields: FormField[] = [];
      for (const recipient of input.recipients) fields.push({ name: 'to', value: recipient.number });
      // to_name is matched by position: only send names up to the last recipient that has one.
      const lastNamed = input.recipients.map((recipient) => Boolean(recipient.name)).lastIndexOf(true);
      for (const recipient of input.recipients.slice(0, lastNamed + 1)) fields.push({ name: 'to_name', value: recipient.name ?? '' });
      if (input.subject) fields.push({ name: 'subject', value: input.subject });
      if (input.notes) fields.push({ name: 'notes', value: input.notes });
      if (input.coverId) fields.push({ name: 'cover_id', value: input.coverId });
      const body = multipartBody(fields, input.files);
      const call: HttpCall = {
        method: 'POST',
        path: '/faxes',
        headers: { 'Idempotency-Key': options.idempotencyKey },
        body,
        ...(options.onProgress ? { onUploadProgress: options.onProgress } : {}),
      };
      const result = await exchange(call, { priority: 'user', retry: options.retry === undefined ? userRetryPolicy : options.retry, ...(options.signal ? { signal: options.signal } : {}) });
      // A 2xx whose body cannot be read is "malformed": the outbox treats it as an unknown outcome, never "not sent".
      const { data, requestId } = readSingle(result, call, sendReplySchema);
      return {
        faxId: data.id,
        reference: data.reference ?? null,
        status: data.status ?? null,
        pages: data.pages ?? null,
        replayed: result.headers['idempotent-replay'] === 'true',
        requestId,
      };
    },

    listContacts(query: { q?: string | undefined; limit: number; offset: number }, options: CallOptions = {}): Promise<ListPage<ContactView>> {
      return list(
        { method: 'GET', path: '/contacts', query: { q: query.q && query.q.trim() !== '' ? query.q.trim() : undefined, limit: query.limit, offset: query.offset } },
        (item) => {
          const parsed = contactSchema.safeParse(item);
          return parsed.success ? readContact(parsed.data) : null;
        },
        options,
      );
    },

    listNumbers(options: CallOptions = {}): Promise<ListPage<NumberView>> {
      return list(
        { method: 'GET', path: '/numbers' },
        (item, index) => {
          const parsed = numberSchema.safeParse(item);
          return parsed.success ? readNumber(parsed.data, index) : null;
        },
        options,
      );
    },

    async getAccount(options: CallOptions = {}): Promise<{ account: AccountView; requestId: string | null }> {
      const { data, requestId } = await single({ method: 'GET', path: '/account' }, accountSchema, options);
      return { account: readAccount(data), requestId };
    },

    listWebhooks(options: CallOptions = {}): Promise<ListPage<WebhookView>> {
      return list(
        { method: 'GET', path: '/webhooks' },
        (item) => {
          const parsed = webhookSchema.safeParse(item);
          return parsed.success ? readWebhook(parsed.data) : null;
        },
        options,
      );
    },

    async createWebhook(input: { url: string; events?: string[] | undefined; description?: string | undefined }, options: CallOptions = {}): Promise<{ webhook: WebhookView; secret: string | null }> {
      const { data } = await single({ method: 'POST', path: '/webhooks', body: jsonBody(input) }, webhookSchema, { retry: null, ...options });
      return { webhook: readWebhook(data), secret: webhookSecret(data) };
    },

    async deleteWebhook(id: string, options: CallOptions = {}): Promise<{ accepted: boolean }> {
      const result = await exchange({ method: 'DELETE', path: `/webhooks/${encodeURIComponent(id)}` }, options);
      return { accepted: result.status === 202 };
    },

    /**
     * The status a request gets, for capability probes: 2xx, or the failure's status. Probes that write
     * (POST /faxes, POST /webhooks) send a deliberately incomplete body, so a granted scope yields a 400 and
     * nothing is ever created.
     */
    async probe(method: 'GET' | 'POST', path: string, options: { query?: HttpCall['query']; body?: RequestBody } = {}): Promise<number> {
      try {
        const result = await exchange(
          { method, path, ...(options.query ? { query: options.query } : {}), ...(options.body ? { body: options.body } : {}) },
          { priority: 'user', retry: userRetryPolicy },
        );
        result.body = Buffer.alloc(0);
        return result.status;
      } catch (error) {
        if (error instanceof FaxApiError && error.status !== null) return error.status;
        throw error;
      }
    },
  };
}

