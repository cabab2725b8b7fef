/**
 * The EHR as the patient source: for each fax, the FHIR searches its reading needs and nothing more — by birth date
 * (and the date the other way round), by each surname word read, by an id read — then the matcher over what came
 * back, and one more search by the best candidate's surname to find a look-alike (a twin, a parent or child of the
 * same name) the first searches did not bring. FHIR Patients become records as the matcher sees them.
 */
import type { FhirClient } from '../ehr/fhir-client';
import type { FhirPatient } from '../ehr/fhir-resources';
import { readBirthDate } from './matching/birth-dates';
import { idKey } from './matching/identifiers';
import { matchPatient, type MatchResult } from './matching/match-patient';
import { memoryPatientIndex } from './matching/memory-index';
import { nameWords } from './matching/name-parts';
import type { PatientRecord, ReadPatient } from './matching/patient-record';

/** Identifier type codes (HL7 v2 table 0203) the office's record number and member ids come as. */
const mrnTypes = new Set(['MR', 'MRN', 'PI']);
const memberTypes = new Set(['MB', 'SN', 'MC', 'MA']);

/** A FHIR Patient as the matcher compares it: the official name, earlier names, the MRN, member ids. */
export function patientRecordOf(patient: FhirPatient, mrnSystem: string | null): PatientRecord | null {
  const names = patient.name ?? [];
  const current = names.find((name) => name.use === 'official') ?? names.find((name) => name.use === undefined || name.use === 'usual') ?? names.find((name) => name.use !== 'old' && name.use !== 'maiden');
  if (!current?.family && !current?.text) return null;
  const family = current.family ?? current.text?.split(/\s+/).at(-1) ?? '';
  const given = current.given ?? (current.text ? current.text.split(/\s+/).slice(0, -1) : []);
  const formerFamilies = names.filter((name) => (name.use === 'old' || name.use === 'maiden') && name.family).map((name) => name.family ?? '');
  const typeOf = (identifier: NonNullable<FhirPatient['identifier']>[number]): string => identifier.type?.coding?.find((coding) => coding.code)?.code ?? '';
  const identifiers = patient.identifier ?? [];
  const mrn = identifiers.find((identifier) => identifier.value && (mrnSystem !== null ? identifier.system === mrnSystem : mrnTypes.has(typeOf(identifier))))?.value ?? identifiers.find((identifier) => identifier.value && identifier.use === 'usual')?.value ?? null;
  const memberIds = identifiers.filter((identifier) => identifier.value && memberTypes.has(typeOf(identifier))).map((identifier) => identifier.value ?? '');
  return { id: patient.id, family, given, formerFamilies, birthDate: patient.birthDate && patient.birthDate.length === 10 ? patient.birthDate : null, mrn, memberIds };
}

/** The searches one fax's reading needs (each a FHIR query), the fewest that find what the matcher would. */
export function searchesFor(read: ReadPatient, thisYear: number): Array<Record<string, string>> {
  const searches: Array<Record<string, string>> = [];
  const date = read.birthDate ? readBirthDate(read.birthDate.text, thisYear) : null;
  if (date) {
    searches.push({ birthdate: date.meant });
    if (date.otherWay) searches.push({ birthdate: date.otherWay });
  }
  const words = read.name ? nameWords(read.name.text).filter((word) => word.length >= 3) : [];
  for (const word of words.slice(0, 4)) searches.push({ family: word });
  for (const id of [read.mrn, read.memberId]) {
    const key = id === null ? '' : id.text.trim();
    if (idKey(key).length >= 3) searches.push({ identifier: key });
  }
  return searches;
}

/** Matches a fax's reading against the EHR's patients. */
export async function matchInEhr(client: Pick<FhirClient, 'searchPatients'>, read: ReadPatient, options: { thisYear: number; mrnSystem: string | null }): Promise<MatchResult> {
  const found = new Map<string, PatientRecord>();
  const add = (patients: readonly FhirPatient[]): void => {
    for (const patient of patients) {
      // A record merged into another (its link "replaced-by") is not a patient to file to.
      if (patient.active === false || patient.link?.some((link) => link.type === 'replaced-by')) continue;
      const record = patientRecordOf(patient, options.mrnSystem);
      if (record) found.set(record.id, record);
    }
  };
  for (const search of searchesFor(read, options.thisYear)) add(await client.searchPatients(search));
  let result = matchPatient(read, memoryPatientIndex([...found.values()]), options.thisYear);
  const best = result.verdict === 'sure' ? result.patient.patient : result.verdict === 'ask' ? result.candidates[0]?.patient : undefined;
  if (best) {
    // Everyone of the best candidate's surname: a look-alike the first searches missed asks a person too.
    const before = found.size;
    add(await client.searchPatients({ 'family:exact': best.family }));
    if (found.size !== before) result = matchPatient(read, memoryPatientIndex([...found.values()]), options.thisYear);
  }
  return result;
}
