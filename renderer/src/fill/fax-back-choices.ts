/**
 * Where a signed copy can be faxed back: the number the page asks for ("Fax back to (415) 555-0177"), when intake
 * read it surely, and the line the fax came from — often another machine than the one the sender wants the answer
 * on. The page's number comes first; each says which it is.
 */
import { checkFaxNumber, countryOfNumber } from '../../../preload/fax-number';
import type { FaxDetail } from '../../../preload/models';

export interface FaxBackChoice {
  /** page: the number written on the fax; line: the number it was sent from. */
  source: 'page' | 'line';
  e164: string;
  /** The number as the person recognises it: as printed on the page, or the sender's name or number. */
  shown: string;
  name: string | null;
}

/**
 * A number on the page without "+" is read as a number of the sending line's country (a US clinic writes US
 * numbers), else of the app's default country; one that is no fax number there is not offered.
 */
export function faxBackChoices(detail: Pick<FaxDetail, 'counterpart' | 'counterpartName' | 'senderName' | 'intakeDetail'>, defaultCountry: string | null): FaxBackChoice[] {
  const choices: FaxBackChoice[] = [];
  const name = detail.counterpartName ?? detail.senderName ?? null;
  const line = detail.counterpart;
  const written = detail.intakeDetail?.fields.find((field) => field.name === 'faxBack' && !field.needsLook);
  if (written) {
    const country = (line ? countryOfNumber(line) : null) ?? defaultCountry;
    const check = checkFaxNumber(written.value, { defaultCountry: country });
    if (check.ok && check.e164 !== line) choices.push({ source: 'page', e164: check.e164, shown: written.value, name });
  }
  if (line) choices.push({ source: 'line', e164: line, shown: detail.counterpartName ?? line, name });
  return choices;
}
