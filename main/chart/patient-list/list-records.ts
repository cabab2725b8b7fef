/**
 * A patient list's rows as the matcher's records, by the columns a person chose: each row a patient, or a line and
 * a reason it was left out (shown in Settings, for the person who looks it up in the file). A row is left out, not
 * guessed at: a patient with no number cannot be named in a filing, two rows with one number cannot be told apart,
 * and a birth date that is no date would let the matcher agree with nothing or the wrong thing.
 */
import type { DateOrder, ListColumns, ListSkipReason } from '../../../preload/patient-list';
import type { PatientRecord } from '../matching/patient-record';
import type { CsvRow } from './csv-file';
import { listBirthDate } from '../../../preload/list-dates';

const longestCell = 200;
/** "Gonzalez, Maria" or "Maria Gonzalez" in one cell: the surname and the given names. */
function splitFullName(text: string): { family: string; given: string[] } {
  const comma = text.indexOf(',');
  if (comma >= 0) return { family: text.slice(0, comma).trim(), given: text.slice(comma + 1).trim().split(/\s+/).filter(Boolean) };
  const words = text.trim().split(/\s+/).filter(Boolean);
  return { family: words.at(-1) ?? '', given: words.slice(0, -1) };
}

/** Reads a row into a record; the header's positions are found once by `columnsAt`. */
export type RowReader = (row: CsvRow) => PatientRecord | ListSkipReason;

/** Where each chosen column is in the header, or which chosen columns it lacks. */
export function columnsAt(headers: readonly string[], columns: ListColumns): Record<keyof ListColumns, number> | { missing: string[] } {
  const at = {} as Record<keyof ListColumns, number>;
  const missing: string[] = [];
  const trimmed = headers.map((header) => header.trim());
  for (const [field, header] of Object.entries(columns) as Array<[keyof ListColumns, string | null]>) {
    if (header === null) {
      at[field] = -1;
      continue;
    }
    const index = trimmed.indexOf(header.trim());
    if (index < 0) missing.push(header);
    at[field] = index;
  }
  return missing.length > 0 ? { missing } : at;
}

export function rowReader(at: Record<keyof ListColumns, number>, order: DateOrder, today: string, width: number): RowReader {
  const cell = (row: CsvRow, index: number): string => (index < 0 ? '' : (row.fields[index] ?? '').trim());
  return (row) => {
    // A quote left open swallows the rows after it into one: far more fields, or a cell far longer than a name.
    if (row.fields.length > width + 2 || row.fields.some((field) => field.length > longestCell)) return 'broken-row';
    const mrn = cell(row, at.mrn);
    if (mrn === '') return 'no-number';
    let family = cell(row, at.family);
    let given = cell(row, at.given).split(/\s+/).filter(Boolean);
    if (family === '' && at.fullName >= 0) ({ family, given } = splitFullName(cell(row, at.fullName)));
    if (family === '') return 'no-name';
    const dateText = cell(row, at.birthDate);
    if (dateText === '') return 'no-birth-date';
    const birthDate = listBirthDate(dateText, order, today);
    if (birthDate === null) return 'bad-birth-date';
    const former = cell(row, at.formerFamily);
    const memberIds = cell(row, at.memberIds).split(/[;|]/).map((id) => id.trim()).filter(Boolean);
    return { id: mrn, family, given, formerFamilies: former === '' ? [] : [former], birthDate, mrn, memberIds };
  };
}
