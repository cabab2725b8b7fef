/**
 * Received faxes for the intake bench (issue 39, items 2–6): documents of every kind the app knows, each with the
 * kind and the fields a person would take from it, and multi-patient batches made of them. Its wording is drawn
 * from two pools kept apart — titles, labels and phrases: an odd seed draws from the first, an even seed from the
 * second — so what the classifier and the field reader were looked at on (seed 1) is not what they are measured on
 * (seed 2). Like unseen-pages.ts (whose drawing it uses), nothing here is shared with the app's code.
 */
import { drawnPage, fieldsOf, generator, type Block, type Fields, type UnseenPage } from './unseen-pages';

export type IntakeTruthKind =
  | 'referral'
  | 'lab_results'
  | 'imaging_report'
  | 'prior_auth'
  | 'prior_auth_answer'
  | 'records_request'
  | 'insurance_card'
  | 'refill_request'
  | 'claim_eob'
  | 'bill'
  | 'cover_sheet'
  | 'other';
/**
 * Every kind the app knows, and two it must not be fooled by (issue 55, item 0): a practice's bill under the
 * letterhead of its trade ("… Radiology", "… Pharmacy"), and a plain letter that is no kind at all.
 */
export const intakeTruthKinds: readonly IntakeTruthKind[] = ['referral', 'lab_results', 'imaging_report', 'prior_auth', 'prior_auth_answer', 'records_request', 'insurance_card', 'refill_request', 'claim_eob', 'bill', 'cover_sheet', 'other'];

/** Senders whose names say a trade: their letterhead must never decide what a fax is. */
const tradeSenders = ['Summit Radiology', 'St. Anne Imaging Center', 'Northgate Pharmacy', 'Bayside Laboratory', 'Lakeside Dental', 'Westend Orthopedics'];

/** The fields as printed (what the reader must give back exactly). */
export interface IntakeTruth {
  kind: IntakeTruthKind;
  patient: string;
  dob: string | null;
  mrn: string | null;
  memberId: string | null;
  claimNumber: string | null;
  faxBack: string | null;
  urgent: boolean;
}

export interface IntakeDocument {
  truth: IntakeTruth;
  /** Its pages (a second page carries no patient or title, as letters' second pages do). */
  pages: Array<Omit<UnseenPage, 'kind'> & { kind: IntakeTruthKind }>;
}

type Pool = 0 | 1;
const two = <T>(pool: Pool, first: readonly T[], second: readonly T[]): readonly T[] => (pool === 0 ? first : second);

function pickFrom(next: () => number) {
  return <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
}

function documentBlocks(kind: IntakeTruthKind, f: Fields, pool: Pool, next: () => number): { blocks: Block[]; truth: IntakeTruth } {
  const pick = pickFrom(next);
  const german = next() < 0.25;
  const urgent = next() < 0.3;
  const dob = german ? f.dobGerman : f.dob;
  const patientLine = german
    ? pick(two(pool, [`Patient: ${f.patient}, geb. ${dob}`, `Patientin: ${f.patient}   Geburtsdatum: ${dob}`], [`Name: ${f.patient}   geboren am ${dob}`, `Patient/in: ${f.patient}, geb. ${dob}`]))
    : pick(two(pool, [`Patient: ${f.patient}   DOB: ${dob}`, `Patient name: ${f.patient}   Date of birth: ${dob}`], [`Pt name: ${f.patient}   D.O.B. ${dob}`, `Patient: ${f.patient}   Birth date: ${dob}`]));
  const mrnLine = pick(two(pool, [`MRN: ${f.mrn}`, `Medical record number: ${f.mrn}`], [`Chart #: ${f.mrn}`, `MRN ${f.mrn}`]));
  const memberLine = german ? `Versichertennummer: ${f.member}` : pick(two(pool, [`Member ID: ${f.member}`, `Subscriber ID: ${f.member}`], [`Insurance ID: ${f.member}`, `Member #: ${f.member}`]));
  const faxLine = german ? `Rückfax: ${f.phone}` : pick(two(pool, [`Fax: ${f.phone}`, `Fax back to ${f.phone}`], [`Return fax: ${f.phone}`, `Please fax to: ${f.phone}`]));
  const urgentLine = german ? 'Eilt! Bitte um Rückruf.' : pick(two(pool, ['Priority: URGENT', 'STAT - please call'], ['URGENT - please expedite', 'Priority: STAT']));
  const header: Block = { type: 'text', lines: [f.clinic.toUpperCase(), faxLine], inverted: next() < 0.5 };
  const base = { patient: f.patient, dob, mrn: null, memberId: null, claimNumber: null, faxBack: f.phone, urgent } satisfies Omit<IntakeTruth, 'kind'>;
  const body = (title: string, lines: string[], extra: Block[] = []): Block[] => [header, { type: 'text', lines: [title, ...lines, ...(urgent ? [urgentLine] : [])] }, ...extra];
  switch (kind) {
    case 'referral': {
      const title = german ? pick(two(pool, ['Überweisung', 'Überweisung zur Mitbehandlung'], ['Überweisungsschein', 'Arztbrief - Überweisung'])) : pick(two(pool, ['REFERRAL FOR SPECIALIST CONSULTATION', 'Patient Referral'], ['Request for Consultation', 'Referral to Specialist']));
      return { blocks: body(title, [patientLine, mrnLine, `Referring: ${f.doctor}`, german ? 'Diagnose: Hypertonie, zur Abklärung.' : pick(two(pool, ['Reason: shortness of breath on exertion.', 'Reason for referral: knee pain, MRI enclosed.'], ['Please evaluate and treat: chest pain.', 'Consult requested for: rash, 3 weeks.']))]), truth: { ...base, kind, mrn: f.mrn } };
    }
    case 'lab_results': {
      const title = german ? pick(two(pool, ['Laborbefund', 'Laborwerte'], ['Laborbericht', 'Befund Labor'])) : pick(two(pool, ['LABORATORY REPORT', 'Lab Results'], ['Test Results', 'Laboratory Results - Final']));
      const rows = [['Test', 'Result', 'Reference'], ['Sodium', '138', '135-145 mmol/L'], ['Glucose', '104', '70-99 mg/dL'], ['TSH', '2.31', '0.40-4.00 mIU/L']];
      return { blocks: body(title, [patientLine, mrnLine, `Collected: ${f.date}`], [{ type: 'table', rows }]), truth: { ...base, kind, mrn: f.mrn } };
    }
    case 'imaging_report': {
      const title = german ? pick(two(pool, ['Radiologie - Befund', 'MRT Befund'], ['Röntgen Befund', 'Sonographie'])) : pick(two(pool, ['RADIOLOGY REPORT', 'Imaging Report'], ['Diagnostic Imaging Report', 'MRI REPORT']));
      return { blocks: body(title, [patientLine, mrnLine, german ? 'Beurteilung: kein Befund.' : 'Technique: views of the left knee.', german ? 'Untersuchung: Knie links' : 'Findings: no fracture. Impression: normal study.']), truth: { ...base, kind, mrn: f.mrn } };
    }
    case 'prior_auth': {
      const title = german ? pick(two(pool, ['Antrag auf Kostenübernahme', 'Kostenübernahme'], ['Genehmigungsantrag', 'Antrag Kostenzusage'])) : pick(two(pool, ['PRIOR AUTHORIZATION REQUEST', 'Prior Auth Request'], ['Precertification Request', 'Pre-Authorization Form']));
      return {
        blocks: [header, { type: 'text', lines: [title], inverted: true }, { type: 'boxes', boxes: [['Patient name', f.patient], ['Date of birth', dob], ['Member ID', f.member], ['Medication', f.drug], ['Prescriber', f.doctor]] }, ...(urgent ? [{ type: 'text', lines: [urgentLine] } as Block] : [])],
        truth: { ...base, kind, memberId: f.member },
      };
    }
    case 'prior_auth_answer': {
      const approved = next() < 0.5;
      const title = german ? (approved ? 'Bescheid: Kostenübernahme genehmigt' : 'Bescheid: Antrag abgelehnt') : pick(two(pool, [approved ? 'PRIOR AUTHORIZATION APPROVED' : 'PRIOR AUTHORIZATION DENIED'], [approved ? 'Authorization Determination: Approved' : 'Coverage Determination - Denied']));
      return { blocks: body(title, [patientLine, memberLine, `Authorization number: PA${f.claim.slice(2)}`, approved ? `Valid through 12/31/2026` : 'You may appeal within 60 days.']), truth: { ...base, kind, memberId: f.member } };
    }
    case 'records_request': {
      const title = german ? pick(two(pool, ['Anforderung von Unterlagen', 'Befundanforderung'], ['Schweigepflichtentbindung', 'Bitte um Befunde'])) : pick(two(pool, ['AUTHORIZATION TO RELEASE MEDICAL RECORDS', 'Records Request'], ['Request for Medical Records', 'Release of Information']));
      return { blocks: body(title, [patientLine, mrnLine, `Release to: ${f.clinic}`, `Records from 01/01/2023 through ${f.date}`, 'Signature ____________________']), truth: { ...base, kind, mrn: f.mrn } };
    }
    case 'insurance_card': {
      const title = german ? 'Kopie Versichertenkarte' : pick(two(pool, ['COPY OF INSURANCE CARD (FRONT)', 'Insurance Card - Front'], ['Member ID Card', 'Insurance card copy']));
      const dobLine = german ? `Geburtsdatum: ${dob}` : `DOB: ${dob}`;
      return {
        blocks: [header, { type: 'text', lines: [title] }, { type: 'text', lines: [`${german ? 'Versicherte' : 'Member'}: ${f.patient}`, memberLine, dobLine, 'Rx BIN 610014  PCN MEDDPRIME'], grey: true }],
        truth: { ...base, kind, memberId: f.member, urgent: false },
      };
    }
    case 'refill_request': {
      const title = german ? pick(two(pool, ['Rezeptanforderung', 'Folgerezept'], ['Wiederholungsrezept', 'Bitte um Folgerezept'])) : pick(two(pool, ['PHARMACY REFILL REQUEST', 'Refill Request'], ['Prescription Renewal Request', 'Rx Renewal']));
      return { blocks: body(title, [patientLine, `${german ? 'Medikament' : 'Medication'}: ${f.drug}, 90 tablets`, `Prescriber: ${f.doctor}`]), truth: { ...base, kind } };
    }
    case 'claim_eob': {
      const title = german ? 'Leistungsabrechnung' : pick(two(pool, ['EXPLANATION OF BENEFITS - THIS IS NOT A BILL', 'Explanation of Benefits'], ['Claim Summary', 'Remittance Advice']));
      const claimLine = pick(two(pool, [`Claim: ${f.claim}`, `Claim number: ${f.claim}`], [`Claim #: ${f.claim}`, `Claim ID: ${f.claim}`]));
      return {
        blocks: [header, { type: 'text', lines: [title], inverted: true }, { type: 'columns', left: [`Patient: ${f.patient}`, memberLine, claimLine], right: [`Service date: ${f.date}`, 'Amount billed: $412.00'] }, { type: 'table', rows: [['Service', 'Billed', 'Allowed', 'You owe'], ['Office visit', '$180.00', '$122.40', '$25.00']] }],
        truth: { ...base, kind, dob: null, memberId: f.member, claimNumber: f.claim, urgent: false },
      };
    }
    case 'bill': {
      const sender = pick(tradeSenders);
      const title = german ? pick(two(pool, ['Rechnung', 'Zahlungserinnerung'], ['Rechnung Nr. 2026-114', 'Mahnung'])) : pick(two(pool, ['PATIENT STATEMENT', 'Statement of Account'], ['Billing Statement', 'INVOICE']));
      const amount = german ? pick(['Rechnungsbetrag: 85,00 EUR', 'Offener Betrag: 42,90 EUR']) : pick(['Balance due: $85.00', 'Amount due: $142.50']);
      return {
        blocks: [{ type: 'text', lines: [sender.toUpperCase(), faxLine], inverted: next() < 0.5 }, { type: 'text', lines: [title, `Statement date: ${f.date}`, patientLine, amount, german ? `Zahlbar bis ${f.date}` : `Please remit payment to ${sender}.`] }],
        truth: { ...base, kind, urgent: false },
      };
    }
    case 'other': {
      const sender = pick(tradeSenders);
      return {
        blocks: [{ type: 'text', lines: [sender.toUpperCase(), faxLine] }, { type: 'text', lines: [german ? 'Sehr geehrte Damen und Herren,' : 'Dear colleague,', german ? 'vielen Dank für Ihre Nachricht der letzten Woche.' : 'thank you for your message of last week.', german ? 'Wir rufen Sie wegen des Termins zurück.' : 'We will call you about the appointment.', german ? 'Mit freundlichen Grüßen' : 'Kind regards'] }],
        truth: { ...base, kind, patient: '', dob: null, urgent: false },
      };
    }
    case 'cover_sheet': {
      return {
        blocks: [{ type: 'text', size: 14, lines: [german ? 'TELEFAX' : pick(two(pool, ['FAX', 'Fax Cover Sheet'], ['FACSIMILE', 'FAX TRANSMITTAL'])), `To: ${f.clinic}`, `From: ${f.doctor}`, `Re: ${f.patient}`, `Pages: 1   ${faxLine}`] }],
        truth: { ...base, kind, dob: null, urgent: false },
      };
    }
  }
}

/** A second page: more of the document's text, no title, no patient. */
function secondPage(next: () => number): Block[] {
  const pick = pickFrom(next);
  return [{ type: 'text', lines: [pick(['Continued from page 1.', 'Page 2 of 2', 'Fortsetzung']), 'History: no known drug allergies. Non-smoker.', 'Current medications as listed on the enclosed sheet.', 'Plan: follow up in four weeks, sooner if needed.', 'Thank you for seeing this patient.'] }];
}

/** `perKind` single documents of every kind (one page, some with a second page). */
export function intakeDocuments(seed: number, perKind: number): IntakeDocument[] {
  const next = generator(seed * 7919 + 17);
  const pool: Pool = seed % 2 === 1 ? 0 : 1;
  const documents: IntakeDocument[] = [];
  for (const kind of intakeTruthKinds) {
    for (let copy = 0; copy < perKind; copy += 1) documents.push(documentOf(kind, fieldsOf(next), pool, next));
  }
  return documents;
}

function documentOf(kind: IntakeTruthKind, fields: Fields, pool: Pool, next: () => number): IntakeDocument {
  const { blocks, truth } = documentBlocks(kind, fields, pool, next);
  const pages = [drawnPage(kind, blocks, [], fields, next, kind === 'cover_sheet')];
  if (kind !== 'cover_sheet' && kind !== 'insurance_card' && kind !== 'other' && kind !== 'bill' && next() < 0.3) pages.push(drawnPage(kind, secondPage(next), [], fields, next));
  return { truth, pages };
}

/**
 * A batch: `documents` documents of different patients (and a second document of the same patient now and then).
 * `variant` makes another batch of the same seed (and so of the same wording pool).
 */
export function intakeBatch(seed: number, documents: number, variant = 0): IntakeDocument[] {
  const next = generator(seed * 104_729 + 3 + variant * 7_919);
  const pool: Pool = seed % 2 === 1 ? 0 : 1;
  const kinds = intakeTruthKinds.filter((kind) => kind !== 'cover_sheet' && kind !== 'other' && kind !== 'bill');
  const batch: IntakeDocument[] = [];
  let fields = fieldsOf(next);
  for (let index = 0; index < documents; index += 1) {
    // Now and then the same patient's next document (a referral with its lab results): split by document.
    if (index === 0 || next() >= 0.25) fields = fieldsOf(next);
    batch.push(documentOf(kinds[Math.floor(next() * kinds.length)] ?? 'referral', fields, pool, next));
  }
  return batch;
}
