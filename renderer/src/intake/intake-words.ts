/** Intake's kinds and fields in the window's language (an office's own kind is shown as the office named it). */
import { isBuiltInKind, type BuiltInKind, type IntakeFieldName } from '../../../preload/intake';
import type { MessageId } from '../../../preload/i18n/translator';
import { t } from '../i18n';

const kindWords: Record<BuiltInKind, MessageId> = {
  referral: 'intake.kind.referral',
  lab_results: 'intake.kind.lab_results',
  imaging_report: 'intake.kind.imaging_report',
  prior_auth: 'intake.kind.prior_auth',
  prior_auth_answer: 'intake.kind.prior_auth_answer',
  records_request: 'intake.kind.records_request',
  insurance_card: 'intake.kind.insurance_card',
  refill_request: 'intake.kind.refill_request',
  claim_eob: 'intake.kind.claim_eob',
  bill: 'intake.kind.bill',
  cover_sheet: 'intake.kind.cover_sheet',
  other: 'intake.kind.other',
};

/** A kind's name as a list row has room for ("Prior auth", "KÜ-Antrag"): its full name is the row's tooltip. */
const kindShortWords: Record<BuiltInKind, MessageId> = {
  referral: 'intake.kindShort.referral',
  lab_results: 'intake.kindShort.lab_results',
  imaging_report: 'intake.kindShort.imaging_report',
  prior_auth: 'intake.kindShort.prior_auth',
  prior_auth_answer: 'intake.kindShort.prior_auth_answer',
  records_request: 'intake.kindShort.records_request',
  insurance_card: 'intake.kindShort.insurance_card',
  refill_request: 'intake.kindShort.refill_request',
  claim_eob: 'intake.kindShort.claim_eob',
  bill: 'intake.kindShort.bill',
  cover_sheet: 'intake.kindShort.cover_sheet',
  other: 'intake.kindShort.other',
};

const fieldWords: Record<IntakeFieldName, MessageId> = {
  patient: 'intake.field.patient',
  dob: 'intake.field.dob',
  mrn: 'intake.field.mrn',
  memberId: 'intake.field.memberId',
  claimNumber: 'intake.field.claimNumber',
  sender: 'intake.field.sender',
  faxBack: 'intake.field.faxBack',
  urgency: 'intake.field.urgency',
};

export function kindName(kind: string): string {
  return isBuiltInKind(kind) ? t(kindWords[kind]) : kind;
}

export function kindShortName(kind: string): string {
  return isBuiltInKind(kind) ? t(kindShortWords[kind]) : kind;
}

export function fieldName(field: IntakeFieldName): string {
  return t(fieldWords[field]);
}
