/**
 * A record number or member id read on a fax against those on record. A sender's "MRN" is often their own chart
 * number, not the office's, so a number that agrees says much and one that differs says little. A fax may also give
 * the insurance member id where the office keeps its MRN (or the other way round): each read id is compared with
 * every id on record, and which pairing agreed is said.
 */
import { bare } from '../../intake/page-lines';
import { readWithin } from './read-distance';

export type IdAgreement = 'exact' | 'digit' | 'differ' | 'missing';
export type IdPairing = 'mrn' | 'member' | 'member-as-mrn' | 'mrn-as-member';

/** An id as compared: letters and digits, folded, leading zeros dropped ("MRN 001234" is 1234). */
export function idKey(text: string): string {
  return bare(text).replace(/^0+(?=.)/, '');
}

export interface IdResult {
  agreement: IdAgreement;
  pairing: IdPairing | null;
}

const rank: Record<IdAgreement, number> = { exact: 3, digit: 2, differ: 1, missing: 0 };

function compareOne(read: string, recorded: string): IdAgreement {
  if (read === '' || recorded === '') return 'missing';
  if (read === recorded) return 'exact';
  // One character off counts only on ids long enough that one character does not make any id (five and more).
  if (recorded.length >= 5 && readWithin(read, recorded, 1)) return 'digit';
  return 'differ';
}

/** Ids as compared (idKey), an empty string for none. */
export interface IdKeys {
  mrn: string;
  members: string[];
}

export const readIdKeys = (read: { mrn: string | null; memberId: string | null }): IdKeys => ({ mrn: read.mrn === null ? '' : idKey(read.mrn), members: read.memberId === null ? [] : [idKey(read.memberId)] });
export const recordIdKeys = (record: { mrn: string | null; memberIds: readonly string[] }): IdKeys => ({ mrn: record.mrn === null ? '' : idKey(record.mrn), members: record.memberIds.map(idKey).filter((id) => id !== '') });

/** The best agreement of the read MRN and member id with the record's ids. */
export function compareIds(read: { mrn: string | null; memberId: string | null }, record: { mrn: string | null; memberIds: readonly string[] }): IdResult {
  return compareIdKeys(readIdKeys(read), recordIdKeys(record));
}

/** compareIds on ids already keyed (the matcher keys a reading once and each record once). */
export function compareIdKeys(read: IdKeys, record: IdKeys): IdResult {
  const readMrn = read.mrn;
  const readMember = read.members[0] ?? '';
  const recordMrn = record.mrn;
  const members = record.members;
  const tries: Array<{ agreement: IdAgreement; pairing: IdPairing }> = [
    { agreement: compareOne(readMrn, recordMrn), pairing: 'mrn' },
    ...members.map((member) => ({ agreement: compareOne(readMember, member), pairing: 'member' as const })),
    ...members.map((member) => ({ agreement: compareOne(readMrn, member), pairing: 'member-as-mrn' as const })),
    { agreement: compareOne(readMember, recordMrn), pairing: 'mrn-as-member' },
  ];
  let best: IdResult = { agreement: 'missing', pairing: null };
  for (const attempt of tries) {
    if (rank[attempt.agreement] > rank[best.agreement]) best = attempt;
  }
  // A cross pairing that only "differs" says nothing: the fax's id was simply not that kind.
  if (best.agreement === 'differ' && best.pairing !== 'mrn' && best.pairing !== 'member') return { agreement: 'differ', pairing: readMrn !== '' ? 'mrn' : 'member' };
  return best;
}
