/**
 * A patient as the office's records have them (a row of the practice's patient list, a FHIR Patient), and whom a
 * fax is about as it was read. Both go through the same folding before they are compared.
 */

export interface PatientRecord {
  /** The record's id where it comes from (the FHIR Patient's id, the list's row key). */
  id: string;
  /** The surname as recorded: two-part and hyphenated ones whole ("García López", "Meyer-Lindqvist"). */
  family: string;
  /** Given names, the one the patient goes by first. */
  given: readonly string[];
  /** Surnames the patient had before (maiden, earlier married name). */
  formerFamilies?: readonly string[] | undefined;
  /** YYYY-MM-DD. */
  birthDate: string | null;
  /** The office's own medical record number. */
  mrn: string | null;
  /** Insurance member ids on record. */
  memberIds?: readonly string[] | undefined;
}

/** Whom a fax is about, as read: each value as the page gave it, and whether the reading was sure. */
export interface ReadPatient {
  name: ReadValue | null;
  birthDate: ReadValue | null;
  mrn: ReadValue | null;
  memberId: ReadValue | null;
}

export interface ReadValue {
  text: string;
  /** Read surely (intake's `needsLook` false): only sure values may let a fax file on its own. */
  sure: boolean;
}

export const noReading: ReadPatient = { name: null, birthDate: null, mrn: null, memberId: null };
