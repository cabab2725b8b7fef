/**
 * SMART on FHIR sign-in, the parts both ways share: the EHR's discovery document, the token endpoint, and a
 * token's lifetime. Backend services (smart-backend.ts) and a person's sign-in (smart-person.ts) build on it.
 */
import { z } from 'zod';
import { FaxApiError } from '../api/api-error';
import { createTransport, type HttpResult } from '../api/https-transport';

export const smartConfiguration = z.looseObject({
  token_endpoint: z.url(),
  authorization_endpoint: z.url().optional(),
  grant_types_supported: z.array(z.string()).optional(),
  code_challenge_methods_supported: z.array(z.string()).optional(),
  token_endpoint_auth_signing_alg_values_supported: z.array(z.string()).optional(),
  scopes_supported: z.array(z.string()).optional(),
  capabilities: z.array(z.string()).optional(),
});
export type SmartConfiguration = z.infer<typeof smartConfiguration>;

const tokenReply = z.looseObject({
  access_token: z.string().min(1).max(8192),
  token_type: z.string().regex(/^bearer$/i),
  expires_in: z.number().int().positive().max(86_400 * 30).optional(),
  scope: z.string().max(4096).optional(),
  refresh_token: z.string().min(1).max(8192).optional(),
});

export interface AccessToken {
  accessToken: string;
  /** When it stops working, with a margin (the server's clock and this one differ). */
  expiresAtMs: number;
  /** The scopes the server granted (shown in Settings: what the app may do in the EHR). */
  scopes: string[];
  refreshToken: string | null;
}

/** Ends a token a minute early (at least a tenth of its life), so a call never starts with one about to end. */
export function expiryOf(expiresInSeconds: number | undefined, now: number): number {
  const lifeMs = (expiresInSeconds ?? 300) * 1000;
  return now + lifeMs - Math.min(60_000, lifeMs / 10);
}

export interface SmartEndpoints {
  configuration(): Promise<SmartConfiguration>;
  /** POSTs a token request; a refusal carries the server's `error_description`. */
  requestToken(form: Record<string, string>): Promise<AccessToken>;
  close(): void;
}

function parse(result: HttpResult): unknown {
  try {
    return JSON.parse(result.body.toString('utf8')) as unknown;
  } catch {
    throw new FaxApiError({ kind: 'malformed', status: result.status, detail: 'not JSON', requestId: null });
  }
}

export function smartEndpoints(fhirBase: string, extraCa: string | null, userAgent: string, now: () => number = Date.now): SmartEndpoints {
  const base = fhirBase.replace(/\/+$/, '');
  let found: Promise<SmartConfiguration> | null = null;
  const discovery = createTransport({ baseUrl: base, extraCa, userAgent });
  const tokenTransports = new Map<string, ReturnType<typeof createTransport>>();
  return {
    configuration() {
      found ??= discovery.request({ method: 'GET', path: '/.well-known/smart-configuration' }, '').then((result) => {
        if (result.status !== 200) throw new FaxApiError({ kind: 'http', status: result.status, type: 'smart', code: null, message: null, requestId: null, retryAfterMs: null });
        const parsed = smartConfiguration.safeParse(parse(result));
        if (!parsed.success) throw new FaxApiError({ kind: 'malformed', status: result.status, detail: 'not a SMART configuration', requestId: null });
        // Tokens only over https.
        if (!parsed.data.token_endpoint.startsWith('https://')) throw new FaxApiError({ kind: 'refused_redirect', detail: 'a token endpoint that is not https' });
        return parsed.data;
      });
      found.catch(() => (found = null));
      return found;
    },
    async requestToken(form) {
      const tokenUrl = new URL((await this.configuration()).token_endpoint);
      let transport = tokenTransports.get(tokenUrl.origin);
      if (!transport) {
        transport = createTransport({ baseUrl: tokenUrl.origin, extraCa, userAgent });
        tokenTransports.set(tokenUrl.origin, transport);
      }
      const body = Buffer.from(new URLSearchParams(form).toString(), 'utf8');
      const result = await transport.request(
        { method: 'POST', path: `${tokenUrl.pathname}${tokenUrl.search}`, headers: { Accept: 'application/json' }, body: { length: body.length, contentType: 'application/x-www-form-urlencoded', writeTo: async (sink, onBytes) => {
          await new Promise<void>((resolve, reject) => sink.write(body, (error) => (error ? reject(error) : resolve())));
          onBytes(body.length);
        } } },
        '',
      );
      const reply = parse(result) as { error?: unknown; error_description?: unknown };
      if (result.status < 200 || result.status >= 300) {
        const code = typeof reply.error === 'string' ? reply.error.slice(0, 100) : null;
        const message = typeof reply.error_description === 'string' ? reply.error_description.slice(0, 500) : null;
        throw new FaxApiError({ kind: 'http', status: result.status, type: 'oauth', code, message, requestId: null, retryAfterMs: null });
      }
      const token = tokenReply.safeParse(reply);
      if (!token.success) throw new FaxApiError({ kind: 'malformed', status: result.status, detail: 'not a token reply', requestId: null });
      return { accessToken: token.data.access_token, expiresAtMs: expiryOf(token.data.expires_in, now()), scopes: (token.data.scope ?? '').split(/\s+/).filter((scope) => scope !== ''), refreshToken: token.data.refresh_token ?? null };
    },
    close() {
      discovery.close();
      for (const transport of tokenTransports.values()) transport.close();
    },
  };
}
