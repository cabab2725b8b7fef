/** The compose draft, kept encrypted on disk so it survives errors, restarts and a rejected key. */
import path from 'node:path';
import fsp from 'node:fs/promises';
import { z } from 'zod';
import type { Draft } from '../../preload/models';
import { readSealedJson, writeSealedJson } from '../store/crypto/sealed-file';

const draftSchema = z.object({
  recipients: z.array(z.object({ number: z.string(), name: z.string().optional() })),
  subject: z.string(),
  notes: z.string(),
  coverId: z.string(),
  files: z.array(
    z.object({ id: z.string(), name: z.string(), kind: z.enum(['pdf', 'docx', 'jpg', 'png', 'tiff']), size: z.number(), pages: z.number(), pagesEstimated: z.boolean() }),
  ),
  scheduledAt: z.number().nullable().optional(),
  updatedAt: z.number(),
}) satisfies z.ZodType<Draft>;

export function createDrafts(dataDir: string, fileKey: Buffer) {
  const file = path.join(dataDir, 'draft.sealed');
  return {
    async get(): Promise<Draft | null> {
      try {
        return draftSchema.parse(await readSealedJson(file, fileKey));
      } catch {
        return null;
      }
    },
    async save(draft: Draft): Promise<void> {
      await writeSealedJson(file, fileKey, draftSchema.parse(draft));
    },
    async clear(): Promise<void> {
      await fsp.rm(file, { force: true });
    },
  };
}

export type Drafts = ReturnType<typeof createDrafts>;
