/**
 * How much each field's agreement says, in bits: log2(m/u) as Fellegi and Sunter define it, where m is how often a
 * fax about the patient shows that agreement and u how often a fax about someone else does. An exact surname or
 * given name says as much as it is rare (u from how many records share it — "Smith" says less than "Okonkwo"); a
 * birth date agrees by chance about once in 30,000; a record number the office keeps agrees almost never by chance,
 * and differs often (the sender's own chart number), so it says much when it agrees and little when it does not.
 * The m and u below were set from what reading and senders do on the project's generated faxes (tuning seed) and
 * are the matcher's only knobs; the bench measures them on faxes of another seed.
 */
import type { BirthDateAgreement } from './birth-dates';
import type { IdAgreement } from './identifiers';
import type { FamilyAgreement, GivenAgreement } from './name-parts';

const bits = (m: number, u: number): number => Math.log2(m / u);

/** The share of people (not only this list's) who carry a value that `count` of `size` records carry. */
function shareOf(count: number, size: number, population: number, floor: number): number {
  return Math.max(count / Math.max(size, population), floor);
}

export function familyWeight(agreement: FamilyAgreement, count: number, size: number): number {
  switch (agreement) {
    case 'exact':
      return bits(0.88, shareOf(count, size, 2_000, 1 / 20_000));
    case 'former':
      return bits(0.02, shareOf(count, size, 2_000, 1 / 20_000)) + 1;
    case 'spelling':
      return bits(0.03, 0.0004);
    case 'part':
      return bits(0.02, 0.0004);
    case 'misread':
      return bits(0.04, 0.002);
    case 'differ':
      return bits(0.01, 0.99);
  }
}

export function givenWeight(agreement: GivenAgreement, count: number, size: number): number {
  switch (agreement) {
    case 'exact':
      return bits(0.82, shareOf(count, size, 500, 1 / 2_000));
    case 'nickname':
      return bits(0.05, 0.004);
    case 'middle':
      return bits(0.02, 0.003);
    case 'spelling':
      return bits(0.02, 0.001);
    case 'misread':
      return bits(0.04, 0.004);
    case 'initial':
      return bits(0.02, 0.08);
    case 'differ':
      return bits(0.03, 0.95);
    case 'missing':
      return 0;
  }
}

export function birthDateWeight(agreement: BirthDateAgreement): number {
  switch (agreement) {
    case 'exact':
      return bits(0.9, 1 / 30_000);
    case 'swapped':
      return bits(0.02, 1 / 1_500);
    case 'digit':
      return bits(0.04, 1 / 1_000);
    case 'differ':
      return bits(0.006, 0.999);
    case 'missing':
      return 0;
  }
}

export function idWeight(agreement: IdAgreement): number {
  switch (agreement) {
    case 'exact':
      return bits(0.6, 1 / 50_000);
    case 'digit':
      return bits(0.03, 1 / 5_000);
    case 'differ':
      return bits(0.4, 1);
    case 'missing':
      return 0;
  }
}

/** At or above: the fax may file on its own (with the other conditions of match-patient.ts). */
export const fileAtBits = 24;
/** At or above: the record is offered to a person as a candidate. Below: not this patient. */
export const offerAtBits = 12;
/** The runner-up must be this far below the best for the best to file on its own. */
export const leadBits = 10;
