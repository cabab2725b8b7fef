/**
 * Digits and the letters and marks a recognizer reads for them on fax pages (and the other way round): "S55-7227"
 * for "555-7227", "Member 10" for "Member ID". One table for both directions: numbers read again
 * (`second-reading.ts`) and labels read with a digit for a letter (`intake-fields.ts`).
 */
const lookalikes: Readonly<Record<string, string>> = { '0': 'OoQD', '1': 'Il|!', '2': 'Z', '5': 'SsŞş$', '8': 'B' };

const digitOf = new Map<string, string>(Object.entries(lookalikes).flatMap(([digit, letters]) => Array.from(letters, (letter) => [letter, digit] as const)));

/** The digit a character stands for in a number: itself, the digit a look-alike letter stands for, or none. */
export function digitFor(character: string): string | null {
  return /\d/.test(character) ? character : (digitOf.get(character) ?? null);
}

/** Whether `read` is the letter `meant` read as a digit that looks like it (case aside: "1" for "i" or "l"). */
export function digitForLetter(read: string, meant: string): boolean {
  return Array.from(lookalikes[read] ?? '').some((letter) => letter.toLowerCase() === meant.toLowerCase());
}
