// A person signs in to the EHR from Settings (SMART App Launch, RFC 8252): the system browser opens the EHR's page
// (here a test plays the person there), the EHR sends it back to the desk's loopback address with a code, and the
// desk trades it with its PKCE verifier. The refresh token goes to the keychain and keeps the desk signed in; a
// refusal and a stray request on the loopback port are told apart; signing out forgets it.
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personScopes } from '../../../main/chart/ehr-connection';
import type { EhrStatus } from '../../../preload/contract-chart';
import type { ConnectedCore } from '../../helpers/connected-core';
import { useSandbox } from '../../helpers/sandbox-fixture';
import { startTestEhr, type TestEhr } from '../../ehr/fhir-server';

const fixture = useSandbox();
let ehr: TestEhr;
let app: ConnectedCore;

function get(url: string, ca?: string): Promise<{ status: number; location: string | null; body: string }> {
  return new Promise((resolve, reject) => {
    const request = (url.startsWith('https:') ? https : http).get(url, ca ? { ca } : {}, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? null, body }));
    });
    request.on('error', reject);
  });
}

/** The person at the EHR's sign-in page: the page sends the browser on, and the browser follows. */
async function personAtTheBrowser(url: string): Promise<void> {
  const page = await get(url, ehr.ca);
  if (!page.location) throw new Error(`the sign-in page answered ${String(page.status)}`);
  // A stray request on the desk's loopback port (an old tab, another program) changes nothing.
  const redirect = new URL(page.location);
  expect((await get(`http://127.0.0.1:${redirect.port}/callback?code=stolen&state=wrong`)).status).toBe(404);
  const back = await get(page.location);
  expect(back.status).toBe(200);
}

const call = async (name: string, request?: unknown): Promise<{ ok: boolean; value?: EhrStatus; error?: { message: string } }> => (await app.call(name, request)) as { ok: boolean; value?: EhrStatus; error?: { message: string } };

beforeAll(async () => {
  ehr = await startTestEhr();
  app = await fixture.connect();
  const caPath = path.join(app.dataDir, 'ehr-ca.pem');
  fs.writeFileSync(caPath, ehr.ca);
  ehr.auth.register({ kind: 'person', clientId: 'fax-desktop', redirectPaths: ['/callback'], allowed: personScopes });
  app.settings.update({ chart: { ...app.settings.get().chart, source: 'fhir', fhirBase: ehr.fhirBase, fhirCaPath: caPath, signIn: 'person', clientId: 'fax-desktop' } });
  await ehr.create({ resourceType: 'Patient', name: [{ family: 'Gonzalez', given: ['Maria'] }], birthDate: '1980-03-04' });
}, 60_000);

afterAll(async () => ehr.close());

describe('a person signs in to the EHR', () => {
  it('in the system browser, with PKCE, and stays signed in with the refresh token the keychain keeps', async () => {
    app.desktop.browser = personAtTheBrowser;
    expect((await call('getEhrStatus', { test: false })).value).toMatchObject({ signedIn: false, publicJwks: null, askedScopes: personScopes });
    const signedIn = await call('signInEhr');
    expect(signedIn).toMatchObject({ ok: true, value: { signedIn: true } });
    const opened = new URL(app.desktop.signInPages.at(-1) ?? '');
    expect(opened.origin).toBe(new URL(ehr.fhirBase).origin);
    expect(opened.searchParams.get('code_challenge_method')).toBe('S256');
    expect(opened.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(opened.searchParams.get('aud')).toBe(ehr.fhirBase);
    expect(await app.secrets.get('ehr-refresh-token')).not.toBeNull();
    // A search with the person's token; when it ends, the refresh token gets a new one without asking them.
    expect((await call('getEhrStatus', { test: true })).value?.grantedScopes).toEqual(personScopes);
    ehr.auth.expireAll();
    expect(await call('getEhrStatus', { test: true })).toMatchObject({ ok: true });
    expect(ehr.auth.issued()).toMatchObject({ authorization_code: 1, refresh_token: 2 });
  });

  it('the EHR (or the person) says no: the desk says so in the EHR\'s words, and is not signed in', async () => {
    await call('signOutEhr');
    ehr.auth.setPerson({ answer: 'deny' });
    const refused = await call('signInEhr');
    expect(refused.ok).toBe(false);
    expect(refused.error?.message).toContain('The user said no.');
    expect((await call('getEhrStatus', { test: false })).value?.signedIn).toBe(false);
    ehr.auth.setPerson({ answer: 'approve', user: 'dr.demo' });
  });

  it('signed out, a search asks the person to sign in again', async () => {
    await call('signOutEhr');
    const status = await call('getEhrStatus', { test: true });
    expect(status.ok).toBe(false);
    expect(status.error?.message).toMatch(/Sign in to the EHR again/);
  });
});
