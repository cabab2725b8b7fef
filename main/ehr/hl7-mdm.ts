/**
 * An HL7 v2.5 MDM^T02 message (original document notification and content) for EHRs that take documents only that
 * way: the patient (PID), the document's activity (TXA, its unique number the fax's id), and the PDF itself as an
 * encapsulated-data OBX (Base64). The message's control id stays the same when it is sent again, so a receiver that
 * saw it before knows it is the same document; its acknowledgement (MSA) is read back.
 */

export interface MdmDocument {
  /** Unique per filing and kept across retries: MSH-10 and the TXA's unique document number. */
  controlId: string;
  sendingApplication: string;
  sendingFacility: string;
  receivingApplication: string;
  receivingFacility: string;
  /** When the fax arrived (the document's activity time). */
  at: Date;
  patient: { mrn: string | null; assigningAuthority: string | null; family: string; given: string; birthDate: string | null };
  /** The document type: a LOINC code and its display name. */
  type: { code: string; display: string };
  pdf: Uint8Array;
}

const fieldSeparator = '|';
const encodingCharacters = '^~\\&';

/** A value escaped for an HL7 field (its delimiters written as escape sequences, line breaks as spaces). */
export function escapeHl7(value: string): string {
  return value
    .replace(/\\/g, '\\E\\')
    .replace(/\|/g, '\\F\\')
    .replace(/\^/g, '\\S\\')
    .replace(/~/g, '\\R\\')
    .replace(/&/g, '\\T\\')
    .replace(/[\r\n]+/g, ' ');
}

const pad = (value: number): string => String(value).padStart(2, '0');
export function hl7Time(at: Date): string {
  return `${String(at.getUTCFullYear())}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}+0000`;
}

export function mdmT02(document: MdmDocument): string {
  const e = escapeHl7;
  const time = hl7Time(document.at);
  const { patient } = document;
  const identifier = patient.mrn === null ? '' : `${e(patient.mrn)}^^^${e(patient.assigningAuthority ?? '')}^MR`;
  const segments = [
    ['MSH', encodingCharacters, e(document.sendingApplication), e(document.sendingFacility), e(document.receivingApplication), e(document.receivingFacility), time, '', 'MDM^T02^MDM_T02', e(document.controlId), 'P', '2.5', '', '', 'AL', 'NE', '', 'UNICODE UTF-8'],
    ['EVN', 'T02', time],
    ['PID', '1', '', identifier, '', `${e(patient.family)}^${e(patient.given)}`, '', patient.birthDate === null ? '' : patient.birthDate.replace(/-/g, '')],
    ['PV1', '1', 'N'],
    ['TXA', '1', e(document.type.code), 'AP', time, '', '', '', '', '', '', '', e(document.controlId), '', '', '', '', '', 'AU'],
    ['OBX', '1', 'ED', `${e(document.type.code)}^${e(document.type.display)}^LN`, '', `^AP^PDF^Base64^${Buffer.from(document.pdf).toString('base64')}`, '', '', '', '', '', 'F'],
  ];
  // MSH-1 is the field separator itself: the segment starts "MSH|^~\&|…".
  return segments.map(([name, ...fields]) => (name === 'MSH' ? `MSH${fieldSeparator}${fields.join(fieldSeparator)}` : [name, ...fields].join(fieldSeparator))).join('\r');
}

export interface Acknowledgement {
  /** AA accepted, AE error, AR rejected (or CA/CE/CR in enhanced mode). */
  code: string;
  /** The control id it answers. */
  controlId: string;
  /** What the receiver said (MSA-3, or an ERR segment's text). */
  text: string | null;
}

/** The MSA of an acknowledgement, or null when the reply is no HL7 acknowledgement. */
export function readAcknowledgement(message: string): Acknowledgement | null {
  const segments = message.split(/\r\n|\r|\n/).filter((segment) => segment !== '');
  const header = segments[0];
  if (!header?.startsWith('MSH') || header.length < 8) return null;
  const separator = header[3] ?? '|';
  const msa = segments.find((segment) => segment.startsWith(`MSA${separator}`))?.split(separator);
  if (!msa) return null;
  const err = segments.find((segment) => segment.startsWith(`ERR${separator}`))?.split(separator);
  const component = (header[4] ?? '^');
  const errText = err ? (err[8] ?? err[3]?.split(component)[1] ?? null) : null;
  const text = (msa[3] ?? '') !== '' ? (msa[3] ?? null) : errText !== '' ? errText : null;
  return { code: msa[1] ?? '', controlId: msa[2] ?? '', text: text?.slice(0, 500) ?? null };
}
