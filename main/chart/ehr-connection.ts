/**
 * The desk's connection to the office's EHR, made from Settings and the keychain: the FHIR client with SMART tokens
 * — backend services with the desk's key (made here, its public half shown for IT to register), or a person's
 * sign-in whose refresh token the keychain keeps. Remade when the settings change; nothing of it is on disk.
 */
import fs from 'node:fs';
import type { ChartSettings } from '../../preload/chart';
import { msg } from '../../preload/i18n/translator';
import { AppError } from '../errors';
import { createFhirClient, type AccessTokens, type FhirClient } from '../ehr/fhir-client';
import { backendTokens, newBackendKey, publicJwks, type BackendKey, type PublicJwk } from '../ehr/smart-backend';
import { smartEndpoints, type AccessToken, type SmartEndpoints } from '../ehr/smart-client';
import type { SecretStore } from '../store/secret-store';

export interface EhrConnection {
  fhir: FhirClient;
  endpoints: SmartEndpoints;
  /** The scopes the EHR granted the last token (what the app may do there). */
  grantedScopes(): string[];
  close(): void;
}

/** What the app asks the EHR for: read patients, write documents — nothing else. */
export const backendScopes = ['system/Patient.rs', 'system/DocumentReference.crus'];
export const personScopes = ['openid', 'fhirUser', 'offline_access', 'user/Patient.rs', 'user/DocumentReference.crus'];

const userAgent = 'Fax Desktop';

/** The desk's backend key from the keychain, made (and kept there) the first time. */
export async function backendKeyOf(secrets: SecretStore): Promise<BackendKey> {
  const stored = await secrets.get('ehr-backend-key');
  if (stored !== null) {
    try {
      return JSON.parse(stored) as BackendKey;
    } catch {
      // A broken entry is replaced: the public key shown to IT changes with it.
    }
  }
  const key = newBackendKey();
  await secrets.set('ehr-backend-key', JSON.stringify(key));
  return key;
}

export async function backendPublicJwks(secrets: SecretStore): Promise<{ keys: PublicJwk[] }> {
  return publicJwks(await backendKeyOf(secrets));
}

/** A person's tokens: the refresh token in the keychain; a refused one means signing in again. */
function personTokens(endpoints: SmartEndpoints, clientId: string, secrets: SecretStore, onToken: (token: AccessToken) => void, now: () => number): AccessTokens {
  let held: AccessToken | null = null;
  const refresh = async (): Promise<AccessToken> => {
    const refreshToken = await secrets.get('ehr-refresh-token');
    if (refreshToken === null) throw new AppError('permission', msg('chart.signInToTheEhr'), { code: 'ehr_sign_in' });
    const token = await endpoints.requestToken({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId }).catch(async (error: unknown) => {
      await secrets.delete('ehr-refresh-token');
      throw error instanceof AppError ? error : new AppError('permission', msg('chart.signInToTheEhr'), { code: 'ehr_sign_in' });
    });
    if (token.refreshToken !== null) await secrets.set('ehr-refresh-token', token.refreshToken);
    held = token;
    onToken(token);
    return token;
  };
  return {
    async current() {
      if (held && held.expiresAtMs > now()) return held.accessToken;
      return (await refresh()).accessToken;
    },
    async renew() {
      held = null;
      return (await refresh()).accessToken;
    },
  };
}

export function connectEhr(settings: ChartSettings, secrets: SecretStore, now: () => number = Date.now): EhrConnection {
  if (settings.fhirBase === null) throw new AppError('invalid_input', msg('chart.giveTheEhrAddress'), { code: 'ehr_no_address' });
  const extraCa = settings.fhirCaPath === null ? null : fs.readFileSync(settings.fhirCaPath, 'utf8');
  const endpoints = smartEndpoints(settings.fhirBase, extraCa, userAgent, now);
  let granted: string[] = [];
  const onToken = (token: AccessToken): void => void (granted = token.scopes);
  const tokens = settings.signIn === 'backend'
    ? backendTokens({ endpoints, clientId: settings.clientId, key: () => backendKeyOf(secrets), scopes: backendScopes, now, onToken })
    : personTokens(endpoints, settings.clientId, secrets, onToken, now);
  const fhir = createFhirClient({ base: settings.fhirBase, extraCa, tokens, userAgent, now });
  return {
    fhir,
    endpoints,
    grantedScopes: () => granted,
    close() {
      fhir.close();
      endpoints.close();
    },
  };
}
