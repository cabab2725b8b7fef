/**
 * Recipient failure reasons in plain words. The spec names busy line, no answer and not a fax machine but not
 * the format of the value, so common spellings are recognised; anything else is shown verbatim by the UI.
 */
const reasons: ReadonlyArray<[RegExp, string]> = [
  [/busy/i, 'The line was busy. Try again in a few minutes.'],
  [/no[\s_-]*answer|not[\s_-]*answered|timeout|ring[\s_-]*no/i, 'Nobody answered the call. Check the number, or try again later.'],
  [/not[\s_-]*a[\s_-]*fax|no[\s_-]*fax[\s_-]*tone|voice|human/i, 'The number answered, but not as a fax machine (a phone or voicemail picked up). Check the number.'],
  [/invalid[\s_-]*number|unallocated|does not exist/i, 'The number does not exist. Check it.'],
];

export function describeRecipientError(error: string | null): string | null {
  if (error === null || error.trim() === '') return null;
  for (const [pattern, reason] of reasons) if (pattern.test(error)) return reason;
  return null;
}
