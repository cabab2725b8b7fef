/**
 * The numbers one slip of the finger away from a number key: one digit changed, two adjacent digits swapped, one
 * digit missing or one extra. The misdirected-fax guard looks these up among the known numbers.
 */
const digits = '0123456789';

export function nearMisses(key: string): string[] {
  const typed = key.slice(1);
  const found = new Set<string>();
  const add = (candidate: string): void => {
    if (candidate !== typed && candidate.length >= 8 && candidate.length <= 15 && candidate[0] !== '0') found.add(`+${candidate}`);
  };
  for (let index = 0; index < typed.length; index += 1) {
    const before = typed.slice(0, index);
    const after = typed.slice(index + 1);
    for (const digit of digits) add(before + digit + after); // one digit typed wrong
    add(before + after); // one digit typed twice or extra
    if (index + 1 < typed.length) add(before + typed.charAt(index + 1) + typed.charAt(index) + typed.slice(index + 2)); // two digits swapped
  }
  for (let index = 0; index <= typed.length; index += 1) {
    for (const digit of digits) add(typed.slice(0, index) + digit + typed.slice(index)); // one digit left out
  }
  return [...found];
}
