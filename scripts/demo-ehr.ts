/**
 * The demo's EHR: the same FHIR server the tests use (test/ehr/: Medplum's FHIR router on loopback TLS behind a
 * SMART token endpoint), with demo patients, and the demo profile set up to file into it as IT would set a desk up
 * (the desk's key registered, Settings → Chart pointed at it). Faxes about these patients arrive now and then: a lab
 * result files itself, twins and a referral wait in "To file". The EHR keeps nothing between runs; the desk's own
 * journal does. Reads nothing outside the repository.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Patient } from '@medplum/fhirtypes';
import { backendPublicJwks, backendScopes } from '../main/chart/ehr-connection';
import { openConfSettings } from '../main/store/conf-settings';
import { keychainSecretStore } from '../main/store/keychain-secret-store';
import { keychainServiceFor } from '../main/store/profile';
import { startTestEhr, type TestEhr } from '../test/ehr/fhir-server';
import { faxPdf } from '../test/helpers/fax-pages';

const clientId = 'fax-desktop-demo';

const patients: Array<{ family: string; given: string; birthDate: string; mrn: string }> = [
  { family: 'Gonzalez', given: 'Maria', birthDate: '1980-03-04', mrn: '100231' },
  { family: 'Okonkwo', given: 'Sarah', birthDate: '1975-11-20', mrn: '100417' },
  { family: 'Lindqvist', given: 'Emma', birthDate: '2015-06-01', mrn: '100522' },
  { family: 'Lindqvist', given: 'Ella', birthDate: '2015-06-01', mrn: '100523' },
  { family: 'Weiß', given: 'Jörg', birthDate: '1971-12-24', mrn: '100689' },
  { family: 'Abernathy', given: 'Robert', birthDate: '1958-02-14', mrn: '100704' },
  { family: 'Abernathy', given: 'Robert', birthDate: '1986-09-30', mrn: '100705' },
];

/** What arrives, in turn: documents about the demo patients as senders fax them. */
const documents: Array<{ sender: string; lines: string[] }> = [
  { sender: 'City Lab Services', lines: ['LABORATORY REPORT', 'Patient: GONZALEZ, Maria   DOB: 03/04/1980', 'MRN: 100231   Collected: 11/28/2026', 'Sodium 138 mmol/L   (135-145)', 'Glucose 104 mg/dL   (70-99)'] },
  { sender: 'St. Mary Radiology', lines: ['RADIOLOGY REPORT', 'Patient: Sarah Okonkwo   DOB: 11/20/1975', 'Technique: two views of the left knee.', 'Findings: no fracture.', 'Impression: normal study.'] },
  { sender: 'City Lab Services', lines: ['LABORATORY REPORT', 'Patient: Emma Lindqvist   DOB: 06/01/2015', 'Hemoglobin 12.9 g/dL   (11.5-15.5)', 'Ferritin 31 ng/mL   (12-150)'] },
  { sender: 'Riverside Clinic', lines: ['REFERRAL FOR SPECIALIST CONSULTATION', 'Patient: Jörg Weiß   DOB: 12/24/1971', 'Reason for referral: knee pain, MRI enclosed.', 'Referring: Dr. Ana Lee'] },
  { sender: 'City Lab Services', lines: ['LABORATORY REPORT', 'Patient: Robert Abernathy   DOB: 02/14/1958', 'PSA 1.1 ng/mL   (0-4)'] },
];

export interface DemoEhr {
  ehr: TestEhr;
  /** The next demo document, as a PDF a fax service delivers, and who sends it. */
  nextDocument(): Promise<{ sender: string; pdf: Uint8Array }>;
  close(): Promise<void>;
}

export async function startDemoEhr(root: string, profileDir: string): Promise<DemoEhr> {
  const ehr = await startTestEhr();
  for (const patient of patients) {
    await ehr.create<Patient>({ resourceType: 'Patient', name: [{ use: 'official', family: patient.family, given: [patient.given] }], birthDate: patient.birthDate, identifier: [{ type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MR' }] }, system: 'urn:demo:mrn', value: patient.mrn }] });
  }
  const caPath = path.join(root, 'ehr-ca.pem');
  fs.mkdirSync(root, { recursive: true });
  fs.writeFileSync(caPath, ehr.ca);
  const secrets = keychainSecretStore(keychainServiceFor(profileDir));
  ehr.auth.register({ kind: 'backend', clientId, keys: (await backendPublicJwks(secrets)).keys, allowed: backendScopes });
  const settings = openConfSettings(profileDir, path.join(root, 'Downloads'));
  settings.update({ chart: { ...settings.get().chart, source: 'fhir', fhirBase: ehr.fhirBase, fhirCaPath: caPath, signIn: 'backend', clientId, target: 'fhir' } });
  let turn = 0;
  return {
    ehr,
    async nextDocument() {
      const document = documents[turn % documents.length] ?? { sender: 'City Lab Services', lines: ['LABORATORY REPORT'] };
      turn += 1;
      return { sender: document.sender, pdf: await faxPdf([{ lines: [document.sender.toUpperCase(), ...document.lines], resolution: 'fine', seed: turn }]) };
    },
    close: () => ehr.close(),
  };
}
