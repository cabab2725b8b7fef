/**
 * The office's own model of what its faxes are: a naive Bayes classifier over the words of faxes a person gave a
 * kind on this desk (each word once per fax, words with digits left out: ids and dates say nothing of a kind). It is
 * small, trained in milliseconds from the examples kept in the encrypted cache, and its answers are suggestions
 * only: a person confirms them.
 */

import type { KindExample } from '../store/cache/intake-repository';

export type { KindExample };

export interface KindGuess {
  kind: string;
  /** The model's probability of the kind, 0–100. */
  confidence: number;
}

export interface KindModel {
  /** The best kind for these words, or null when the model knows fewer than two kinds. */
  guess(words: readonly string[]): KindGuess | null;
  /** How many examples it learned from. */
  examples: number;
}

/** The words a model looks at: folded, letters only, three or more of them. */
export function modelWords(folded: readonly string[]): string[] {
  return [...new Set(folded.filter((word) => word.length >= 3 && /^\p{L}+$/u.test(word)))];
}

export function trainKindModel(examples: readonly KindExample[]): KindModel {
  const byKind = new Map<string, { faxes: number; counts: Map<string, number> }>();
  const vocabulary = new Set<string>();
  for (const example of examples) {
    const entry = byKind.get(example.kind) ?? { faxes: 0, counts: new Map<string, number>() };
    entry.faxes += 1;
    for (const word of new Set(example.words)) {
      entry.counts.set(word, (entry.counts.get(word) ?? 0) + 1);
      vocabulary.add(word);
    }
    byKind.set(example.kind, entry);
  }
  return {
    examples: examples.length,
    guess(words) {
      if (byKind.size < 2) return null;
      const present = new Set(words.filter((word) => vocabulary.has(word)));
      if (present.size === 0) return null;
      // Bernoulli naive Bayes: each known word present or absent, with add-one smoothing.
      const scores: Array<{ kind: string; score: number }> = [];
      for (const [kind, entry] of byKind) {
        let score = Math.log(entry.faxes / examples.length);
        for (const word of vocabulary) {
          const p = ((entry.counts.get(word) ?? 0) + 1) / (entry.faxes + 2);
          score += Math.log(present.has(word) ? p : 1 - p);
        }
        scores.push({ kind, score });
      }
      const top = Math.max(...scores.map((entry) => entry.score));
      const weights = scores.map((entry) => ({ kind: entry.kind, weight: Math.exp(entry.score - top) }));
      const sum = weights.reduce((total, entry) => total + entry.weight, 0);
      const winner = weights.reduce((a, b) => (b.weight > a.weight ? b : a));
      return { kind: winner.kind, confidence: Math.round((winner.weight / sum) * 100) };
    },
  };
}
