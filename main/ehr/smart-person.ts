/**
 * A person signs in to the EHR as native apps should (RFC 8252; SMART App Launch, standalone): in the system
 * browser, never in a window of the app — the app never sees their password. The app listens on a loopback port
 * (127.0.0.1, a port the system gives) for the one redirect that carries the code, checks its `state`, and trades
 * the code for tokens with the PKCE verifier only it holds (S256). The refresh token goes to the keychain.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { FaxApiError } from '../api/api-error';
import { createOneTimer } from '../runtime/one-timer';
import { realTimers, type Timers } from '../runtime/timers';
import type { AccessToken, SmartEndpoints } from './smart-client';

export interface PersonSignIn {
  endpoints: SmartEndpoints;
  fhirBase: string;
  clientId: string;
  scopes: readonly string[];
  /** Opens the EHR's sign-in page in the system browser. */
  openBrowser: (url: string) => Promise<void>;
  /** How long the person has to sign in (default 5 minutes). */
  waitMs?: number;
  timers?: Timers;
  /** The page the browser shows once the app has the code (in the person's language). */
  donePage: string;
}

export type SignInFailure = 'refused' | 'timed-out' | 'no-sign-in-page';

export class SignInError extends Error {
  override readonly name = 'SignInError';
  constructor(
    readonly reason: SignInFailure,
    /** The EHR's own words (`error_description`), when it refused. */
    readonly words: string | null = null,
  ) {
    super(`sign-in ${reason}`);
  }
}

const random = (bytes: number): string => crypto.randomBytes(bytes).toString('base64url');

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = random(32);
  return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') };
}

export async function signInPerson(options: PersonSignIn): Promise<AccessToken> {
  const configuration = await options.endpoints.configuration();
  const authorize = configuration.authorization_endpoint;
  if (!authorize?.startsWith('https://') || (configuration.code_challenge_methods_supported && !configuration.code_challenge_methods_supported.includes('S256'))) throw new SignInError('no-sign-in-page');
  const { verifier, challenge } = pkcePair();
  const state = random(24);
  const timer = createOneTimer(options.timers ?? realTimers);
  // Held in an object: the server is made inside the promise below, and closed in `finally`.
  const listening: { server: http.Server | null } = { server: null };
  try {
    const code = await new Promise<{ code: string; redirectUri: string }>((resolve, reject) => {
      let redirectUri = '';
      const server = http.createServer((request, response) => {
        const url = new URL(request.url ?? '/', 'http://127.0.0.1');
        // Only the redirect with this sign-in's state is taken; anything else (a stray request, an old tab) is not.
        if (request.method !== 'GET' || url.pathname !== '/callback' || url.searchParams.get('state') !== state) {
          response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end();
          return;
        }
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'" }).end(options.donePage);
        const error = url.searchParams.get('error');
        const received = url.searchParams.get('code');
        if (error !== null || received === null) reject(new SignInError('refused', url.searchParams.get('error_description')?.slice(0, 500) ?? error));
        else resolve({ code: received, redirectUri });
      });
      listening.server = server;
      server.on('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const port = (server.address() as AddressInfo).port;
        redirectUri = `http://127.0.0.1:${String(port)}/callback`;
        const url = new URL(authorize);
        url.search = new URLSearchParams({
          response_type: 'code',
          client_id: options.clientId,
          redirect_uri: redirectUri,
          scope: options.scopes.join(' '),
          state,
          aud: options.fhirBase,
          code_challenge: challenge,
          code_challenge_method: 'S256',
        }).toString();
        timer.after(options.waitMs ?? 5 * 60_000, () => reject(new SignInError('timed-out')));
        options.openBrowser(url.toString()).catch(reject);
      });
    });
    return await options.endpoints.requestToken({ grant_type: 'authorization_code', code: code.code, redirect_uri: code.redirectUri, client_id: options.clientId, code_verifier: verifier }).catch((error: unknown) => {
      if (error instanceof FaxApiError && error.failure.kind === 'http') throw new SignInError('refused', error.failure.message);
      throw error;
    });
  } finally {
    timer.cancel();
    listening.server?.closeAllConnections();
    listening.server?.close();
  }
}
