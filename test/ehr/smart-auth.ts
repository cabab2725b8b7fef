/**
 * The test EHR's SMART on FHIR authorization server: discovery (.well-known/smart-configuration), backend services
 * (client credentials with a private-key JWT, verified with `jose` — an implementation apart from the app's), and a
 * person's sign-in (authorization code with PKCE, a loopback redirect as RFC 8252 has it, refresh tokens). Tokens are
 * opaque and short-lived; the test can make them all expire at once (the app must refresh, or sign in again).
 */
import crypto from 'node:crypto';
import { importJWK, jwtVerify, type JWK } from 'jose';

export interface BackendClient {
  kind: 'backend';
  clientId: string;
  /** The client's public key(s), as the EHR's administrator registered them. */
  keys: JWK[];
  /** The scopes it may be given. */
  allowed: string[];
}

export interface PersonClient {
  kind: 'person';
  clientId: string;
  /** A loopback redirect registered without its port (RFC 8252 7.3: any port is accepted). */
  redirectPaths: string[];
  allowed: string[];
}

export type SmartClient = BackendClient | PersonClient;

export interface IssuedToken {
  clientId: string;
  scopes: string[];
  expiresAtMs: number;
  /** Who signed in (a person's token). */
  user: string | null;
}

export interface TokenReply {
  status: number;
  body: Record<string, unknown>;
}

export interface SmartAuth {
  register(client: SmartClient): void;
  /** The person at the EHR's sign-in page: 'approve' (as `user`), or 'deny'. */
  setPerson(decision: { answer: 'approve'; user: string } | { answer: 'deny' }): void;
  /** GET /auth/authorize: where the browser is sent next (the loopback redirect with a code, or an error). */
  authorize(query: URLSearchParams): { status: number; location?: string; text?: string };
  /** POST /auth/token. */
  token(form: URLSearchParams): Promise<TokenReply>;
  /** The token a request bears, when it is valid. */
  check(authorization: string | undefined): IssuedToken | null;
  /** Every token issued so far ends now (refresh tokens stay). */
  expireAll(): void;
  /** How long new tokens live. */
  setLifetimeSeconds(seconds: number): void;
  /** How many tokens were issued, by grant. */
  issued(): Record<string, number>;
}

const random = (): string => crypto.randomBytes(24).toString('base64url');
const assertionType = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

function grantable(requested: string, allowed: readonly string[]): string[] {
  return requested.split(/\s+/).filter((scope) => scope !== '' && allowed.includes(scope));
}

export function createSmartAuth(tokenUrl: string): SmartAuth {
  const clients = new Map<string, SmartClient>();
  const codes = new Map<string, { clientId: string; redirectUri: string; scopes: string[]; challenge: string; expiresAtMs: number; user: string }>();
  const tokens = new Map<string, IssuedToken>();
  const refreshTokens = new Map<string, { clientId: string; scopes: string[]; user: string }>();
  const seenAssertions = new Set<string>();
  const counts: Record<string, number> = {};
  let person: { answer: 'approve'; user: string } | { answer: 'deny' } = { answer: 'approve', user: 'dr.demo' };
  let lifetimeSeconds = 300;

  const issue = (clientId: string, scopes: string[], user: string | null, grant: string): Record<string, unknown> => {
    counts[grant] = (counts[grant] ?? 0) + 1;
    const accessToken = random();
    tokens.set(accessToken, { clientId, scopes, user, expiresAtMs: Date.now() + lifetimeSeconds * 1000 });
    const body: Record<string, unknown> = { access_token: accessToken, token_type: 'Bearer', expires_in: lifetimeSeconds, scope: scopes.join(' ') };
    if (user !== null && scopes.some((scope) => scope === 'offline_access' || scope === 'online_access')) {
      const refresh = random();
      refreshTokens.set(refresh, { clientId, scopes, user });
      body.refresh_token = refresh;
    }
    return body;
  };
  const refused = (error: string, description: string, status = 400): TokenReply => ({ status, body: { error, error_description: description } });

  return {
    register: (client) => void clients.set(client.clientId, client),
    setPerson: (decision) => void (person = decision),
    authorize(query) {
      const client = clients.get(query.get('client_id') ?? '');
      const redirect = query.get('redirect_uri') ?? '';
      let redirectUrl: URL;
      try {
        redirectUrl = new URL(redirect);
      } catch {
        return { status: 400, text: 'redirect_uri is not a URL' };
      }
      // Only a loopback redirect on a registered path (any port), and never with an error page elsewhere.
      if (client?.kind !== 'person' || redirectUrl.protocol !== 'http:' || redirectUrl.hostname !== '127.0.0.1' || !client.redirectPaths.includes(redirectUrl.pathname)) {
        return { status: 400, text: 'unknown client or redirect' };
      }
      const back = (params: Record<string, string>): { status: number; location: string } => {
        for (const [key, value] of Object.entries(params)) redirectUrl.searchParams.set(key, value);
        const state = query.get('state');
        if (state !== null) redirectUrl.searchParams.set('state', state);
        return { status: 302, location: redirectUrl.toString() };
      };
      if (query.get('response_type') !== 'code') return back({ error: 'unsupported_response_type' });
      const challenge = query.get('code_challenge') ?? '';
      if (query.get('code_challenge_method') !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(challenge)) return back({ error: 'invalid_request', error_description: 'PKCE with S256 is required' });
      if (person.answer === 'deny') return back({ error: 'access_denied', error_description: 'The user said no.' });
      const code = random();
      codes.set(code, { clientId: client.clientId, redirectUri: redirect, scopes: grantable(query.get('scope') ?? '', client.allowed), challenge, expiresAtMs: Date.now() + 60_000, user: person.user });
      return back({ code });
    },
    async token(form) {
      const grant = form.get('grant_type') ?? '';
      if (grant === 'client_credentials') {
        if (form.get('client_assertion_type') !== assertionType) return refused('invalid_client', 'a private-key JWT is required', 401);
        const assertion = form.get('client_assertion') ?? '';
        const unverified = assertion.split('.')[1];
        let claimed: { iss?: unknown } = {};
        try {
          claimed = JSON.parse(Buffer.from(unverified ?? '', 'base64url').toString('utf8')) as { iss?: unknown };
        } catch {
          return refused('invalid_client', 'the assertion is not a JWT', 401);
        }
        const client = clients.get(typeof claimed.iss === 'string' ? claimed.iss : '');
        if (client?.kind !== 'backend') return refused('invalid_client', 'unknown client', 401);
        for (const jwk of client.keys) {
          try {
            const key = await importJWK(jwk, jwk.alg);
            const { payload } = await jwtVerify(assertion, key, { issuer: client.clientId, subject: client.clientId, audience: tokenUrl, maxTokenAge: '5m' });
            if (typeof payload.jti !== 'string' || seenAssertions.has(payload.jti)) return refused('invalid_client', 'the assertion was used before', 401);
            if (typeof payload.exp !== 'number' || payload.exp * 1000 > Date.now() + 5 * 60_000) return refused('invalid_client', 'the assertion lives too long', 401);
            seenAssertions.add(payload.jti);
            const scopes = grantable(form.get('scope') ?? '', client.allowed);
            if (scopes.length === 0) return refused('invalid_scope', 'none of the scopes asked for is allowed');
            return { status: 200, body: issue(client.clientId, scopes, null, grant) };
          } catch {
            // The next registered key, if any.
          }
        }
        return refused('invalid_client', 'the assertion does not verify', 401);
      }
      if (grant === 'authorization_code') {
        const code = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (!code || code.expiresAtMs < Date.now() || code.clientId !== form.get('client_id') || code.redirectUri !== form.get('redirect_uri')) return refused('invalid_grant', 'the code is unknown, used or expired');
        const verifier = form.get('code_verifier') ?? '';
        if (crypto.createHash('sha256').update(verifier).digest('base64url') !== code.challenge) return refused('invalid_grant', 'the code verifier does not match');
        return { status: 200, body: issue(code.clientId, code.scopes, code.user, grant) };
      }
      if (grant === 'refresh_token') {
        const refresh = refreshTokens.get(form.get('refresh_token') ?? '');
        if (!refresh || refresh.clientId !== form.get('client_id')) return refused('invalid_grant', 'the refresh token is unknown');
        return { status: 200, body: issue(refresh.clientId, refresh.scopes, refresh.user, grant) };
      }
      return refused('unsupported_grant_type', `grant ${grant} is not supported`);
    },
    check(authorization) {
      const match = /^Bearer (.+)$/i.exec(authorization ?? '');
      const issued = match ? tokens.get(match[1] ?? '') : undefined;
      return issued && issued.expiresAtMs > Date.now() ? issued : null;
    },
    expireAll() {
      for (const issued of tokens.values()) issued.expiresAtMs = 0;
    },
    setLifetimeSeconds: (seconds) => void (lifetimeSeconds = seconds),
    issued: () => ({ ...counts }),
  };
}

/** Whether the token's scopes allow this interaction (SMART v2 `.cruds` and v1 `.read`/`.write`). */
export function scopeAllows(scopes: readonly string[], resourceType: string, interaction: 'c' | 'r' | 'u' | 's'): boolean {
  return scopes.some((scope) => {
    const match = /^(?:system|user|patient)\/([A-Za-z*]+)\.(\*|read|write|[cruds]+)$/.exec(scope);
    if (!match) return false;
    const [, type, access] = match;
    if (type !== '*' && type !== resourceType) return false;
    if (access === '*') return true;
    if (access === 'read') return interaction === 'r' || interaction === 's';
    if (access === 'write') return interaction === 'c' || interaction === 'u';
    return access?.includes(interaction) ?? false;
  });
}
