/**
 * Each desk's audit entries form a hash chain: an entry's hash covers the one before it, so an entry edited in the
 * database, or one taken out of the middle, shows when the chain is checked (a gap in the numbers, or a hash that
 * no longer follows). Pure, so the check runs on an export as well as on the hub.
 */
import crypto from 'node:crypto';

export const auditActions = [
  'viewed',
  'printed',
  'saved',
  'forwarded',
  'claimed',
  'released',
  'took_over',
  'assigned',
  'handled',
  'not_handled',
  'noted',
  'note_removed',
  'labelled',
  'sent',
  'reply_linked',
  'job_done',
  'person_added',
  'person_removed',
  'person_confirmed',
  'person_reset',
  'label_added',
  'label_renamed',
  'label_removed',
  'filed',
  'filed_by_rule',
  'filing_withdrawn',
  'office_created',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const genesisHash = '0'.repeat(64);

export interface AuditEntry {
  deskId: string;
  seq: number;
  actor: string;
  action: string;
  faxId: string | null;
  /** ISO 8601 with milliseconds, as hashed. */
  at: string;
  /** What changed, sealed with the office key (base64); null for an entry that says it all by its action. */
  detail: string | null;
  prevHash: string;
  hash: string;
}

export function entryHash(entry: Omit<AuditEntry, 'hash'>): string {
  const fields = [entry.prevHash, entry.deskId, String(entry.seq), entry.actor, entry.action, entry.faxId ?? '', entry.at];
  // An entry without a detail hashes as entries did before details existed, so older chains still check.
  if (entry.detail !== null) fields.push(entry.detail);
  return crypto.createHash('sha256').update(fields.join('\n'), 'utf8').digest('hex');
}

export interface ChainProblem {
  deskId: string;
  seq: number;
  problem: 'gap' | 'altered';
}

/** Checks every desk's chain; entries may come in any order. */
export function checkChains(entries: readonly AuditEntry[]): ChainProblem[] {
  const byDesk = new Map<string, AuditEntry[]>();
  for (const entry of entries) byDesk.set(entry.deskId, [...(byDesk.get(entry.deskId) ?? []), entry]);
  const problems: ChainProblem[] = [];
  for (const [deskId, chain] of byDesk) {
    chain.sort((a, b) => a.seq - b.seq);
    let previous = { seq: 0, hash: genesisHash };
    for (const entry of chain) {
      if (entry.seq !== previous.seq + 1) problems.push({ deskId, seq: entry.seq, problem: 'gap' });
      else if (entry.prevHash !== previous.hash || entryHash(entry) !== entry.hash) problems.push({ deskId, seq: entry.seq, problem: 'altered' });
      previous = { seq: entry.seq, hash: entry.hash };
    }
  }
  return problems;
}
