/**
 * The newest audit entries this desk has seen, one per desk chain, kept on this desk: the hub's administrator owns
 * the audit table and could delete entries, re-hash a chain so that it checks again, or cut off its newest
 * entries — none of which the chain alone shows. An entry this desk once saw that is gone, or no longer has the
 * hash it had, is reported by this desk's check and by its export. Pure, so it is tested without a hub.
 */

export interface ChainHead {
  deskId: string;
  seq: number;
  hash: string;
}

export interface KeptHead extends ChainHead {
  /** When this desk saw it. */
  seenAt: number;
}

export interface AnchorFinding {
  deskId: string;
  seq: number;
  /** missing: the entry is gone (deleted, or the chain cut off before it); rewritten: it has another hash now. */
  problem: 'missing' | 'rewritten';
}

/** The most heads kept (one per desk chain; an office has far fewer desks). */
export const keptHeadsMax = 2_000;

/**
 * Checks the hub against the heads this desk kept and moves them forward. `seen` holds, for each kept head, the
 * hub's entry at that number (absent when the hub has none); `heads` the hub's newest entry of every chain. A chain
 * with a finding keeps its old head — the evidence — until this desk is told otherwise by a person.
 */
export function advanceHeads(kept: readonly KeptHead[], seen: readonly ChainHead[], heads: readonly ChainHead[], now: number): { kept: KeptHead[]; findings: AnchorFinding[] } {
  const atKept = new Map(seen.map((entry) => [`${entry.deskId}/${entry.seq}`, entry.hash]));
  const findings: AnchorFinding[] = [];
  const next = new Map<string, KeptHead>();
  for (const head of kept) {
    const hash = atKept.get(`${head.deskId}/${head.seq}`);
    if (hash === undefined) findings.push({ deskId: head.deskId, seq: head.seq, problem: 'missing' });
    else if (hash !== head.hash) findings.push({ deskId: head.deskId, seq: head.seq, problem: 'rewritten' });
    next.set(head.deskId, head);
  }
  const flagged = new Set(findings.map((finding) => finding.deskId));
  for (const head of heads) {
    if (flagged.has(head.deskId)) continue;
    const had = next.get(head.deskId);
    if (had === undefined || head.seq > had.seq) next.set(head.deskId, { ...head, seenAt: now });
  }
  const all = [...next.values()].sort((a, b) => b.seenAt - a.seenAt).slice(0, keptHeadsMax);
  return { kept: all, findings };
}

/** The findings for a trail the caller holds whole (an export): kept heads against its entries. */
export function checkAgainstHeads(kept: readonly KeptHead[], entries: readonly ChainHead[]): AnchorFinding[] {
  return advanceHeads(kept, entries, [], 0).findings;
}
