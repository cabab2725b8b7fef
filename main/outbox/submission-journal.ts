/**
 * The outbox journal: one folder per submission holding its record and its own encrypted copies of the files.
 * The record is written (encrypted, fsynced, atomically renamed) before the first request and after every
 * change of state, so a crash at any moment leaves either the previous or the next state — never a torn one.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { createSealedJournal } from '../store/sealed-journal';
import { storedFaxIdSchema } from '../../preload/fax-id';
import { storedMessageSchema } from '../i18n/stored-message';

export const submissionStates = ['scheduled', 'pending', 'uploading', 'waiting', 'accepted', 'failed', 'held'] as const;

export const submissionRecordSchema = z.object({
  version: z.literal(1),
  id: z.string(),
  idempotencyKey: z.string(),
  keyGeneration: z.number().int(),
  createdAt: z.number(),
  scheduledAt: z.number().nullable(),
  origin: z.enum(['compose', 'resend', 'forward', 'hotfolder', 'fax_back']),
  // Written as numbers before fax ids were kept exactly; as digits since.
  relatedFaxId: storedFaxIdSchema.nullable(),
  recipients: z.array(z.object({ number: z.string(), name: z.string().optional() })),
  subject: z.string(),
  notes: z.string(),
  coverId: z.string(),
  files: z.array(z.object({ name: z.string(), kind: z.enum(['pdf', 'docx', 'jpg', 'png', 'tiff']), size: z.number(), pages: z.number() })),
  pages: z.number(),
  state: z.enum(submissionStates),
  holdReason: z.enum(['quota', 'key', 'connection', 'certificate']).nullable(),
  attempts: z.number().int(),
  firstAttemptAt: z.number().nullable(),
  lastAttemptAt: z.number().nullable(),
  nextAttemptAt: z.number().nullable(),
  faxId: storedFaxIdSchema.nullable(),
  reference: z.string().nullable(),
  acceptedAt: z.number().nullable(),
  /** Why the last attempt failed: `text` is the message by id (worded when shown), `message` its English words (records before ids had only these). */
  error: z.object({ kind: z.string(), message: z.string(), text: storedMessageSchema.optional(), requestId: z.string().optional(), code: z.string().optional() }).nullable(),
  /** The compose draft this submission was made from: that draft is spent the moment this record exists. */
  draftId: z.string().nullable().default(null),
  /** An attempt went out and no readable answer came back: the fax may exist on the service. */
  outcomeUnknown: z.boolean().default(false),
  /** The request id of the reply that accepted the fax (the transmission report quotes it). */
  acceptedRequestId: z.string().nullable().default(null),
  /** A reply is expected within this many days of acceptance ("Awaiting reply", then "Overdue"). */
  replyWithinDays: z.number().int().nullable().default(null),
  /** The hot-folder claim this submission was made for: a claim makes at most one submission. */
  claimId: z.string().nullable().default(null),
});

export type SubmissionRecord = z.output<typeof submissionRecordSchema>;

export interface SubmissionJournal {
  folder(id: string): string;
  filePath(id: string, index: number): string;
  /** Writes the record (encrypted, fsynced, atomically renamed). */
  write(record: SubmissionRecord): Promise<void>;
  /** Every journaled submission. Folders without a record (a crash before journaling) are removed. */
  readAll(): Promise<SubmissionRecord[]>;
  removeFiles(id: string): Promise<void>;
  remove(id: string): Promise<void>;
}

export function createSubmissionJournal(dataDir: string, fileKey: Buffer): SubmissionJournal {
  const records = createSealedJournal({ root: path.join(dataDir, 'outbox'), schema: submissionRecordSchema, fileKey, layout: { kind: 'folder', recordName: 'submission.sealed' } });
  return {
    folder: records.folder,
    filePath: (id: string, index: number) => path.join(records.folder(id), `file-${index}.sealed`),
    write: records.write,
    readAll: records.readAll,
    remove: records.remove,
    async removeFiles(id: string): Promise<void> {
      const names = await fsp.readdir(records.folder(id)).catch(() => [] as string[]);
      for (const name of names) if (name.startsWith('file-')) await fsp.rm(path.join(records.folder(id), name), { force: true });
    },
  };
}
