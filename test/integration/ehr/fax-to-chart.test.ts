// From fax to chart on a desk connected to the sandbox and to a real FHIR server (test/ehr/): a fax read as a lab
// result about a patient the EHR knows files itself as a DocumentReference on that patient — once, through a lost
// reply and the EHR's "not now" —, twins and a fax read unsurely wait for a person with the candidates, a person
// files one, a batch of two documents waits for a person, the EHR's refusal comes back with its words, and a filing
// taken back is "entered in error" there.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentReference, Patient } from '@medplum/fhirtypes';
import type { FaxIntake, IntakeField } from '../../../preload/intake';
import type { FaxListPage } from '../../../preload/models';
import { backendPublicJwks, backendScopes } from '../../../main/chart/ehr-connection';
import type { Services } from '../../../main/ipc/services';
import type { ConnectedCore } from '../../helpers/connected-core';
import { value } from '../../helpers/ipc-value';
import { useSandbox } from '../../helpers/sandbox-fixture';
import { waitUntil } from '../../helpers/wait';
import { startTestEhr, type TestEhr } from '../../ehr/fhir-server';

const fixture = useSandbox();
let ehr: TestEhr;
let app: ConnectedCore;
let services: Services;
const ids: Record<string, string> = {};

const field = (name: IntakeField['name'], text: string, sure = true): IntakeField => ({ name, value: text, confidence: sure ? 97 : 60, needsLook: !sure, page: 1, box: [0.1, 0.1, 0.4, 0.12] });
const intakeOf = (kind: string, fields: IntakeField[], kindSure = true): FaxIntake => ({ kind: { kind, confidence: kindSure ? 95 : 55, source: 'rules', sure: kindSure }, fields, parts: [] });

/** A fax arrives at the desk and intake reads it as `intake` (the reading itself is intake's own tests'). */
async function arrives(intake: FaxIntake): Promise<string> {
  const before = value<FaxListPage>(await app.call('listFaxes', { direction: 'inbound', offset: 0, limit: 1 })).total;
  await fixture.t.control('POST', `/accounts/${app.accountId}/inbound`, { pages: 2, from: '+14155550142', sender_name: 'City Lab Services' });
  await value(await app.call('syncNow'));
  const list = await waitUntil(async () => value<FaxListPage>(await app.call('listFaxes', { direction: 'inbound', offset: 0, limit: 1 })), (page) => page.total === before + 1, { what: 'the fax arriving' });
  const faxId = list.items[0]?.id ?? '';
  services.cache.intake.save(faxId, intake);
  await services.chart.afterIntake(faxId);
  return faxId;
}

const documentsFor = (patientId: string) => ehr.search<DocumentReference>('DocumentReference', { subject: `Patient/${patientId}` });

beforeAll(async () => {
  ehr = await startTestEhr();
  app = await fixture.connect();
  services = await app.core.services();
  const caPath = path.join(app.dataDir, 'ehr-ca.pem');
  fs.writeFileSync(caPath, ehr.ca);
  // IT registers the desk's public key with the EHR (Settings shows it), then names the EHR in Settings.
  ehr.auth.register({ kind: 'backend', clientId: 'front-desk', keys: (await backendPublicJwks(app.secrets)).keys, allowed: backendScopes });
  app.settings.update({ chart: { ...app.settings.get().chart, source: 'fhir', fhirBase: ehr.fhirBase, fhirCaPath: caPath, signIn: 'backend', clientId: 'front-desk', autoFileKinds: ['lab_results', 'imaging_report'] } });
  const patients: Array<[string, string, string, string]> = [
    ['gonzalez', 'Gonzalez', 'Maria', '1980-03-04'],
    ['emma', 'Lindqvist', 'Emma', '2015-06-01'],
    ['ella', 'Lindqvist', 'Ella', '2015-06-01'],
    ['weiss', 'Weiß', 'Jörg', '1971-12-24'],
    ['okonkwo', 'Okonkwo', 'Sarah', '1975-11-20'],
  ];
  for (const [key, family, given, birthDate] of patients) {
    const created = await ehr.create<Patient>({ resourceType: 'Patient', name: [{ family, given: [given] }], birthDate, identifier: [{ type: { coding: [{ code: 'MR' }] }, system: 'urn:office:mrn', value: `M-${key}` }] });
    ids[key] = created.id ?? '';
  }
}, 120_000);

afterAll(async () => {
  await ehr.close();
});

describe('fax to chart', () => {
  it('a lab result about a patient the EHR knows, read surely, files itself: one DocumentReference with the PDF, on that patient', async () => {
    const faxId = await arrives(intakeOf('lab_results', [field('patient', 'GONZALEZ, Maria'), field('dob', '03/04/1980')]));
    const filed = await waitUntil(() => services.chart.get(faxId), (view) => view?.state === 'filed', { what: 'the fax filed' });
    expect(filed).toMatchObject({ filedBy: 'rule', target: 'fhir', patient: { id: ids.gonzalez, name: 'Gonzalez, Maria' }, documentType: { code: '11502-2' } });
    const [document, ...more] = await documentsFor(ids.gonzalez ?? '');
    expect(more).toEqual([]);
    expect(document?.type?.coding?.[0]?.code).toBe('11502-2');
    expect(document?.author?.[0]?.display).toBe('City Lab Services');
    const pdf = Buffer.from(document?.content[0]?.attachment.data ?? '', 'base64');
    expect(Buffer.compare(pdf, Buffer.from(await services.pdfs.bytes(faxId)))).toBe(0);
    // The patient search sent only what the match needs: the birth date and the name's words.
    const searches = ehr.requests.filter((request) => request.method === 'GET' && request.path === '/fhir/Patient').map((request) => new URLSearchParams(request.query));
    expect(searches.every((query) => [...query.keys()].every((key) => ['birthdate', 'family', 'family:exact', 'identifier', '_count', '_offset'].includes(key)))).toBe(true);
  });

  it('twins wait for a person, both shown; a person files to the right one', async () => {
    const faxId = await arrives(intakeOf('lab_results', [field('patient', 'Emma Lindqvist'), field('dob', '06/01/2015')]));
    const waiting = services.chart.get(faxId);
    expect(waiting).toMatchObject({ state: 'to_file', reason: 'look-alike' });
    expect(waiting?.candidates.map((candidate) => candidate.patient.id).sort()).toEqual([ids.ella, ids.emma].sort());
    expect(await documentsFor(ids.emma ?? '')).toEqual([]);
    const chosen = waiting?.candidates.find((candidate) => candidate.patient.id === ids.emma)?.patient;
    if (!chosen) throw new Error('no candidate');
    expect(await services.chart.file(faxId, chosen)).toMatchObject({ state: 'filed', filedBy: 'person', patient: { id: ids.emma } });
    expect(await documentsFor(ids.emma ?? '')).toHaveLength(1);
    expect(await documentsFor(ids.ella ?? '')).toEqual([]);
  });

  it('a name read unsurely and a letter off, an unsure kind, a kind no rule files, and a new patient each wait with their reason', async () => {
    expect(services.chart.get(await arrives(intakeOf('lab_results', [field('patient', 'Jörg Weils', false), field('dob', '12/24/1971')])))).toMatchObject({ state: 'to_file', reason: 'patient-unsure', candidates: [{ patient: { id: ids.weiss } }] });
    expect(services.chart.get(await arrives(intakeOf('lab_results', [field('patient', 'Jörg Weiß'), field('dob', '12/24/1971')], false)))).toMatchObject({ state: 'to_file', reason: 'kind-unsure' });
    expect(services.chart.get(await arrives(intakeOf('referral', [field('patient', 'Jörg Weiß'), field('dob', '12/24/1971')])))).toMatchObject({ state: 'to_file', reason: 'not-automatic' });
    expect(services.chart.get(await arrives(intakeOf('referral', [field('patient', 'Grace Hopper'), field('dob', '12/09/1936')])))).toMatchObject({ state: 'to_file', reason: 'new-patient', candidates: [] });
    expect(await documentsFor(ids.weiss ?? '')).toEqual([]);
  });

  it("a batch waits for a person though its first patient is read surely: its second page, another's, would be in the wrong chart", async () => {
    // Intake is sure of the first page's patient; the second page gave only another record number, so it is a part.
    const parts: FaxIntake['parts'] = [
      { firstPage: 1, lastPage: 1, patient: 'Jörg Weiß', patientSure: true, kind: 'lab_results' },
      { firstPage: 2, lastPage: 2, patient: null, patientSure: false, kind: 'lab_results' },
    ];
    const faxId = await arrives({ ...intakeOf('lab_results', [field('patient', 'Jörg Weiß'), field('dob', '12/24/1971')]), parts });
    expect(services.chart.get(faxId)).toMatchObject({ state: 'to_file', reason: 'several-parts', candidates: [{ patient: { id: ids.weiss } }] });
    expect(await documentsFor(ids.weiss ?? '')).toEqual([]);
  });

  it('a reply lost after the EHR filed it, then a 503 and a 429: filed once, when the EHR lets it', async () => {
    ehr.fault({ method: 'POST', path: 'DocumentReference', times: 1, fault: { kind: 'lost-reply' } });
    ehr.fault({ method: 'POST', path: 'DocumentReference', times: 1, fault: { kind: 'status', status: 503 } });
    ehr.fault({ method: 'POST', path: 'DocumentReference', times: 1, fault: { kind: 'status', status: 429, retryAfterSeconds: 1 } });
    const faxId = await arrives(intakeOf('imaging_report', [field('patient', 'Sarah Okonkwo'), field('dob', '11/20/1975')]));
    const waiting = await waitUntil(() => services.chart.get(faxId), (view) => view?.state === 'queued' && view.problem !== null, { what: 'the first try failing' });
    expect(waiting?.problem?.id).toBe('chart.theEhrDidNotAnswer');
    // The job runner's waits (30 s and more, or the EHR's Retry-After) are its own tests'; here a person asks again.
    for (let attempt = 0; attempt < 3 && services.chart.get(faxId)?.state !== 'filed'; attempt += 1) await services.chart.retryNow(faxId);
    expect(services.chart.get(faxId)?.state).toBe('filed');
    expect(await documentsFor(ids.okonkwo ?? '')).toHaveLength(1);
  });

  it('the EHR refuses the document: back to a person with its words; taken back after filing: entered in error', async () => {
    ehr.fault({ method: 'POST', path: 'DocumentReference', times: 1, fault: { kind: 'status', status: 422, outcome: 'Patient is deceased; documents need a review' } });
    const refusedId = await arrives(intakeOf('lab_results', [field('patient', 'Maria Gonzalez'), field('dob', '1980-03-04')]));
    const refused = await waitUntil(() => services.chart.get(refusedId), (view) => view?.state === 'to_file', { what: 'the refusal' });
    expect(refused).toMatchObject({ reason: 'ehr-refused', problem: { id: 'chart.theEhrRefusedSaying', values: { status: 422, words: 'Patient is deceased; documents need a review' } } });
    const patient = refused?.patient ?? refused?.candidates[0]?.patient;
    if (!patient) throw new Error('no patient');
    await services.chart.file(refusedId, patient);
    const before = await documentsFor(ids.gonzalez ?? '');
    expect(await services.chart.withdraw(refusedId)).toMatchObject({ state: 'withdrawn' });
    const after = await documentsFor(ids.gonzalez ?? '');
    expect(after).toHaveLength(before.length);
    expect(after.filter((document) => document.status === 'entered-in-error')).toHaveLength(1);
  });
});
