/**
 * A list row shows a text hit on one line, cut off at its end: a short page's excerpt is the whole page, and the
 * match near its end was never seen ("Page 1: Befund für Müller, Jür…" for a search of the insurance number). The
 * excerpt is made to start just before its first marked word instead: at most `words` words before it, together no
 * longer than `chars` characters (a row at 1024 px shows about thirty).
 */
export function startNearHit(excerpt: string, mark: string, limits: { words: number; chars: number } = { words: 2, chars: 8 }): string {
  const at = excerpt.indexOf(mark);
  if (at < 0) return excerpt;
  const head = excerpt.slice(0, at);
  const starts = [...head.matchAll(/\S+/g)].map((match) => match.index);
  // A chunk touching the mark ("(" of "(555") is part of the marked word, not a word before it.
  const whole = /\S$/.test(head) ? starts.length - 1 : starts.length;
  let kept = 0;
  while (kept < Math.min(limits.words, whole) && at - (starts[whole - kept - 1] ?? 0) <= limits.chars) kept += 1;
  if (kept === whole) return excerpt;
  return `…${excerpt.slice(starts[whole - kept] ?? at)}`;
}
