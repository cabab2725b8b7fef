/**
 * The fax ids the sandbox shows. By default the row id itself; with `idBase` (e.g. 2^53, or a snowflake-like
 * 1.8 × 10^18) every id is the row id above that base — an integer a double cannot hold, written into the JSON as
 * its exact digits (JSON.rawJSON), as real services with 64-bit ids do. With the base 2^53 the first faxes are
 * 9007199254740993, …994, …995: the first and the second round to one double.
 */

interface RawJsonApi {
  rawJSON(text: string): unknown;
}
const rawJson = (text: string): unknown => (JSON as unknown as RawJsonApi).rawJSON(text);

export interface PublicIds {
  /** The id as it goes into a JSON reply (a number, or exact digits). */
  json(rowId: number): unknown;
  /** The id as text (URLs, control replies with big ids). */
  text(rowId: number): string;
  /** The row behind an id from a URL; null when it is not one of ours. */
  rowOf(text: string): number | null;
}

export function createPublicIds(idBase: bigint = 0n): PublicIds {
  const big = idBase > 0n;
  return {
    json: (rowId) => (big ? rawJson((idBase + BigInt(rowId)).toString()) : rowId),
    text: (rowId) => (idBase + BigInt(rowId)).toString(),
    rowOf(text) {
      if (!/^[1-9]\d{0,39}$/.test(text)) return null;
      const row = BigInt(text) - idBase;
      return row >= 1n && row <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(row) : null;
    },
  };
}

/** JSON.parse that keeps integers a double cannot hold as their digits (a stored reply replayed as it was sent). */
export function parseKeepingDigits(text: string): unknown {
  return JSON.parse(text, ((_key: string, value: unknown, context?: { source?: string }) =>
    typeof value === 'number' && !Number.isSafeInteger(value) && context?.source !== undefined && /^-?\d+$/.test(context.source) ? rawJson(context.source) : value) as (key: string, value: unknown) => unknown);
}
