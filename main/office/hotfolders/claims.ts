/**
 * The hot folders' journal: one sealed record per file taken, written before the file is touched and after every
 * step, so a restart knows where each file is and what is left to do — and never sends a file twice (the
 * submission carries the claim's id; see Outbox.byClaim).
 */
import path from 'node:path';
import { z } from 'zod';
import { createSealedJournal } from '../../store/sealed-journal';

export const claimSchema = z.object({
  version: z.literal(1),
  id: z.string().regex(/^[a-f0-9-]{36}$/),
  folderId: z.string(),
  /** The hot folder's resolved path when the file was taken (the setting may change meanwhile). */
  folder: z.string(),
  /** The file's name in the hot folder, and its name in "Sending" while it is being faxed. */
  name: z.string(),
  sendingName: z.string(),
  /** Which file it is: a file renamed keeps these; a new file of the same name does not. */
  identity: z.object({ dev: z.number(), ino: z.number(), size: z.number(), mtimeMs: z.number() }),
  mode: z.enum(['send', 'review']),
  recipients: z.array(z.object({ number: z.string(), name: z.string().optional() })),
  subject: z.string(),
  coverId: z.string(),
  step: z.enum(['claimed', 'submitted', 'finishing']),
  submissionId: z.string().nullable(),
  /** Where the file goes once its fate is known, under which name, and why (a failure's reason). */
  outcome: z.object({ to: z.enum(['Sent', 'Failed', 'Opened']), name: z.string(), reason: z.string().nullable() }).nullable(),
  createdAt: z.number(),
});

export type Claim = z.output<typeof claimSchema>;

export interface ClaimJournal {
  write(claim: Claim): Promise<void>;
  remove(id: string): Promise<void>;
  /** Every unfinished claim; a record that cannot be read is kept on disk for inspection and skipped. */
  readAll(): Promise<Claim[]>;
}

export function createClaimJournal(dataDir: string, fileKey: Buffer): ClaimJournal {
  return createSealedJournal({ root: path.join(dataDir, 'hotfolders'), schema: claimSchema, fileKey, layout: { kind: 'file' } });
}
