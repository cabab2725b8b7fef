/**
 * The office's patients from a list exported by its practice-management system (CSV), for offices whose EHR has no
 * FHIR access (issue 55): which file, which of its columns hold what (kept by the header's words), and how it writes
 * dates. The list itself is kept only in the encrypted cache; these settings hold no patient's words.
 */
import { z } from 'zod';
import type { Message } from './i18n/translator';

export const dateOrderSchema = z.enum(['mdy', 'dmy', 'ymd']);
/** Month first (03/14/1961, US), day first (14.03.1961), year first (1961-03-14). */
export type DateOrder = z.output<typeof dateOrderSchema>;

const header = z.string().trim().min(1).max(200).nullable();

/** The header of the column that holds each field; null: the file has none. */
export const listColumnsSchema = z
  .object({
    /** The patient's number in the office's records: how a filing names the patient. Required. */
    mrn: header,
    family: header,
    given: header,
    /** "Gonzalez, Maria" in one column, where the file has no separate surname and first name. */
    fullName: header,
    birthDate: header,
    /** Insurance member ids (several separated by ";" or "|" in the cell). */
    memberIds: header,
    /** An earlier surname (maiden name). */
    formerFamily: header,
  })
  .strict();

export type ListColumns = z.output<typeof listColumnsSchema>;

export const patientListSettingsSchema = z
  .object({
    path: z.string().min(1).max(4096).nullable(),
    columns: listColumnsSchema,
    dateOrder: dateOrderSchema,
  })
  .strict();

export type PatientListSettings = z.output<typeof patientListSettingsSchema>;

export const defaultPatientListSettings: PatientListSettings = {
  path: null,
  columns: { mrn: null, family: null, given: null, fullName: null, birthDate: null, memberIds: null, formerFamily: null },
  dateOrder: 'mdy',
};

export type ListEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** The file as read before it is imported: its headers, its first rows, and the columns and date order guessed. */
export interface PatientListPreview {
  /** The file previewed (chosen in the system's dialog, or the one set). */
  path: string;
  headers: string[];
  /** The first rows, as the file has them. */
  sample: string[][];
  columns: ListColumns;
  dateOrder: DateOrder;
  encoding: ListEncodingName;
  delimiter: string;
  /** Rows after the header. */
  rows: number;
}

export type ListSkipReason =
  /** No patient number in the row. */
  | 'no-number'
  /** The number is another row's too: neither can be told apart by it, both are left out. */
  | 'same-number'
  | 'no-name'
  | 'no-birth-date'
  /** A birth date that is no date in the file's order (31/02/1980), or in the future. */
  | 'bad-birth-date'
  /** More fields than a patient has, or a cell longer than any name: a broken row. */
  | 'broken-row';

export interface PatientListStatus {
  path: string | null;
  /** Patients in the list the desk matches against. */
  patients: number;
  importedAt: number | null;
  encoding: ListEncodingName | null;
  /** Rows left out at the last import, and the first of them (line and why) to look up in the file. */
  skipped: number;
  skippedLines: Array<{ line: number; reason: ListSkipReason }>;
  /** Why the file's latest version could not be read (the list before it is still used). */
  problem: Message | null;
}
