/**
 * The text lines a fax recognition model is trained on: what received faxes carry — sentences, labelled fields
 * (names, dates, ids, phone numbers), table rows, the sending machine's header line — drawn from a seeded generator.
 * Its own name lists and formats, kept apart from the benches' page generators (bench/lib): a model tuned to the
 * bench's names would measure nothing. The words come from the English and German dictionaries of the app's own
 * language packages.
 */

export type Random = () => number;

export function seeded(seed: number): Random {
  let state = (seed * 2_246_822_519) >>> 0 || 7;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

const pick = <T>(next: Random, items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
const digits = (next: Random, count: number): string => Array.from({ length: count }, () => String(Math.floor(next() * 10))).join('');
const letters = (next: Random, count: number): string => Array.from({ length: count }, () => String.fromCharCode(65 + Math.floor(next() * 26))).join('');

const given = ['Olivia', 'Ethan', 'Mei', 'Yusuf', 'Ingrid', 'Søren', 'Björn', 'Zeynep', 'Şebnem', 'Ömer', 'Gülşen', 'Iñaki', 'François', 'Renée', 'José', 'Ayşe', 'Kåre', 'Małgorzata', 'Dmitri', 'Aoife', 'Siobhán', 'Hằng', 'Rafael', 'Ángel', 'Élodie', 'Jürgen', 'Doğan', 'Çağla', 'Ilkay', 'Nils', 'Astrid', 'Hannah', 'Marcus', 'Deborah', 'Kwame', 'Ngozi', 'Ravi', 'Anjali', 'Tomás', 'Inès'];
const family = ['Öztürk', 'Yıldız', 'Şahin', 'Doğan', 'Kılıç', 'Aydın', 'Østergaard', 'Åberg', 'Jørgensen', 'García', 'Müller', 'Schröder', 'Fernández', 'Peña', 'Le Blanc', 'McAllister', "D'Angelo", 'van der Berg', 'Smith-Jones', 'Baptiste', 'Zimmermann', 'Ağaoğlu', 'Løvland', 'Brandão', 'Fitzgerald', 'Adeyemi', 'Patel', 'Nguyen', 'Moreau', 'Straße', 'Väisänen', 'Gonçalves', 'Hoffmann', 'Rasmussen', 'Castillo', 'Abernathy', 'Whitfield', 'Okonkwo', 'Lefèvre', 'Ibáñez'];
const labels = ['Patient', 'Patient Name', 'Name', 'Pt', 'Member', 'Subscriber', 'Insured', 'Re', 'RE', 'Patientin', 'Versicherte/r'];
const dateLabels = ['DOB', 'D.O.B.', 'Date of Birth', 'Birth Date', 'Geb.', 'geb. am', 'Geburtsdatum', 'Date', 'Date of Service', 'Collected', 'Reported', 'Datum'];
const idLabels = ['MRN', 'MR#', 'Chart #', 'Member ID', 'ID', 'Policy #', 'Group', 'Acct', 'Account No.', 'Claim #', 'Auth #', 'NPI', 'Versichertennr.', 'Rx #'];
const phoneLabels = ['Fax', 'Phone', 'Tel', 'Tel.', 'Fax back to', 'Return fax', 'Callback', 'Telefax', 'Ph'];
const analytes = ['Glucose', 'Sodium', 'Potassium', 'Chloride', 'BUN', 'Creatinine', 'HbA1c', 'WBC', 'RBC', 'Hemoglobin', 'Platelets', 'TSH', 'ALT', 'AST', 'LDL', 'HDL', 'Triglycerides', 'INR', 'eGFR', 'Calcium'];
const units = ['mg/dL', 'mmol/L', '%', 'K/uL', 'g/dL', 'U/L', 'mIU/L', 'mL/min', 'x10^3/uL', 'ng/mL'];

function name(next: Random): string {
  const first = pick(next, given);
  const last = pick(next, family);
  const style = next();
  if (style < 0.35) return `${last}, ${first}`;
  if (style < 0.5) return `${last.toUpperCase()}, ${first.toUpperCase()}`;
  if (style < 0.6) return `${first} ${letters(next, 1)}. ${last}`;
  return `${first} ${last}`;
}

function date(next: Random): string {
  const year = 1925 + Math.floor(next() * 102);
  const month = 1 + Math.floor(next() * 12);
  const day = 1 + Math.floor(next() * 28);
  const two = (value: number) => String(value).padStart(2, '0');
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const style = next();
  if (style < 0.4) return `${two(month)}/${two(day)}/${String(year)}`;
  if (style < 0.55) return `${two(day)}.${two(month)}.${String(year)}`;
  if (style < 0.7) return `${String(year)}-${two(month)}-${two(day)}`;
  if (style < 0.8) return `${String(month)}/${String(day)}/${String(year % 100).padStart(2, '0')}`;
  return `${months[month - 1] ?? 'Jan'} ${String(day)}, ${String(year)}`;
}

function identifier(next: Random): string {
  const style = next();
  if (style < 0.4) return digits(next, 5 + Math.floor(next() * 5));
  if (style < 0.7) return `${letters(next, 1 + Math.floor(next() * 3))}${digits(next, 6 + Math.floor(next() * 4))}`;
  if (style < 0.85) return `${digits(next, 3)}-${digits(next, 2)}-${digits(next, 4)}`;
  return `${letters(next, 3)}-${digits(next, 4)}-${letters(next, 2)}${digits(next, 2)}`;
}

function phone(next: Random): string {
  const style = next();
  if (style < 0.45) return `(${digits(next, 3)}) ${digits(next, 3)}-${digits(next, 4)}`;
  if (style < 0.65) return `${digits(next, 3)}-${digits(next, 3)}-${digits(next, 4)}`;
  if (style < 0.8) return `+1 ${digits(next, 3)} ${digits(next, 3)} ${digits(next, 4)}`;
  if (style < 0.9) return `+49 ${digits(next, 2 + Math.floor(next() * 2))} ${digits(next, 6 + Math.floor(next() * 3))}`;
  return `0${digits(next, 3)} / ${digits(next, 6)}`;
}

function sentence(next: Random, words: readonly string[], count: number): string {
  const chosen = Array.from({ length: count }, () => pick(next, words));
  const text = chosen.join(' ');
  const ending = next() < 0.6 ? pick(next, ['.', '.', ',', ':', ';', '?', '!']) : '';
  const style = next();
  if (style < 0.1) return text.toUpperCase() + ending;
  if (style < 0.6) return text.charAt(0).toUpperCase() + text.slice(1) + ending;
  return text + ending;
}

/** One line of fax text; `english` and `german` are dictionary words. */
export function trainingLine(next: Random, english: readonly string[], german: readonly string[]): string {
  const kind = next();
  if (kind < 0.3) return sentence(next, english, 3 + Math.floor(next() * 8));
  if (kind < 0.38) return sentence(next, german, 3 + Math.floor(next() * 6));
  if (kind < 0.5) return `${pick(next, labels)}: ${name(next)}${next() < 0.4 ? `  ${pick(next, dateLabels)}: ${date(next)}` : ''}`;
  if (kind < 0.6) return `${pick(next, dateLabels)}${next() < 0.8 ? ':' : ''} ${date(next)}${next() < 0.4 ? `  ${pick(next, idLabels)}: ${identifier(next)}` : ''}`;
  if (kind < 0.7) return `${pick(next, idLabels)}${next() < 0.8 ? ':' : ''} ${identifier(next)}${next() < 0.3 ? ` ${pick(next, english)}` : ''}`;
  if (kind < 0.78) return `${pick(next, phoneLabels)}: ${phone(next)}${next() < 0.3 ? `  ${pick(next, phoneLabels)}: ${phone(next)}` : ''}`;
  if (kind < 0.88) {
    const value = (next() * 300).toFixed(Math.floor(next() * 3));
    const low = (next() * 100).toFixed(1);
    return `${pick(next, analytes)}  ${value}  ${pick(next, units)}  ${low}-${(Number(low) + next() * 100).toFixed(1)}${next() < 0.3 ? '  H' : ''}`;
  }
  if (kind < 0.94) return `${date(next)} ${digits(next, 2)}:${digits(next, 2)}  FROM ${phone(next)}  P.${String(1 + Math.floor(next() * 3))}/${String(1 + Math.floor(next() * 9))}`;
  return `${name(next)}  ${date(next)}  ${identifier(next)}`;
}
