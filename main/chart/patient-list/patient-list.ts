/**
 * The office's patient list (source "list", issue 55): a practice-management export read with the columns a person
 * chose, kept in the encrypted cache, matched against in memory, and read again when the file changes (looked at
 * before a match, at most every half minute). A file that can no longer be read — gone, its columns renamed, broken —
 * leaves the list as it was, with the problem said in Settings. Rows are read and written a part at a time, so a list
 * of 100,000 never holds the desk up for long.
 */
import fs from 'node:fs/promises';
import { z } from 'zod';
import type { ListColumns, PatientListPreview, PatientListSettings, PatientListStatus } from '../../../preload/patient-list';
import { msg, type Message } from '../../../preload/i18n/translator';
import { AppError } from '../../errors';
import type { Logger } from '../../log/logger';
import type { Cache } from '../../store/cache/cache';
import { readStoredMessage, storeMessage } from '../../store/stored-message';
import { matchPatient, type MatchResult, type PatientIndex } from '../matching/match-patient';
import { patientIndexBuilder } from '../matching/memory-index';
import type { PatientRecord, ReadPatient } from '../matching/patient-record';
import { csvRows, decodeList, delimiterOf } from './csv-file';
import { guessColumns, guessDateOrder } from './list-columns';
import { columnsAt, rowReader } from './list-records';

/** Larger than any practice's export (100,000 patients are about 15 MB): a file this big is not a patient list. */
export const largestList = 200 * 1024 * 1024;
/** Rows read, written or indexed between two breaths of the event loop (each part well under 50 ms). */
const partSize = 1_000;
const lookAgainMs = 30_000;
const shownSkips = 20;
const metaKey = 'chart.patientList';

const metaSchema = z.object({
  path: z.string(),
  size: z.number(),
  mtimeMs: z.number(),
  importedAt: z.number(),
  encoding: z.enum(['utf-8', 'utf-16le', 'utf-16be', 'windows-1252']),
  skipped: z.number(),
  skippedLines: z.array(z.object({ line: z.number(), reason: z.enum(['no-number', 'same-number', 'no-name', 'no-birth-date', 'bad-birth-date', 'broken-row']) })),
  problem: z.string().nullable(),
});
type ListMeta = z.output<typeof metaSchema>;

const recordSchema = z.object({
  id: z.string(),
  family: z.string(),
  given: z.array(z.string()),
  formerFamilies: z.array(z.string()).optional(),
  birthDate: z.string().nullable(),
  mrn: z.string().nullable(),
  memberIds: z.array(z.string()).optional(),
});

export interface PatientListDeps {
  cache: Cache;
  settings: () => PatientListSettings;
  log: Logger;
  now?: () => number;
}

export interface PatientList {
  /** The file as it would be read: headers, first rows, the columns and date order guessed (or those set). */
  preview(path: string): Promise<PatientListPreview>;
  /** Reads the file with these settings into the list; the list before it stays if anything fails. */
  importList(settings: PatientListSettings): Promise<PatientListStatus>;
  status(): PatientListStatus;
  /** Matches a reading against the list (read again first when the file changed). */
  match(read: ReadPatient, thisYear: number): Promise<MatchResult>;
}

const breather = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

async function readListFile(path: string): Promise<{ text: string; encoding: ListMeta['encoding']; size: number; mtimeMs: number }> {
  let stat;
  try {
    stat = await fs.stat(path);
  } catch {
    throw new AppError('not_found', msg('patientList.fileNotFound'));
  }
  if (!stat.isFile()) throw new AppError('invalid_input', msg('patientList.notAFile'));
  if (stat.size > largestList) throw new AppError('invalid_input', msg('patientList.tooLarge', { megabytes: Math.round(largestList / 1024 / 1024) }));
  const bytes = await fs.readFile(path);
  const { text, encoding } = decodeList(bytes);
  return { text, encoding, size: stat.size, mtimeMs: stat.mtimeMs };
}

const required = (columns: ListColumns): Message | null => {
  if (columns.mrn === null) return msg('patientList.chooseTheNumberColumn');
  if (columns.family === null && columns.fullName === null) return msg('patientList.chooseTheNameColumn');
  if (columns.birthDate === null) return msg('patientList.chooseTheBirthDateColumn');
  return null;
};

export function createPatientList(deps: PatientListDeps): PatientList {
  const now = deps.now ?? Date.now;
  let index: PatientIndex | null = null;
  let building: Promise<PatientIndex> | null = null;
  let lookedAt = 0;
  let importing: Promise<unknown> = Promise.resolve();
  const meta = (): ListMeta | null => deps.cache.kv.get(metaKey, metaSchema);

  function status(): PatientListStatus {
    const kept = meta();
    return {
      path: kept?.path ?? null,
      patients: deps.cache.patientList.count(),
      importedAt: kept?.importedAt ?? null,
      encoding: kept?.encoding ?? null,
      skipped: kept?.skipped ?? 0,
      skippedLines: kept?.skippedLines ?? [],
      problem: kept?.problem ? readStoredMessage(kept.problem) : null,
    };
  }

  async function build(): Promise<PatientIndex> {
    const builder = patientIndexBuilder();
    let after = 0;
    for (;;) {
      const part = deps.cache.patientList.page(after, partSize);
      if (part.length === 0) return builder.index();
      for (const { record } of part) {
        const checked = recordSchema.safeParse(record);
        if (checked.success) builder.add(checked.data);
      }
      after = part.at(-1)?.row ?? after;
      await breather();
    }
  }

  async function importNow(settings: PatientListSettings): Promise<PatientListStatus> {
    if (settings.path === null) throw new AppError('invalid_input', msg('patientList.chooseAFile'));
    const missingColumn = required(settings.columns);
    if (missingColumn) throw new AppError('invalid_input', missingColumn);
    const file = await readListFile(settings.path);
    const rows = csvRows(file.text, delimiterOf(file.text));
    const header = rows.next();
    if (header.done === true) throw new AppError('invalid_input', msg('patientList.empty'));
    const at = columnsAt(header.value.fields, settings.columns);
    if ('missing' in at) throw new AppError('invalid_input', msg('patientList.columnsMissing', { columns: at.missing.join(', ') }));
    const read = rowReader(at, settings.dateOrder, new Date(now()).toISOString().slice(0, 10), header.value.fields.length);
    const skippedLines: ListMeta['skippedLines'] = [];
    let skipped = 0;
    const skip = (line: number, reason: ListMeta['skippedLines'][number]['reason']) => {
      skipped += 1;
      if (skippedLines.length < shownSkips) skippedLines.push({ line, reason });
    };
    // Read whole first: a number two rows share leaves both out, and only the whole file says which.
    const found: Array<{ line: number; record: PatientRecord }> = [];
    const lines = new Map<string, number>();
    const shared = new Set<string>();
    let counted = 0;
    for (const row of rows) {
      const record = read(row);
      if (typeof record === 'string') skip(row.line, record);
      else {
        if (lines.has(record.id)) shared.add(record.id);
        else lines.set(record.id, row.line);
        found.push({ line: row.line, record });
      }
      counted += 1;
      if (counted % partSize === 0) await breather();
    }
    const kept = found.filter(({ line, record }) => {
      if (!shared.has(record.id)) return true;
      skip(line, 'same-number');
      return false;
    });
    if (kept.length === 0) throw new AppError('invalid_input', msg('patientList.noPatients', { skipped }));
    const list = deps.cache.patientList;
    list.begin();
    try {
      for (let start = 0; start < kept.length; start += partSize) {
        list.add(kept.slice(start, start + partSize).map(({ record }) => record));
        await breather();
      }
      list.commit();
    } catch (error) {
      list.abandon();
      throw error;
    }
    skippedLines.sort((a, b) => a.line - b.line);
    deps.cache.kv.set(metaKey, { path: settings.path, size: file.size, mtimeMs: file.mtimeMs, importedAt: now(), encoding: file.encoding, skipped, skippedLines, problem: null } satisfies ListMeta);
    // The index is built for the next match now, in parts, rather than when a fax waits for it.
    index = null;
    building = build();
    building.catch(() => undefined);
    lookedAt = now();
    deps.log.info('chart.list_imported', { patients: kept.length, skipped, encoding: file.encoding });
    return status();
  }

  /** Reads the file again when it changed since the import; a problem is kept for Settings, the list stays. */
  async function lookAgain(): Promise<void> {
    const settings = deps.settings();
    const kept = meta();
    if (settings.path === null || kept === null || now() - lookedAt < lookAgainMs) return;
    lookedAt = now();
    let changed: boolean;
    try {
      const stat = await fs.stat(settings.path);
      changed = stat.size !== kept.size || stat.mtimeMs !== kept.mtimeMs || settings.path !== kept.path;
    } catch {
      deps.cache.kv.set(metaKey, { ...kept, problem: storeMessage(msg('patientList.fileNotFound')) });
      return;
    }
    if (!changed) return;
    try {
      await service.importList(settings);
    } catch (error) {
      const problem = error instanceof AppError ? error.text : msg('patientList.couldNotRead');
      deps.cache.kv.set(metaKey, { ...kept, problem: storeMessage(problem) });
      deps.log.warn('chart.list_reread_failed', { kind: error instanceof AppError ? error.kind : 'failure' });
    }
  }

  const service: PatientList = {
    async preview(path) {
      const file = await readListFile(path);
      const delimiter = delimiterOf(file.text);
      const rows = csvRows(file.text, delimiter);
      const header = rows.next();
      if (header.done === true) throw new AppError('invalid_input', msg('patientList.empty'));
      const headers = header.value.fields.map((field) => field.trim());
      const sample: string[][] = [];
      let count = 0;
      for (const row of rows) {
        if (sample.length < 5) sample.push(row.fields);
        count += 1;
        if (count % partSize === 0) await breather();
      }
      const set = deps.settings();
      // The same file's columns as a person set them, while its headers still have them; else a guess.
      const setBefore = set.path === path && !('missing' in columnsAt(headers, set.columns)) && required(set.columns) === null;
      const columns = setBefore ? set.columns : guessColumns(headers);
      const dateColumn = columns.birthDate === null ? -1 : headers.indexOf(columns.birthDate);
      const dateOrder = setBefore ? set.dateOrder : guessDateOrder(dateColumn < 0 ? [] : sample.map((row) => row[dateColumn] ?? ''));
      return { path, headers, sample, columns, dateOrder, encoding: file.encoding, delimiter: delimiter === '\t' ? 'tab' : delimiter, rows: count };
    },
    importList(settings) {
      // One import at a time: a second waits for the first, then reads the file as it is then.
      const next = importing.catch(() => undefined).then(() => importNow(settings));
      importing = next;
      return next;
    },
    status,
    async match(read, thisYear) {
      await lookAgain();
      if (deps.cache.patientList.count() === 0) throw new AppError('invalid_input', msg('chart.importThePatientList'));
      // An import that ends while an index is built starts another: only the latest list's index is used.
      while (index === null) {
        building ??= build();
        const built = building;
        const made = await built;
        if (building === built) index = made;
      }
      return matchPatient(read, index, thisYear);
    },
  };
  return service;
}
