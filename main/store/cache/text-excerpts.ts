/**
 * A list row shows a text hit on one line, cut off at its end: a short page's excerpt is the whole page, and the
 * match near its end was never seen ("Page 1: Befund für Müller, Jür…" for a search of the insurance number). The
 * excerpt is made to start a couple of words before its first marked word instead.
 */
export function startNearHit(excerpt: string, mark: string, wordsBefore = 2): string {
  const at = excerpt.indexOf(mark);
  if (at < 0) return excerpt;
  const head = excerpt.slice(0, at);
  const starts = [...head.matchAll(/\S+/g)].map((match) => match.index);
  // A chunk touching the mark ("(" of "(555") is part of the marked word, not a word before it.
  const whole = /\S$/.test(head) ? starts.length - 1 : starts.length;
  if (whole <= wordsBefore) return excerpt;
  const cut = starts[whole - wordsBefore] ?? at;
  return `…${excerpt.slice(cut)}`;
}
