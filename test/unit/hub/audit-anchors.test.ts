/**
 * The heads a desk keeps against an administrator who owns the audit table: random trails, then one random
 * rewrite of the kind an owner can make unseen by the chain check alone (cut the newest entries, delete one and
 * renumber and re-hash the rest, change one and re-hash the rest), or a harmless change (entries added, entries
 * this desk never saw cut). Every rewrite of something the desk saw is found; nothing harmless is.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advanceHeads, checkAgainstHeads, type ChainHead, type KeptHead } from '../../../main/hub/audit-anchors';
import { checkChains, entryHash, genesisHash, type AuditEntry } from '../../../main/hub/audit-chain';

function chain(deskId: string, actions: readonly string[], startAt = 0): AuditEntry[] {
  const entries: AuditEntry[] = [];
  let prevHash = genesisHash;
  actions.forEach((action, index) => {
    const entry = { deskId, seq: index + 1, actor: `person_${deskId}`, action, faxId: '1', at: new Date(1_800_000_000_000 + startAt + index).toISOString(), detail: null, prevHash };
    const hash = entryHash(entry);
    entries.push({ ...entry, hash });
    prevHash = hash;
  });
  return entries;
}

/** A chain made to check again after it was changed: renumbered from 1 and every hash computed anew. */
function rehashed(entries: readonly AuditEntry[]): AuditEntry[] {
  let prevHash = genesisHash;
  return entries.map((entry, index) => {
    const next = { ...entry, seq: index + 1, prevHash };
    const hash = entryHash(next);
    prevHash = hash;
    return { ...next, hash };
  });
}

const headsOf = (entries: readonly AuditEntry[]): ChainHead[] => {
  const heads = new Map<string, ChainHead>();
  for (const entry of entries) if ((heads.get(entry.deskId)?.seq ?? 0) < entry.seq) heads.set(entry.deskId, { deskId: entry.deskId, seq: entry.seq, hash: entry.hash });
  return [...heads.values()];
};

/** What a desk reads from the hub: its heads, and its entries at the numbers the desk kept. */
function look(kept: readonly KeptHead[], trail: readonly AuditEntry[], now: number): ReturnType<typeof advanceHeads> {
  const seen = trail.filter((entry) => kept.some((head) => head.deskId === entry.deskId && head.seq === entry.seq));
  return advanceHeads(kept, seen, headsOf(trail), now);
}

const actions = fc.array(fc.constantFrom('viewed', 'claimed', 'handled', 'noted'), { minLength: 1, maxLength: 12 });

describe('kept chain heads', () => {
  it('find every rewrite an owner can make of what the desk saw, and nothing in a harmless change', () => {
    fc.assert(
      fc.property(
        fc.array(actions, { minLength: 1, maxLength: 4 }),
        fc.constantFrom('cut', 'delete', 'change', 'append', 'cutUnseen', 'none'),
        fc.nat(),
        (chains, rewrite, pick) => {
          const desks = chains.map((acts, index) => chain(`desk${index}`, acts, index * 1000));
          const trail = desks.flat();
          const first = look([], trail, 1);
          expect(first.findings).toEqual([]);
          const kept = first.kept;
          expect(kept).toHaveLength(desks.length);

          const target = desks[pick % desks.length] as AuditEntry[];
          const at = pick % target.length;
          let changed: AuditEntry[];
          if (rewrite === 'cut') changed = target.slice(0, at);
          else if (rewrite === 'delete') changed = rehashed(target.filter((_, index) => index !== at));
          else if (rewrite === 'change') changed = rehashed(target.map((entry, index) => (index === at ? { ...entry, action: 'viewed' === entry.action ? 'handled' : 'viewed' } : entry)));
          else if (rewrite === 'append' || rewrite === 'cutUnseen') changed = chain(target[0]?.deskId ?? '', [...target.map((entry) => entry.action), 'printed', 'saved'], desks.indexOf(target) * 1000);
          else changed = target;
          if (rewrite === 'cutUnseen') changed = changed.slice(0, target.length + 1);
          const after = [...desks.filter((one) => one !== target).flat(), ...changed];

          // The chain check alone passes every one of these: that is why the desk keeps heads.
          expect(checkChains(after)).toEqual([]);
          const second = look(kept, after, 2);
          const harmful = rewrite === 'cut' || rewrite === 'delete' || rewrite === 'change';
          expect(second.findings.length > 0).toBe(harmful);
          expect(checkAgainstHeads(kept, after).length > 0).toBe(harmful);
          if (harmful) {
            expect(second.findings.every((finding) => finding.deskId === target[0]?.deskId)).toBe(true);
            // The evidence stays: the flagged chain's head is not moved on to the rewritten one.
            expect(second.kept.find((head) => head.deskId === target[0]?.deskId)).toEqual(kept.find((head) => head.deskId === target[0]?.deskId));
            // Looking again still finds it.
            expect(look(second.kept, after, 3).findings).toEqual(second.findings);
          } else {
            expect(second.kept.find((head) => head.deskId === target[0]?.deskId)?.seq).toBe(changed.length);
          }
        },
      ),
      { numRuns: 400, seed: 38_003 },
    );
  });

  it('a desk that kept nothing finds nothing and keeps every chain\'s head; the list is bounded', () => {
    const trail = Array.from({ length: 2_100 }, (_, index) => chain(`d${index}`, ['viewed'])).flat();
    const looked = look([], trail, 5);
    expect(looked.findings).toEqual([]);
    expect(looked.kept.length).toBe(2_000);
  });
});
