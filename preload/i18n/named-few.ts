/**
 * A list named in a message by its first few items and counted after ("FX-1, FX-2, FX-3 and 2 more"): the names
 * joined, and how many more there are, for a message's `{more, plural, …}`.
 */
export function namedFew(items: readonly string[], named: number): { names: string; more: number } {
  return { names: items.slice(0, named).join(', '), more: Math.max(0, items.length - named) };
}
