/**
 * What becomes of a fax once it is matched: filed by the office's rule ("file lab results and imaging reports when
 * sure") only when the patient is sure, the kind is sure and one the rule names, and intake found one document in
 * it — otherwise it waits in "To file" with the reason a person reads there and the candidates to choose from. A
 * batch's fields can be sure of its first patient while a later page is another's (a page giving only its own record
 * number): filed whole, that page would be in the wrong chart. Pure: the same match, kind, rule and parts give the
 * same decision.
 */
import type { ChartPatient, FieldAgreement, FilingCandidate, FilingReason } from '../../preload/chart';
import type { IntakeKind } from '../../preload/intake';
import type { Candidate, MatchResult } from './matching/match-patient';
import type { PatientRecord } from './matching/patient-record';

export type ChartDecision = { file: ChartPatient; candidates: FilingCandidate[] } | { wait: FilingReason; candidates: FilingCandidate[] };

export function chartPatientOf(record: PatientRecord): ChartPatient {
  const given = record.given.join(' ');
  return { id: record.id, name: given === '' ? record.family : `${record.family}, ${given}`, birthDate: record.birthDate, mrn: record.mrn };
}

export function filingCandidateOf(candidate: Candidate): FilingCandidate {
  const { agreement } = candidate;
  const name = agreement.family === 'exact' && (agreement.given === 'exact' || agreement.given === 'missing') ? 'exact' : agreement.family === 'differ' ? 'differ' : agreement.family === 'exact' ? agreement.given : agreement.family;
  const fields: FieldAgreement[] = [
    { field: 'name', level: name },
    { field: 'birthDate', level: agreement.birthDate === 'digit' ? 'misread' : agreement.birthDate },
    { field: 'id', level: agreement.id === 'digit' ? 'misread' : agreement.id, ...(agreement.idPairing ? { pairing: agreement.idPairing } : {}) },
  ];
  return { patient: chartPatientOf(candidate.patient), weight: Math.round(candidate.weight * 10) / 10, agreement: fields };
}

/** `parts`: the documents intake found in the fax (a batch's suggested split; one for a fax of one document). */
export function decide(match: MatchResult, kind: IntakeKind, autoFileKinds: readonly string[], parts: number): ChartDecision {
  if (match.verdict === 'none') return { wait: match.reason === 'nothing-read' ? 'no-patient-read' : 'new-patient', candidates: match.nearest.map(filingCandidateOf) };
  if (match.verdict === 'ask') {
    const reason: FilingReason = match.reason === 'look-alike' ? 'look-alike' : match.reason === 'two-fit' ? 'two-candidates' : 'patient-unsure';
    return { wait: reason, candidates: match.candidates.map(filingCandidateOf) };
  }
  const candidates = [filingCandidateOf(match.patient)];
  if (parts > 1) return { wait: 'several-parts', candidates };
  if (!kind.sure) return { wait: 'kind-unsure', candidates };
  if (!autoFileKinds.includes(kind.kind)) return { wait: 'not-automatic', candidates };
  return { file: chartPatientOf(match.patient.patient), candidates };
}
