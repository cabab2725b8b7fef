/**
 * The hot folders' journal: one sealed record per file taken, written before the file is touched and after every
 * step, so a restart knows where each file is and what is left to do — and never sends a file twice (the
 * submission carries the claim's id; see Outbox.byClaim).
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { readSealedJson, writeSealedJson } from '../../store/crypto/sealed-file';

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
  const root = path.join(dataDir, 'hotfolders');
  const file = (id: string) => path.join(root, `${id}.sealed`);
  return {
    async write(claim) {
      await fsp.mkdir(root, { recursive: true, mode: 0o700 });
      await writeSealedJson(file(claim.id), fileKey, claim);
    },
    async remove(id) {
      await fsp.rm(file(id), { force: true });
    },
    async readAll() {
      const names = await fsp.readdir(root).catch(() => [] as string[]);
      const claims: Claim[] = [];
      for (const name of names.filter((entry) => entry.endsWith('.sealed'))) {
        const parsed = claimSchema.safeParse(await readSealedJson(path.join(root, name), fileKey).catch(() => null));
        if (parsed.success) claims.push(parsed.data);
      }
      return claims.sort((a, b) => a.createdAt - b.createdAt);
    },
  };
}
