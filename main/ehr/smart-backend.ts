/**
 * SMART Backend Services: the desk signs in as the office's registered client, without a person — client
 * credentials with a private-key JWT (RFC 7523 as SMART profiles it: ES384, `iss` = `sub` = the client id, `aud` the
 * token endpoint, a unique `jti`, five minutes at most). The key pair is made here; IT registers the public key
 * (a JWKS) with the EHR once, and the private key stays in the OS keychain, never in a file or a setting.
 */
import crypto from 'node:crypto';
import type { AccessTokens } from './fhir-client';
import type { AccessToken, SmartEndpoints } from './smart-client';

export interface BackendKey {
  /** PKCS#8 PEM of the private key (kept in the keychain). */
  privateKeyPem: string;
  /** The key's id as the JWKS names it. */
  kid: string;
}

/** A new P-384 key pair for ES384, named by its JWK thumbprint (RFC 7638). */
export function newBackendKey(): BackendKey {
  const { privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-384' });
  const privateKeyPem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  return { privateKeyPem, kid: thumbprint(crypto.createPublicKey(privateKey)) };
}

function thumbprint(publicKey: crypto.KeyObject): string {
  const jwk = publicKey.export({ format: 'jwk' });
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  return crypto.createHash('sha256').update(canonical).digest('base64url');
}

export interface PublicJwk {
  kty: string;
  crv: string;
  x: string;
  y: string;
  kid: string;
  alg: 'ES384';
  use: 'sig';
  key_ops: ['verify'];
}

/** The public half as a JWKS, for IT to register with the EHR (it holds nothing secret). */
export function publicJwks(key: BackendKey): { keys: PublicJwk[] } {
  const jwk = crypto.createPublicKey(key.privateKeyPem).export({ format: 'jwk' });
  return { keys: [{ kty: String(jwk.kty), crv: String(jwk.crv), x: String(jwk.x), y: String(jwk.y), kid: key.kid, alg: 'ES384', use: 'sig', key_ops: ['verify'] }] };
}

const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/** The signed assertion a token request carries. */
export function clientAssertion(key: BackendKey, clientId: string, tokenUrl: string, nowMs: number): string {
  const header = { alg: 'ES384', typ: 'JWT', kid: key.kid };
  const issuedAt = Math.floor(nowMs / 1000);
  const claims = { iss: clientId, sub: clientId, aud: tokenUrl, exp: issuedAt + 240, iat: issuedAt, jti: crypto.randomUUID() };
  const signingInput = `${b64(header)}.${b64(claims)}`;
  const signature = crypto.sign('sha384', Buffer.from(signingInput, 'utf8'), { key: key.privateKeyPem, dsaEncoding: 'ieee-p1363' });
  return `${signingInput}.${signature.toString('base64url')}`;
}

export interface BackendTokenOptions {
  endpoints: SmartEndpoints;
  clientId: string;
  key: () => Promise<BackendKey>;
  scopes: readonly string[];
  now?: () => number;
  /** Told the scopes each new token was granted. */
  onToken?: (token: AccessToken) => void;
}

/** Access tokens for backend services: asked for when there is none or it is about to end, one request at a time. */
export function backendTokens(options: BackendTokenOptions): AccessTokens {
  const now = options.now ?? Date.now;
  let held: AccessToken | null = null;
  let asking: Promise<AccessToken> | null = null;
  const ask = (): Promise<AccessToken> => {
    asking ??= (async () => {
      const configuration = await options.endpoints.configuration();
      const token = await options.endpoints.requestToken({
        grant_type: 'client_credentials',
        scope: options.scopes.join(' '),
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: clientAssertion(await options.key(), options.clientId, configuration.token_endpoint, now()),
      });
      held = token;
      options.onToken?.(token);
      return token;
    })().finally(() => (asking = null));
    return asking;
  };
  return {
    async current() {
      if (held && held.expiresAtMs > now()) return held.accessToken;
      return (await ask()).accessToken;
    },
    async renew(refused) {
      if (held?.accessToken === refused) held = null;
      return (await ask()).accessToken;
    },
  };
}
