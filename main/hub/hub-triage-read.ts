/**
 * The office's shared triage of faxes as the hub holds it, read in one query: claims, assignees, handled marks,
 * labels (sealed), notes counted, who sent a fax, replies linked by hand, and filings into the chart (where, sealed).
 * What does not open with this desk's key reads as nothing, never as another fax's.
 */
import type { ClientBase } from 'pg';
import { z } from 'zod';
import { open, seal, type OfficeKeys } from './office-key';

export interface ClaimState {
  by: string;
  since: number;
}

export type ClaimResult = { won: true; since: number } | { won: false; by: string; since: number };

/** Where a fax was filed, as the filing desk tells the others (sealed on the hub). */
export const filingPlaceSchema = z
  .object({
    target: z.enum(['fhir', 'mllp', 'folder']),
    patientId: z.string().max(200),
    patientName: z.string().max(300),
    // A coding since this round; a desk of an earlier one tells the display words alone.
    documentType: z.union([z.string().max(200), z.object({ system: z.string().max(200), code: z.string().max(100), display: z.string().max(200) }).strict()]).nullable(),
  })
  .strict();
export type FilingPlace = z.infer<typeof filingPlaceSchema>;

export interface HubFiling {
  by: string;
  how: 'rule' | 'person';
  at: number;
  withdrawn: boolean;
  /** Null: it does not open with this desk's office key. */
  place: FilingPlace | null;
}

export interface FaxTriage {
  faxId: string;
  claim: ClaimState | null;
  assignee: string | null;
  handled: { by: string; at: number } | null;
  labelIds: string[];
  notes: number;
  /** For a sent fax: who sent it, when, and by when a reply is expected. */
  sent: { by: string; at: number; replyDue: number | null } | null;
  /** For a received fax: the sent fax it answers, set by hand (null: unlinked by hand); absent when never set. */
  replyLink: { answers: string | null } | null;
  /** For a received fax: its filing into the chart by a desk of the office (null: never filed). */
  filing: HubFiling | null;
}

export const sealedLabels = (key: OfficeKeys, faxId: string, labelIds: string[]): Buffer => seal(key, 'labels', faxId, JSON.stringify([...new Set(labelIds)].sort()));

export function openLabels(key: OfficeKeys, faxId: string, sealed: Buffer | null): string[] {
  if (sealed === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(open(key, 'labels', faxId, sealed));
  } catch {
    // Altered or moved from another fax on the hub: no labels rather than someone else's.
    return [];
  }
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
}

export const sealedFilingPlace = (key: OfficeKeys, faxId: string, place: FilingPlace): Buffer => seal(key, 'filing', faxId, JSON.stringify(filingPlaceSchema.parse(place)));

function openFilingPlace(key: OfficeKeys, faxId: string, sealed: Buffer): FilingPlace | null {
  try {
    const parsed = filingPlaceSchema.safeParse(JSON.parse(open(key, 'filing', faxId, sealed)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

interface TriageRow {
  fax_id: string;
  claimed_by: string | null;
  claimed_at: Date | null;
  assignee: string | null;
  handled_by: string | null;
  handled_at: Date | null;
  labels_sealed: Buffer | null;
  notes: string;
  sent_by: string | null;
  sent_at: Date | null;
  reply_due_at: Date | null;
  linked: boolean;
  answers: string | null;
  filed_by: string | null;
  how: 'rule' | 'person' | null;
  filed_at: Date | null;
  withdrawn_at: Date | null;
  where_sealed: Buffer | null;
}

/** The triage of these faxes (all the hub knows when no ids are given). */
export async function readTriage(client: ClientBase, key: OfficeKeys, faxIds: readonly string[] | undefined): Promise<Map<string, FaxTriage>> {
  const filter = faxIds === undefined ? '' : 'WHERE ids.fax_id = ANY($1)';
  const rows = await client.query<TriageRow>(
    `SELECT ids.fax_id, c.claimed_by, c.claimed_at, t.assignee, t.handled_by, t.handled_at, t.labels_sealed,
            (SELECT count(*) FROM fax_hub.notes n WHERE n.fax_id = ids.fax_id) AS notes,
            s.sent_by, s.sent_at, s.reply_due_at, r.fax_id IS NOT NULL AS linked, r.answers,
            f.filed_by, f.how, f.filed_at, f.withdrawn_at, f.where_sealed
       FROM (SELECT fax_id FROM fax_hub.claims UNION SELECT fax_id FROM fax_hub.triage UNION SELECT fax_id FROM fax_hub.notes
             UNION SELECT fax_id FROM fax_hub.sent UNION SELECT fax_id FROM fax_hub.reply_links UNION SELECT fax_id FROM fax_hub.filings) ids
       LEFT JOIN fax_hub.claims c ON c.fax_id = ids.fax_id
       LEFT JOIN fax_hub.triage t ON t.fax_id = ids.fax_id
       LEFT JOIN fax_hub.sent s ON s.fax_id = ids.fax_id
       LEFT JOIN fax_hub.reply_links r ON r.fax_id = ids.fax_id
       LEFT JOIN fax_hub.filings f ON f.fax_id = ids.fax_id
       ${filter}`,
    faxIds === undefined ? [] : [faxIds],
  );
  const found = new Map<string, FaxTriage>();
  for (const row of rows.rows) {
    found.set(row.fax_id, {
      faxId: row.fax_id,
      claim: row.claimed_by !== null && row.claimed_at !== null ? { by: row.claimed_by, since: row.claimed_at.getTime() } : null,
      assignee: row.assignee,
      handled: row.handled_by !== null && row.handled_at !== null ? { by: row.handled_by, at: row.handled_at.getTime() } : null,
      labelIds: openLabels(key, row.fax_id, row.labels_sealed),
      notes: Number(row.notes),
      sent: row.sent_by !== null && row.sent_at !== null ? { by: row.sent_by, at: row.sent_at.getTime(), replyDue: row.reply_due_at?.getTime() ?? null } : null,
      replyLink: row.linked ? { answers: row.answers } : null,
      filing:
        row.filed_by !== null && row.how !== null && row.filed_at !== null && row.where_sealed !== null
          ? { by: row.filed_by, how: row.how, at: row.filed_at.getTime(), withdrawn: row.withdrawn_at !== null, place: openFilingPlace(key, row.fax_id, row.where_sealed) }
          : null,
    });
  }
  return found;
}
