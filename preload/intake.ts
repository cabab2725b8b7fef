/**
 * What the desk read a received fax to be (intake, issue 39): its kind, whom and what it is about, and where a batch
 * of several patients could be split. Made on this computer from the text recognized here; nothing leaves the desk.
 * An uncertain reading is shown as such ("needs a look") and never makes a rule act alone.
 */
import { z } from 'zod';

/** The kinds the app knows; the office may add its own (learned from how it labels faxes, never by rules). */
export const builtInKinds = [
  'referral',
  'lab_results',
  'imaging_report',
  'prior_auth',
  'prior_auth_answer',
  'records_request',
  'insurance_card',
  'refill_request',
  'claim_eob',
  'bill',
  'cover_sheet',
  'other',
] as const;
export type BuiltInKind = (typeof builtInKinds)[number];

export function isBuiltInKind(kind: string): kind is BuiltInKind {
  return (builtInKinds as readonly string[]).includes(kind);
}

/** An office's own kind: a name people gave it (kept as its id too). */
export const officeKindName = z.string().trim().min(1, 'intake.giveTheKindA').max(40);
export const officeKindsSchema = z.array(officeKindName).max(30);

export const intakeFieldNames = ['patient', 'dob', 'mrn', 'memberId', 'claimNumber', 'sender', 'faxBack', 'urgency'] as const;
export type IntakeFieldName = (typeof intakeFieldNames)[number];
/** The fields a person may give where none was read, and whose spot a sender's form teaches (not urgency, not the sender). */
export const learnableFields: readonly IntakeFieldName[] = ['patient', 'dob', 'mrn', 'memberId', 'claimNumber', 'faxBack'];

/** A field read on the fax: its value as read, how sure the reading is, and where on which page it stands. */
export interface IntakeField {
  name: IntakeFieldName;
  value: string;
  /** 0–100: the recognizer's confidence in the words, lowered where the value does not look as it should. */
  confidence: number;
  /** Shown as "needs a look": a person checks it; it never drives an action alone. */
  needsLook: boolean;
  /** 1-based page and the box (left, top, right, bottom as shares of the page). */
  page: number;
  box: [number, number, number, number];
  /** A person wrote this value (it stands through every new reading of the fax). */
  byPerson?: true | undefined;
  /** Read where a person's correction on an earlier fax from this sender found the field (always needs a look). */
  learned?: true | undefined;
}

/** Where the rules or the office's own model put the fax, or what a person said it is. */
export interface IntakeKind {
  kind: string;
  /** 0–100. */
  confidence: number;
  source: 'rules' | 'model' | 'person';
  /** Sure enough to drive a rule (a person's word always is). */
  sure: boolean;
}

/** A suggested part of a batch: its first page, and whom and what it is about (when read). */
export interface IntakePart {
  firstPage: number;
  lastPage: number;
  patient: string | null;
  /** Whether the patient's name was read surely (else it is shown with a question mark). */
  patientSure?: boolean | undefined;
  kind: string | null;
}

/** A label found on the fax with nothing read after it or below it ("DOB:" and an empty box): shown "not read". */
export interface UnreadLabel {
  name: IntakeFieldName;
  page: number;
  /** The label's box (left, top, right, bottom as shares of the page). */
  box: [number, number, number, number];
}

export interface FaxIntake {
  kind: IntakeKind;
  fields: IntakeField[];
  /** Parts a batch could be split into (one part: nothing to split). */
  parts: IntakePart[];
  /** Labels with no value read, of fields not read elsewhere on the fax (absent: none, or read before this). */
  unread?: UnreadLabel[] | undefined;
}

/** What the lists show on a row: the kind, and whether the reading is unsure. */
export interface IntakeSummary {
  kind: string;
  sure: boolean;
  urgent: boolean;
  patient: string | null;
}
