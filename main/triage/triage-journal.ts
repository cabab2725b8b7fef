/**
 * The desk's journal of triage actions not yet on the hub: each action is written (sealed, fsynced) before it is
 * sent, carries its id to the hub (which applies an id once), and is removed once the hub has it. A desk offline,
 * killed or restarted sends what is left when it can — and nothing twice.
 */
import path from 'node:path';
import { z } from 'zod';
import { auditActions } from '../hub/audit-chain';
import { createSealedJournal, type SealedJournal } from '../store/sealed-journal';
import { noteMaxChars } from '../hub/hub-schema';
import { filingPlaceSchema } from '../hub/hub-triage-read';

export const triageActionKinds = ['claim', 'release', 'takeOver', 'assign', 'handled', 'note', 'labels', 'audit', 'sent', 'replyLink', 'filed', 'unfiled'] as const;

export const triageActionSchema = z.object({
  version: z.literal(1),
  id: z.string().regex(/^[0-9a-f-]{36}$/),
  createdAt: z.number(),
  faxId: z.string().min(1).max(64),
  kind: z.enum(triageActionKinds),
  assignee: z.string().nullable().default(null),
  handled: z.boolean().default(false),
  text: z.string().max(noteMaxChars).default(''),
  labelIds: z.array(z.string().max(64)).max(50).default([]),
  /** For 'sent': by when a reply is expected (ms), or null. */
  replyDue: z.number().nullable().default(null),
  /** For 'replyLink': the sent fax a received one answers, or null to unlink it. */
  answers: z.string().max(64).nullable().default(null),
  /** For 'audit': what the person did with the fax (viewed, printed, saved, forwarded). */
  audit: z.enum(auditActions).nullable().default(null),
  /** For 'filed': how and where the fax was filed into the chart (the journal is sealed; the hub gets it sealed). */
  filing: z.object({ how: z.enum(['rule', 'person']), place: filingPlaceSchema }).nullable().default(null),
  /** Tries that found the hub unreachable; the next try waits longer with each. */
  attempts: z.number().int().min(0).default(0),
  nextTryAt: z.number().default(0),
  /**
   * Its place in the desk's queue, given when it is journaled: one after the last one queued (through restarts, by
   * the journal). Not the time: actions made in the same millisecond, or after the clock was set back, keep the order
   * they were made in. Actions journaled before it existed hold 0 and go first, oldest first.
   */
  order: z.number().int().min(0).default(0),
});

export type TriageAction = z.output<typeof triageActionSchema>;

/** The order the desk's actions go to the hub in: the order they were made in. */
export function queueOrder(a: TriageAction, b: TriageAction): number {
  return a.order - b.order || a.createdAt - b.createdAt || a.id.localeCompare(b.id);
}
export type NewTriageAction = Pick<TriageAction, 'faxId' | 'kind'> &
  Partial<Pick<TriageAction, 'assignee' | 'handled' | 'text' | 'labelIds' | 'audit' | 'replyDue' | 'answers' | 'filing'>> & {
    /** A fixed id, for an action that must reach the hub once however often it is asked for (moving local marks). */
    id?: string;
  };

export function createTriageJournal(dataDir: string, fileKey: Buffer): SealedJournal<TriageAction> {
  return createSealedJournal({ root: path.join(dataDir, 'hub-journal'), schema: triageActionSchema, fileKey, layout: { kind: 'file' } });
}
