/**
 * Whom a fax is about, as intake read it: the patient's name, birth date, record number and member id, each with
 * whether it was read surely (a field that "needs a look" may show a candidate, never file on its own).
 */
import type { IntakeField } from '../../preload/intake';
import type { ReadPatient, ReadValue } from './matching/patient-record';

function valueOf(fields: readonly IntakeField[], name: IntakeField['name']): ReadValue | null {
  // The surest reading of the field when the fax gives it more than once.
  const found = fields.filter((field) => field.name === name && field.value.trim() !== '').sort((a, b) => b.confidence - a.confidence)[0];
  return found ? { text: found.value, sure: !found.needsLook } : null;
}

export function readPatientOf(fields: readonly IntakeField[]): ReadPatient {
  return { name: valueOf(fields, 'patient'), birthDate: valueOf(fields, 'dob'), mrn: valueOf(fields, 'mrn'), memberId: valueOf(fields, 'memberId') };
}
