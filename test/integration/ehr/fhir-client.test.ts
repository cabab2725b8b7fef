// The app's FHIR client and SMART backend services against a real FHIR server implementation (Medplum's router and
// repository on loopback TLS, test/ehr/) behind a SMART token endpoint that checks the JWT with another library
// (jose): patient search, a DocumentReference created once through lost replies, scopes enforced, an expired token
// renewed, and the faults a real EHR shows, each with its own failure.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaxApiError } from '../../../main/api/api-error';
import { classifyFailure } from '../../../main/api/failure-class';
import { createFhirClient, type FhirClient } from '../../../main/ehr/fhir-client';
import { backendTokens, clientAssertion, newBackendKey, publicJwks, type BackendKey } from '../../../main/ehr/smart-backend';
import { smartEndpoints, type SmartEndpoints } from '../../../main/ehr/smart-client';
import { startTestEhr, type TestEhr } from '../../ehr/fhir-server';

let ehr: TestEhr;
let key: BackendKey;
const opened: Array<{ close(): void }> = [];
const fullScopes = ['system/Patient.rs', 'system/DocumentReference.crs'];

function client(options: { clientId?: string; scopes?: string[]; theKey?: BackendKey; maxPages?: number } = {}): { fhir: FhirClient; endpoints: SmartEndpoints } {
  const endpoints = smartEndpoints(ehr.fhirBase, ehr.ca, 'Fax Desktop test');
  const fhir = createFhirClient({ base: ehr.fhirBase, extraCa: ehr.ca, userAgent: 'Fax Desktop test', ...(options.maxPages ? { maxPages: options.maxPages } : {}), tokens: backendTokens({ endpoints, clientId: options.clientId ?? 'fax-desk', key: () => Promise.resolve(options.theKey ?? key), scopes: options.scopes ?? fullScopes }) });
  opened.push(endpoints, fhir);
  return { fhir, endpoints };
}

const failureOf = async (promise: Promise<unknown>): Promise<FaxApiError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FaxApiError) return error;
    throw error;
  }
  throw new Error('it did not fail');
};

const document = (faxId: string, patientId: string): Record<string, unknown> & { resourceType: string } => ({
  resourceType: 'DocumentReference',
  status: 'current',
  identifier: [{ system: 'urn:fax-desktop:fax', value: faxId }],
  type: { coding: [{ system: 'http://loinc.org', code: '11502-2', display: 'Laboratory report' }] },
  subject: { reference: `Patient/${patientId}` },
  date: '2026-11-29T10:00:00Z',
  content: [{ attachment: { contentType: 'application/pdf', data: Buffer.from('%PDF-1.4 test').toString('base64'), title: 'Fax' } }],
});

beforeAll(async () => {
  ehr = await startTestEhr();
  key = newBackendKey();
  ehr.auth.register({ kind: 'backend', clientId: 'fax-desk', keys: publicJwks(key).keys, allowed: fullScopes });
  ehr.auth.register({ kind: 'backend', clientId: 'reader-only', keys: publicJwks(key).keys, allowed: ['system/Patient.rs'] });
  for (const [family, given, birthDate] of [['Gonzalez', 'Maria', '1980-03-04'], ['Gonzalez', 'Mario', '1979-01-02'], ['Okonkwo', 'Sarah', '1975-11-20']] as const) {
    await ehr.create({ resourceType: 'Patient', name: [{ family, given: [given] }], birthDate, identifier: [{ system: 'urn:office:mrn', value: `${family}-${given}` }] });
  }
}, 60_000);

afterAll(async () => {
  for (const each of opened) each.close();
  await ehr.close();
});

describe('backend services and patient search', () => {
  it('signs in with its key and finds patients by name and birth date, and by identifier', async () => {
    const { fhir } = client();
    expect((await fhir.searchPatients({ family: 'Gonzalez', birthdate: '1980-03-04' })).map((patient) => patient.name?.[0]?.given?.[0])).toEqual(['Maria']);
    expect(await fhir.searchPatients({ family: 'Gonzalez' })).toHaveLength(2);
    expect((await fhir.searchPatients({ identifier: 'urn:office:mrn|Okonkwo-Sarah' }))[0]?.birthDate).toBe('1975-11-20');
    expect(ehr.auth.issued().client_credentials).toBeGreaterThanOrEqual(1);
  });

  it('follows a search over pages, and refuses one that does not end', async () => {
    for (let index = 0; index < 7; index += 1) await ehr.create({ resourceType: 'Patient', name: [{ family: 'Pagewalker', given: [`P${String(index)}`] }], birthDate: '2001-01-01' });
    expect(await client().fhir.searchPatients({ family: 'Pagewalker', _count: '3' })).toHaveLength(7);
    ehr.fault({ method: 'GET', path: 'Patient', times: 1, fault: { kind: 'endless-pages' } });
    const failure = await failureOf(client({ maxPages: 4 }).fhir.searchPatients({ family: 'Nobody' }));
    expect(failure.failure).toMatchObject({ kind: 'malformed', detail: 'the search did not end' });
    ehr.clearFaults();
  });

  it('a key the EHR does not know is refused with the server\'s words; an assertion is single-use and short-lived', async () => {
    const failure = await failureOf(client({ theKey: newBackendKey() }).fhir.searchPatients({ family: 'Gonzalez' }));
    expect(failure.failure).toMatchObject({ kind: 'http', status: 401, code: 'invalid_client', message: 'the assertion does not verify' });
    const { endpoints } = client();
    const tokenUrl = (await endpoints.configuration()).token_endpoint;
    const assertion = clientAssertion(key, 'fax-desk', tokenUrl, Date.now());
    const form = { grant_type: 'client_credentials', scope: 'system/Patient.rs', client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: assertion };
    await expect(endpoints.requestToken(form)).resolves.toMatchObject({ scopes: ['system/Patient.rs'] });
    await expect(endpoints.requestToken(form)).rejects.toMatchObject({ failure: { message: 'the assertion was used before' } });
  });

  it('an expired token is renewed once, and the call goes through', async () => {
    const { fhir } = client();
    await fhir.searchPatients({ family: 'Okonkwo' });
    const before = ehr.auth.issued().client_credentials ?? 0;
    ehr.auth.expireAll();
    expect(await fhir.searchPatients({ family: 'Okonkwo' })).toHaveLength(1);
    expect(ehr.auth.issued().client_credentials).toBe(before + 1);
  });
});

describe('a DocumentReference, created once', () => {
  it('a second create with the same fax identifier (a retry after a lost reply) answers with the first', async () => {
    const { fhir } = client();
    const [patient] = await fhir.searchPatients({ family: 'Okonkwo' });
    const faxId = `fax-${crypto.randomUUID()}`;
    const first = await fhir.createOnce(document(faxId, patient?.id ?? ''), `identifier=urn:fax-desktop:fax|${faxId}`);
    const again = await fhir.createOnce(document(faxId, patient?.id ?? ''), `identifier=urn:fax-desktop:fax|${faxId}`);
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    expect(await ehr.search('DocumentReference', { identifier: `urn:fax-desktop:fax|${faxId}` })).toHaveLength(1);
    expect((await fhir.findByIdentifier('DocumentReference', `urn:fax-desktop:fax|${faxId}`)).map((found) => found.id)).toEqual([first.id]);
  });

  it('the EHR refuses an invalid document with a 422 and its own words; a client without the scope is refused before', async () => {
    const { fhir } = client();
    const broken = { resourceType: 'DocumentReference', identifier: [{ system: 'urn:fax-desktop:fax', value: 'x' }], content: [] };
    const refused = await failureOf(fhir.createOnce(broken, 'identifier=urn:fax-desktop:fax|x'));
    expect(refused.failure).toMatchObject({ kind: 'http', status: 422 });
    expect(refused.failure.kind === 'http' ? refused.failure.message : '').toMatch(/Missing required property/);
    expect(classifyFailure(refused, { write: true })).toBe('definitive');
    const reader = client({ clientId: 'reader-only', scopes: ['system/Patient.rs'] });
    const forbidden = await failureOf(reader.fhir.createOnce(document('fax-y', 'p'), 'identifier=urn:fax-desktop:fax|fax-y'));
    expect(forbidden.failure).toMatchObject({ kind: 'http', status: 403 });
  });

  it('503, 429 with Retry-After, a reply that is not FHIR and a dropped connection are each told apart', async () => {
    const { fhir } = client();
    await fhir.searchPatients({ family: 'Okonkwo' });
    ehr.fault({ method: 'POST', path: 'DocumentReference', times: 1, fault: { kind: 'status', status: 503 } });
    ehr.fault({ method: 'POST', path: 'DocumentReference', times: 1, fault: { kind: 'status', status: 429, retryAfterSeconds: 7 } });
    ehr.fault({ method: 'POST', path: 'DocumentReference', times: 1, fault: { kind: 'garbage' } });
    ehr.fault({ method: 'POST', path: 'DocumentReference', times: 1, fault: { kind: 'drop' } });
    const create = () => fhir.createOnce(document('fax-faults', 'p'), 'identifier=urn:fax-desktop:fax|fax-faults');
    const unavailable = await failureOf(create());
    expect(classifyFailure(unavailable, { write: true })).toBe('retryable');
    const limited = await failureOf(create());
    expect(limited.failure).toMatchObject({ kind: 'http', status: 429 });
    expect(limited.failure.kind === 'http' ? limited.failure.retryAfterMs : null).toBeGreaterThanOrEqual(6_000);
    expect(classifyFailure(await failureOf(create()), { write: true })).toBe('unknown_outcome');
    expect(classifyFailure(await failureOf(create()), { write: true })).toBe('unknown_outcome');
    ehr.clearFaults();
  });
});
