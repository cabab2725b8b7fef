/**
 * The compose draft, kept encrypted on disk so it survives errors, restarts and a rejected key. Each draft has an
 * id; once a submission was journaled from it (the outbox says so), the draft is spent: it is never shown again
 * and a late save of it is ignored — so a kill between journaling and clearing cannot bring a sent draft back.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import fsp from 'node:fs/promises';
import { z } from 'zod';
import type { Draft } from '../../preload/models';
import { readSealedJson, writeSealedJson } from '../store/crypto/sealed-file';

const draftSchema = z.object({
  // Drafts written before ids existed get one when read.
  id: z.string().min(1).default(() => crypto.randomUUID()),
  recipients: z.array(z.object({ number: z.string(), name: z.string().optional() })),
  subject: z.string(),
  notes: z.string(),
  coverId: z.string(),
  files: z.array(
    z.object({ id: z.string(), name: z.string(), kind: z.enum(['pdf', 'docx', 'jpg', 'png', 'tiff']), size: z.number(), pages: z.number(), pagesEstimated: z.boolean() }),
  ),
  scheduledAt: z.number().nullable().optional(),
  confirmedWarnings: z.array(z.string()).optional(),
  replyWithinDays: z.number().nullable().optional(),
  updatedAt: z.number(),
}) satisfies z.ZodType<Draft>;

export interface Drafts {
  /** The draft, unless it was spent by a submission (then it is removed). */
  get(): Promise<Draft | null>;
  /** Saves the draft; a spent draft is not saved again. */
  save(draft: Draft): Promise<void>;
  /** Removes the draft with this id (another, newer draft is kept). */
  clear(draftId?: string): Promise<void>;
}

export function createDrafts(dataDir: string, fileKey: Buffer, isSpent: (draftId: string) => boolean): Drafts {
  const file = path.join(dataDir, 'draft.sealed');

  async function stored(): Promise<Draft | null> {
    try {
      return draftSchema.parse(await readSealedJson(file, fileKey));
    } catch {
      return null;
    }
  }

  return {
    async get() {
      const draft = await stored();
      if (draft && isSpent(draft.id)) {
        await fsp.rm(file, { force: true });
        return null;
      }
      return draft;
    },
    async save(draft) {
      const parsed = draftSchema.parse(draft);
      if (isSpent(parsed.id)) return;
      await writeSealedJson(file, fileKey, parsed);
    },
    async clear(draftId) {
      if (draftId !== undefined && (await stored())?.id !== draftId) return;
      await fsp.rm(file, { force: true });
    },
  };
}
