/**
 * Faxes about an office's patients for the chart bench (issue 55): the patients from test/helpers/patient-population
 * (twins, a parent and a child of one name, one name with two birth dates, married names), and for each fax a page
 * of a kind the office files (a lab result, an imaging report, a referral) written as senders write a patient —
 * "LAST, First" or not, a nickname, dropped accents, day first or month first, the sender's own chart number or the
 * office's, a member id — then drawn at fine or standard resolution for the recognizer to read. Nothing here is
 * shared with the matcher's code; a seed draws the office, its faxes and their wording.
 */
import type { PatientRecord } from '../../main/chart/matching/patient-record';
import { population, seeded, type Random } from '../../test/helpers/patient-population';

export interface ChartFax {
  /** Who the fax is about; null: a new referral, on no list. */
  patientId: string | null;
  /** The kind the office's rule files on its own. */
  kind: 'lab_results' | 'imaging_report' | 'referral';
  lines: string[];
  resolution: 'fine' | 'standard';
}

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

const nick: Record<string, string> = { William: 'Bill', Robert: 'Bob', Elizabeth: 'Liz', Margaret: 'Peggy', Katherine: 'Kate', James: 'Jim', Richard: 'Rick', Michael: 'Mike' };
const bare = (text: string): string => text.normalize('NFKD').replace(/\p{M}/gu, '');

function nameAsWritten(random: Random, patient: PatientRecord): string {
  let given = patient.given[0] ?? '';
  if (nick[given] && random() < 0.2) given = nick[given] ?? given;
  let family = patient.formerFamilies?.[0] !== undefined && random() < 0.25 ? patient.formerFamilies[0] : patient.family;
  if (random() < 0.3) family = bare(family);
  const style = random();
  return style < 0.45 ? `${given} ${family}` : style < 0.85 ? `${family.toUpperCase()}, ${given}` : `${family}, ${given}`;
}

function dateAsWritten(random: Random, iso: string): string {
  const [year = '', month = '', day = ''] = iso.split('-');
  const style = random();
  if (style < 0.6) return `${month}/${day}/${year}`;
  if (style < 0.85) return `${day}.${month}.${year}`;
  return iso;
}

function page(random: Random, patient: PatientRecord, kind: ChartFax['kind']): string[] {
  const sender = pick(random, ['Riverside Clinic', 'City Lab Services', 'Summit Imaging Center', 'Oak Family Practice', 'Harbor Cardiology']);
  const title = kind === 'lab_results' ? pick(random, ['LABORATORY REPORT', 'Lab Results', 'Laboratory Results - Final']) : kind === 'imaging_report' ? pick(random, ['RADIOLOGY REPORT', 'Imaging Report', 'MRI REPORT']) : pick(random, ['REFERRAL FOR CONSULTATION', 'Patient Referral', 'Referral to Specialist']);
  const lines = [sender.toUpperCase(), title, `Patient: ${nameAsWritten(random, patient)}   DOB: ${dateAsWritten(random, patient.birthDate ?? '1970-01-01')}`];
  // The office's own record number on some faxes (its orders), the sender's on others, none on the rest.
  const id = random();
  if (id < 0.35 && patient.mrn) lines.push(`MRN: ${patient.mrn}`);
  else if (id < 0.55) lines.push(`MRN: ${String(300_000 + Math.floor(random() * 600_000))}`);
  else if (id < 0.7 && patient.memberIds?.[0]) lines.push(`Member ID: ${patient.memberIds[0]}`);
  if (kind === 'lab_results') lines.push('Sodium 138 mmol/L   (135-145)', 'Glucose 104 mg/dL   (70-99)');
  else if (kind === 'imaging_report') lines.push('Technique: two views of the left knee.', 'Findings: no fracture. Impression: normal study.');
  else lines.push('Reason for referral: knee pain, MRI enclosed.', 'Referring: Dr. Ana Lee');
  return lines;
}

export interface ChartBenchSet {
  patients: PatientRecord[];
  /** Patients with a look-alike on the list (twin, same name): never filed to on their own. */
  hard: Set<string>;
  faxes: ChartFax[];
}

/** An office of `size` patients and `perResolution` faxes at each resolution, 5 % of them about people on no list. */
export function chartBenchSet(seed: number, size: number, perResolution: number): ChartBenchSet {
  const people = population(seed, size, 'office');
  const random = seeded(seed * 31 + 7);
  const faxes: ChartFax[] = [];
  for (const resolution of ['fine', 'standard'] as const) {
    for (let index = 0; index < perResolution; index += 1) {
      const stranger = random() < 0.05;
      const patient = stranger ? pick(random, people.strangers) : pick(random, people.patients);
      const kind = pick(random, ['lab_results', 'imaging_report', 'referral'] as const);
      faxes.push({ patientId: stranger ? null : patient.id, kind, lines: page(random, patient, kind), resolution });
    }
  }
  return { patients: people.patients, hard: people.hard, faxes };
}
