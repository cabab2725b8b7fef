/**
 * The compose draft, kept encrypted on disk so it survives errors, restarts and a rejected key — and the drafts
 * set aside (a new fax started while one was in progress, a held fax taken back to edit): kept until the user
 * opens or discards them, never dropped to make room.
 *
 * Each draft has an id; once a submission was journaled from it (the outbox says so), the draft is spent: it is
 * never shown again and a late save of it is ignored — so a kill between journaling and clearing cannot bring a
 * sent draft back. Moving a draft between the current slot and the ones set aside writes the new place first and
 * removes the old one after, so a kill in between leaves it in both: read back, the current slot wins.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import fsp from 'node:fs/promises';
import { z } from 'zod';
import type { Draft } from '../../preload/models';
import { readSealedJson, writeSealedJson } from '../store/crypto/sealed-file';
import { AppError } from '../errors';
import { msg } from '../../preload/i18n/translator';

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
  /** The drafts set aside, most recently changed first (spent ones are removed). */
  listAside(): Promise<Draft[]>;
  /** Sets the current draft aside (it stays until opened or discarded); nothing happens when there is none. */
  setAside(): Promise<void>;
  /** Makes a draft set aside the current one; the current one, if it has anything in it, is set aside instead. */
  resume(draftId: string): Promise<Draft>;
  /** Removes a draft set aside, for good (the window asked the user first). */
  discard(draftId: string): Promise<void>;
  /** Makes this draft the current one; the current one, if it has anything in it, is set aside first. */
  replace(draft: Draft): Promise<void>;
  /** The staged files of every draft, current and set aside: they are kept while a draft uses them. */
  fileIdsInUse(): Promise<Set<string>>;
}

/** Whether a draft holds anything the user would miss. */
export function hasContent(draft: Draft): boolean {
  return draft.recipients.length > 0 || draft.files.length > 0 || draft.subject.trim() !== '' || draft.notes.trim() !== '' || draft.coverId.trim() !== '';
}

const safeId = (id: string): boolean => /^[A-Za-z0-9_-]{1,100}$/.test(id);

/** `checkpoint` marks each step of a move between the current slot and the ones set aside (the SIGKILL tests). */
export function createDrafts(dataDir: string, fileKey: Buffer, isSpent: (draftId: string) => boolean, checkpoint: (name: string) => void = () => undefined): Drafts {
  const file = path.join(dataDir, 'draft.sealed');
  const asideDir = path.join(dataDir, 'drafts-aside');
  const asideFile = (id: string) => {
    if (!safeId(id)) throw new AppError('invalid_input', msg('drafts.notFound'));
    return path.join(asideDir, `${id}.sealed`);
  };

  async function read(target: string): Promise<Draft | null> {
    try {
      return draftSchema.parse(await readSealedJson(target, fileKey));
    } catch {
      return null;
    }
  }

  async function current(): Promise<Draft | null> {
    const draft = await read(file);
    if (draft && isSpent(draft.id)) {
      await fsp.rm(file, { force: true });
      return null;
    }
    return draft;
  }

  async function putAside(draft: Draft): Promise<void> {
    await fsp.mkdir(asideDir, { recursive: true, mode: 0o700 });
    await writeSealedJson(asideFile(draft.id), fileKey, draft);
  }

  async function listAside(): Promise<Draft[]> {
    const names = await fsp.readdir(asideDir).catch(() => [] as string[]);
    const currentId = (await read(file))?.id ?? null;
    const drafts: Draft[] = [];
    for (const name of names) {
      if (!name.endsWith('.sealed')) continue;
      const draft = await read(path.join(asideDir, name));
      // Spent, unreadable, or the current draft already (a move interrupted before the old copy went).
      if (!draft || isSpent(draft.id) || draft.id === currentId || `${draft.id}.sealed` !== name) {
        await fsp.rm(path.join(asideDir, name), { force: true });
        continue;
      }
      drafts.push(draft);
    }
    return drafts.sort((a, b) => b.updatedAt - a.updatedAt);
  }

  return {
    get: current,
    async save(draft) {
      const parsed = draftSchema.parse(draft);
      if (isSpent(parsed.id)) return;
      await writeSealedJson(file, fileKey, parsed);
    },
    async clear(draftId) {
      if (draftId !== undefined && (await read(file))?.id !== draftId) return;
      await fsp.rm(file, { force: true });
    },
    listAside,
    async setAside() {
      const draft = await current();
      if (!draft) return;
      if (hasContent(draft)) await putAside(draft);
      checkpoint('drafts.set_aside_written');
      await fsp.rm(file, { force: true });
      checkpoint('drafts.current_removed');
    },
    async resume(draftId) {
      const wanted = await read(asideFile(draftId));
      if (!wanted || isSpent(wanted.id)) throw new AppError('not_found', msg('drafts.notFound'));
      const now = await current();
      if (now && now.id !== wanted.id && hasContent(now)) await putAside(now);
      checkpoint('drafts.resume_current_set_aside');
      await writeSealedJson(file, fileKey, wanted);
      checkpoint('drafts.resume_written');
      await fsp.rm(asideFile(draftId), { force: true });
      checkpoint('drafts.resume_aside_removed');
      return wanted;
    },
    async discard(draftId) {
      await fsp.rm(asideFile(draftId), { force: true });
    },
    async replace(draft) {
      const parsed = draftSchema.parse(draft);
      const now = await current();
      if (now && now.id !== parsed.id && hasContent(now)) await putAside(now);
      checkpoint('drafts.replace_current_set_aside');
      await writeSealedJson(file, fileKey, parsed);
      checkpoint('drafts.replace_written');
    },
    async fileIdsInUse() {
      const drafts = [await current(), ...(await listAside())];
      return new Set(drafts.flatMap((draft) => draft?.files.map((staged) => staged.id) ?? []));
    },
  };
}
