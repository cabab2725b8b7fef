/**
 * JSON from the Fax Service, read without losing digits. `JSON.parse` turns every number into a double, so an
 * integer above 2^53 (a 64-bit id) is silently rounded. Here each integer the double cannot hold keeps its source
 * text (`ExactInteger`); readers that expect an id take the digits, readers that expect a count refuse it.
 * The reviver's source text is in Node ≥ 21 and Electron ≥ 29; without it such an integer becomes
 * `UnreadableInteger`, which no reader accepts — refused, never rounded.
 */

/** An integer the service sent with more digits than a double holds exactly. */
export class ExactInteger {
  constructor(readonly digits: string) {}
}

/** A too-large integer whose digits this JavaScript engine could not give (never read as a number). */
export class UnreadableInteger {
  constructor(readonly approximately: number) {}
}

interface ReviverContext {
  source?: string;
}

const integerLiteral = /^-?(0|[1-9][0-9]*)$/;

function revive(_key: string, value: unknown, context?: ReviverContext): unknown {
  if (typeof value !== 'number' || Number.isSafeInteger(value)) return value;
  const source = context?.source;
  if (source === undefined) return Number.isInteger(value) ? new UnreadableInteger(value) : value;
  return integerLiteral.test(source) ? new ExactInteger(source) : value;
}

export function parseExactJson(text: string): unknown {
  return JSON.parse(text, revive);
}

/** Whether this engine gives the reviver the source text (the app needs it for 64-bit ids). */
export function sourceTextAvailable(): boolean {
  const parsed = parseExactJson('{"id":9007199254740993}') as { id: unknown };
  return parsed.id instanceof ExactInteger && parsed.id.digits === '9007199254740993';
}
