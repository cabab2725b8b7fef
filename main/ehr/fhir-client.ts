/**
 * The office's EHR over FHIR R4: a patient search with only what the match needs, a DocumentReference created once
 * (a conditional create on the fax's identifier: asked again after a lost reply, the server answers with the one it
 * has), read back by that identifier, and marked "entered in error". Every call bears the SMART access token; a 401
 * asks the token source for a new one once. Failures are the app's HTTPS failures (api-error.ts), an HTTP one
 * carrying the server's own words from its OperationOutcome — shown to a person, never logged.
 */
import { FaxApiError, type ApiFailure } from '../api/api-error';
import { retryAfterMs } from '../api/rate-budget';
import { createTransport, type HttpResult, type RequestBody } from '../api/https-transport';
import { createdResource, fhirPatient, operationOutcome, outcomeText, searchBundle, type FhirPatient } from './fhir-resources';

export interface AccessTokens {
  /** The bearer token to use now (signing in or asking the token endpoint when there is none). */
  current(): Promise<string>;
  /** The server refused the token: a new one (refreshed), or a throw when there is none without a person. */
  renew(refused: string): Promise<string>;
}

export interface FhirClientConfig {
  /** The FHIR base URL (https only). */
  base: string;
  extraCa: string | null;
  tokens: AccessTokens;
  userAgent: string;
  now?: () => number;
  /** A search that would need more pages than this is refused (a server that pages forever). */
  maxPages?: number;
}

export interface DocumentCreated {
  id: string;
  /** False when the server already had a document with this identifier (the conditional create matched). */
  created: boolean;
}

export interface FhirClient {
  searchPatients(query: Record<string, string>): Promise<FhirPatient[]>;
  /** Creates the resource unless one matches `ifNoneExist` (e.g. "identifier=urn:…|123"). */
  createOnce(resource: Record<string, unknown> & { resourceType: string }, ifNoneExist: string): Promise<DocumentCreated>;
  /** Resources of a type with this identifier (system|value). */
  findByIdentifier(resourceType: string, identifier: string): Promise<Array<Record<string, unknown> & { id: string }>>;
  update(resource: Record<string, unknown> & { resourceType: string; id: string }): Promise<void>;
  close(): void;
}

const fhirJson = 'application/fhir+json';

function jsonBody(value: unknown): RequestBody {
  const bytes = Buffer.from(JSON.stringify(value), 'utf8');
  return { length: bytes.length, contentType: `${fhirJson}; charset=utf-8`, writeTo: async (sink, onBytes) => {
    await new Promise<void>((resolve, reject) => sink.write(bytes, (error) => (error ? reject(error) : resolve())));
    onBytes(bytes.length);
  } };
}

function parseJson(result: HttpResult): unknown {
  try {
    return JSON.parse(result.body.toString('utf8')) as unknown;
  } catch {
    throw new FaxApiError({ kind: 'malformed', status: result.status, detail: 'not JSON', requestId: null });
  }
}

/** A refusal as the app's failure, with the OperationOutcome's text where the server sent one. */
function refusal(result: HttpResult, now: number): FaxApiError {
  let message: string | null = null;
  let code: string | null = null;
  try {
    const outcome = operationOutcome.safeParse(JSON.parse(result.body.toString('utf8')));
    if (outcome.success) {
      message = outcomeText(outcome.data) || null;
      code = outcome.data.issue?.[0]?.code ?? null;
    }
  } catch {
    // An error page that is not FHIR: the status says enough.
  }
  const failure: ApiFailure = { kind: 'http', status: result.status, type: 'fhir', code, message, requestId: typeof result.headers['x-request-id'] === 'string' ? result.headers['x-request-id'] : null, retryAfterMs: retryAfterMs(result.headers, now) };
  return new FaxApiError(failure);
}

export function createFhirClient(config: FhirClientConfig): FhirClient {
  if (!/^https:\/\//i.test(config.base)) throw new Error('the FHIR base must be https');
  const base = config.base.replace(/\/+$/, '');
  const origin = new URL(base).origin;
  const now = config.now ?? Date.now;
  const maxPages = config.maxPages ?? 5;
  const transport = createTransport({ baseUrl: base, extraCa: config.extraCa, userAgent: config.userAgent });

  async function call(method: 'GET' | 'POST' | 'PUT', path: string, options: { query?: Record<string, string>; body?: unknown; headers?: Record<string, string> } = {}): Promise<HttpResult> {
    let token = await config.tokens.current();
    for (let attempt = 0; ; attempt += 1) {
      const result = await transport.request(
        {
          method,
          path,
          ...(options.query ? { query: options.query } : {}),
          headers: { Accept: fhirJson, ...(options.headers ?? {}) },
          ...(options.body !== undefined ? { body: jsonBody(options.body) } : {}),
        },
        `Bearer ${token}`,
      );
      if (result.status === 401 && attempt === 0) {
        token = await config.tokens.renew(token);
        continue;
      }
      if (result.status < 200 || result.status >= 300) throw refusal(result, now());
      return result;
    }
  }

  return {
    async searchPatients(query) {
      const found: FhirPatient[] = [];
      let next: string | null = `${base}/Patient?${new URLSearchParams({ ...query, _count: query._count ?? '50' }).toString()}`;
      for (let page = 0; next !== null; page += 1) {
        if (page >= maxPages) throw new FaxApiError({ kind: 'malformed', status: 200, detail: 'the search did not end', requestId: null });
        const url: URL = new URL(next);
        // A next link elsewhere than the server asked would carry the token away.
        if (url.origin !== origin || !url.pathname.startsWith(new URL(base).pathname)) throw new FaxApiError({ kind: 'refused_redirect', detail: 'a next page on another server' });
        const result = await call('GET', url.pathname.slice(new URL(base).pathname.length) || '/', { query: Object.fromEntries(url.searchParams) });
        const bundle = searchBundle.safeParse(parseJson(result));
        if (!bundle.success) throw new FaxApiError({ kind: 'malformed', status: result.status, detail: 'not a search bundle', requestId: null });
        for (const entry of bundle.data.entry ?? []) {
          if (entry.search?.mode !== undefined && entry.search.mode !== 'match') continue;
          const patient = fhirPatient.safeParse(entry.resource);
          // A resource that is not a readable Patient is left out; the rest still count.
          if (patient.success) found.push(patient.data);
        }
        next = bundle.data.link?.find((link) => link.relation === 'next')?.url ?? null;
      }
      return found;
    },
    async createOnce(resource, ifNoneExist) {
      const result = await call('POST', `/${resource.resourceType}`, { body: resource, headers: { 'If-None-Exist': ifNoneExist, Prefer: 'return=representation' } });
      const location = typeof result.headers.location === 'string' ? /\/([A-Za-z]+)\/([^/]+)(?:\/_history\/[^/]+)?$/.exec(result.headers.location) : null;
      let id = location?.[2] ?? null;
      if (result.body.length > 0) {
        const parsed = createdResource.safeParse(parseJson(result));
        if (parsed.success && parsed.data.resourceType === resource.resourceType) id = parsed.data.id;
      }
      if (id === null) throw new FaxApiError({ kind: 'malformed', status: result.status, detail: 'no id for the created resource', requestId: null });
      return { id, created: result.status === 201 };
    },
    async findByIdentifier(resourceType, identifier) {
      const result = await call('GET', `/${resourceType}`, { query: { identifier, _count: '10' } });
      const bundle = searchBundle.safeParse(parseJson(result));
      if (!bundle.success) throw new FaxApiError({ kind: 'malformed', status: result.status, detail: 'not a search bundle', requestId: null });
      return (bundle.data.entry ?? []).flatMap((entry) => {
        const parsed = createdResource.safeParse(entry.resource);
        return parsed.success && parsed.data.resourceType === resourceType ? [parsed.data] : [];
      });
    },
    async update(resource) {
      await call('PUT', `/${resource.resourceType}/${encodeURIComponent(resource.id)}`, { body: resource });
    },
    close: () => transport.close(),
  };
}
