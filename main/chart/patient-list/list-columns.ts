/**
 * Which of the export's columns hold what, by the header's words (an export may reorder its columns; a header
 * stays). Guessed from common headers in English and German, shown with a preview, and kept as the person set it.
 */
import { dateParts } from '../../../preload/list-dates';
import type { DateOrder, ListColumns } from '../../../preload/patient-list';

const headerWords: ReadonlyArray<readonly [keyof ListColumns, RegExp]> = [
  ['mrn', /^(mrn|chart( ?(no|number|#))?|patient ?(id|no|number|#)|account( ?(no|number|#))?|med(ical)? ?rec(ord)?( ?(no|number|#))?|pat(ienten)? ?(nr|nummer|id)|kartei ?(nr|nummer)|fallnummer|id)$/],
  ['family', /^(last ?name|surname|family ?name|lname|patient last ?name|nachname|familienname|name)$/],
  ['given', /^(first ?name|given ?names?|fname|forename|patient first ?name|vorname|vornamen)$/],
  ['fullName', /^(patient ?name|full ?name|patient|name vorname|patient last first)$/],
  ['birthDate', /^(dob|d o b|birth ?date|date of birth|birthday|geburtsdatum|geb ?datum|geboren( am)?)$/],
  ['memberIds', /^(member ?id|insurance ?(id|no|number)|subscriber ?id|policy ?(no|number)|versichertennummer|versicherten ?nr|kvnr)$/],
  ['formerFamily', /^(former( last)? ?name|maiden ?name|previous( last)? ?name|alias last ?name|geburtsname|früherer name)$/],
];

/** A header as compared: lower case, punctuation as single spaces ("Pat.-Nr." is "pat nr", "D.O.B." is "d o b"). */
const folded = (header: string): string => header.trim().toLowerCase().replace(/[^\p{L}\p{N}#]+/gu, ' ').trim();

/** The columns the headers suggest (each header used once, the first that fits each field). */
export function guessColumns(headers: readonly string[]): ListColumns {
  const taken = new Set<number>();
  const guess: ListColumns = { mrn: null, family: null, given: null, fullName: null, birthDate: null, memberIds: null, formerFamily: null };
  for (const [field, words] of headerWords) {
    const at = headers.findIndex((header, index) => !taken.has(index) && words.test(folded(header)));
    if (at < 0) continue;
    taken.add(at);
    guess[field] = headers[at] ?? null;
  }
  // "Name" alone with a first-name column is the surname; without one, the whole name.
  if (guess.family !== null && guess.given === null && /^name$/i.test(guess.family.trim()) && guess.fullName === null) [guess.fullName, guess.family] = [guess.family, null];
  return guess;
}

/**
 * The order the file writes day and month in, from its dates: a first part over 12 is a day, a second part over 12
 * is a day too; year first is ISO. Undecided (every date could be either) is month first, as US systems write,
 * unless the dates are written with dots, as German ones are.
 */
export function guessDateOrder(values: readonly string[]): DateOrder {
  let dayFirst = 0;
  let monthFirst = 0;
  let dots = 0;
  for (const value of values) {
    const date = dateParts(value);
    if (!date) continue;
    if (date.yearFirst) return 'ymd';
    if (value.includes('.')) dots += 1;
    if (date.first > 12) dayFirst += 1;
    else if (date.second > 12) monthFirst += 1;
  }
  if (dayFirst !== monthFirst) return dayFirst > monthFirst ? 'dmy' : 'mdy';
  return dots > 0 ? 'dmy' : 'mdy';
}
