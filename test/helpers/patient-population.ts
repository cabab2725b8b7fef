/**
 * Patients and faxes about them, made from a seed, for attacking the matcher (tests) and measuring it (the bench,
 * on other seeds): a population with the cases that misfile in real offices — twins, a parent and a child of one
 * name, the same name with another birth date, married names — and readings of a patient as senders write and
 * recognition reads them: "LAST, First" or a form's surname first, a title, a nickname, accents dropped, "ue" for
 * "ü", an earlier surname, day and month the other way round, two-digit years, a letter or digit taken for one that
 * looks like it — sometimes read wrong and still reported as sure, as recognition does.
 */
import type { PatientRecord, ReadPatient } from '../../main/chart/matching/patient-record';

export type Random = () => number;

/** A small, fast, seeded generator (mulberry32): the same seed gives the same population. */
export function seeded(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const chance = (random: Random, p: number): boolean => random() < p;

const commonFamilies = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Nguyen', 'Kim', 'Patel', 'Chen', 'Wang'];
const rareFamilies = ['Okonkwo', 'Lindqvist', 'Abernathy', 'Castellanos', 'Fitzgerald', 'Yilmaz', 'Çelik', 'Øvergaard', 'Håkansson', 'Kowalczyk', 'Nakamura', 'Oyelaran', 'Dubois', 'Lefèvre', 'Núñez', 'Ibáñez', 'Weiß', 'Groß', 'Schäfer', 'Köhler', "O'Brien", 'MacDonald', 'Van der Berg', 'De la Cruz', 'Papadopoulos', 'Szabó', 'Novák', 'Horvath', 'Ferreira', 'Gonçalves', 'Şahin', 'Doğan', 'Kılıç', 'Abramowitz', 'Bergström', 'Eriksen', 'Mwangi', 'Adeyemi', 'Takahashi', 'Ishikawa', 'Rahman', 'Chowdhury', 'Haddad', 'Khoury', 'Petrov', 'Ivanova', 'Sokolov', 'Quintero', 'Villanueva', 'Zamora'];
const givenNames = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'William', 'Elizabeth', 'David', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Daniel', 'Nancy', 'Matthew', 'Margaret', 'Anthony', 'Katherine', 'Jörg', 'Jürgen', 'Søren', 'Chloé', 'José', 'María', 'Ayşe', 'Emma', 'Ella', 'Olivia', 'Noah', 'Liam', 'Mia', 'Lena', 'Hannah', 'Lukas', 'Felix', 'Aisha', 'Wei', 'Priya', 'Ana', 'Lucía', 'Mateo', 'Sofía', 'Benjamin', 'Alexander', 'Rebecca', 'Deborah', 'Nicholas', 'Stephen', 'Timothy', 'Gregory', 'Victoria', 'Samuel'];
const nicknames: Record<string, string[]> = {
  James: ['Jim', 'Jimmy'], Robert: ['Bob', 'Rob'], Patricia: ['Pat', 'Trish'], John: ['Jack', 'Johnny'], Jennifer: ['Jen', 'Jenny'], Michael: ['Mike'], William: ['Bill', 'Will'],
  Elizabeth: ['Liz', 'Beth'], Richard: ['Rick', 'Dick'], Susan: ['Sue'], Joseph: ['Joe'], Thomas: ['Tom'], Charles: ['Charlie', 'Chuck'], Daniel: ['Dan', 'Danny'], Matthew: ['Matt'],
  Margaret: ['Maggie', 'Peggy'], Anthony: ['Tony'], Katherine: ['Kate', 'Kathy'], Benjamin: ['Ben'], Alexander: ['Alex'], Rebecca: ['Becky'], Deborah: ['Debbie'], Nicholas: ['Nick'],
  Stephen: ['Steve'], Timothy: ['Tim'], Gregory: ['Greg'], Victoria: ['Vicky'], Samuel: ['Sam'],
};

const lookAlike: Record<string, string[]> = { o: ['0'], '0': ['o', '8'], l: ['1', 'i'], i: ['l', '1'], '1': ['l', '7'], s: ['5'], '5': ['s', '6'], b: ['8', 'h'], '8': ['3', '6', '0'], '3': ['8'], '6': ['8', '5'], e: ['c'], c: ['e'], n: ['h'], h: ['n', 'b'], a: ['o'], g: ['9'], '9': ['g', '4'], '4': ['9'], m: ['rn'], u: ['v'], '2': ['7'], '7': ['1', '2'] };

/** One character taken for one that looks like it (or, for digits and letters without such a twin, another). */
export function misread(random: Random, text: string): string {
  const positions = Array.from(text, (char, index) => ({ char, index })).filter(({ char }) => /[\p{L}\p{N}]/u.test(char));
  if (positions.length === 0) return text;
  const { char, index } = pick(random, positions);
  const lower = char.toLowerCase();
  const options = lookAlike[lower] ?? (/\d/.test(char) ? ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'].filter((digit) => digit !== char) : ['e', 'a', 'o']);
  const replacement = pick(random, options);
  return `${text.slice(0, index)}${char === lower ? replacement : replacement.toUpperCase()}${text.slice(index + 1)}`;
}

const pad = (value: number): string => String(value).padStart(2, '0');
function randomDate(random: Random, fromYear: number, toYear: number): string {
  const year = fromYear + Math.floor(random() * (toYear - fromYear + 1));
  const month = 1 + Math.floor(random() * 12);
  const day = 1 + Math.floor(random() * new Date(Date.UTC(year, month, 0)).getUTCDate());
  return `${String(year)}-${pad(month)}-${pad(day)}`;
}

export interface Population {
  patients: PatientRecord[];
  /** Ids of patients with a look-alike on the list (twin, same name), whom no fax may file to on its own. */
  hard: Set<string>;
  /** People who are not on the list (new referrals), some with a name or a birth date like a listed patient's. */
  strangers: PatientRecord[];
}

/** Syllables of made-up names: an office's long tail of surnames and given names that no list above holds. */
const syllables = ['ka', 'lo', 'mi', 'ren', 'sta', 'vor', 'bel', 'dun', 'tre', 'ga', 'hol', 'ny', 'qui', 'sel', 'mar', 'tov', 'ek', 'ri', 'zan', 'po', 'lind', 'ber', 'ash', 'cor', 'fen', 'wyn', 'ul', 'bra', 'dos', 'iv', 'ko', 'len', 'mo', 'nar', 'ost', 'pel', 'ros', 'sko', 'tam', 'vel'];
const madeName = (random: Random, parts: number): string => {
  const word = Array.from({ length: parts }, () => pick(random, syllables)).join('');
  return `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
};

/**
 * `crowded` (the tests' default) draws every name from short lists: one person in two shares a name with another,
 * the matcher's worst day. `office` draws them as an office's list is: a few common names, a long tail of others
 * (about one surname in eight from the common list, as the most common 45 surnames are in the US), and the
 * look-alikes placed as above — the bench's list, where how often a fax files on its own means something.
 */
export function population(seed: number, size: number, names: 'crowded' | 'office' = 'crowded'): Population {
  const random = seeded(seed);
  const patients: PatientRecord[] = [];
  const hard = new Set<string>();
  let serial = 0;
  const mrn = (): string => String(100_000 + Math.floor(random() * 8_900_000));
  const memberId = (): string => `${pick(random, ['XJ', 'W', 'ZQA', 'M'])}${String(Math.floor(random() * 1e9)).padStart(9, '0')}`;
  const person = (family: string, given: string[], birthDate: string, formers?: string[]): PatientRecord => {
    serial += 1;
    return { id: `p${String(serial)}`, family, given, formerFamilies: formers, birthDate, mrn: mrn(), memberIds: chance(random, 0.8) ? [memberId()] : [] };
  };
  const crowdedFamily = (): string => (chance(random, 0.55) ? pick(random, commonFamilies) : chance(random, 0.85) ? pick(random, rareFamilies) : `${pick(random, rareFamilies)}-${pick(random, commonFamilies)}`);
  const officeFamily = (): string => {
    const roll = random();
    if (roll < 0.12) return pick(random, commonFamilies);
    if (roll < 0.24) return pick(random, rareFamilies);
    if (roll < 0.27) return `${madeName(random, 2)}-${pick(random, commonFamilies)}`;
    return madeName(random, chance(random, 0.5) ? 2 : 3);
  };
  const family = names === 'crowded' ? crowdedFamily : officeFamily;
  const givenName = (): string => (names === 'crowded' || chance(random, 0.6) ? pick(random, givenNames) : `${madeName(random, 2)}${pick(random, ['a', 'o', 'e', 'in', 'el', ''])}`);
  while (patients.length < size) {
    const roll = random();
    const given = [givenName(), ...(chance(random, 0.3) ? [givenName()] : [])];
    if (roll < 0.02) {
      // Twins: one surname and birth date, two given names.
      const surname = family();
      const born = randomDate(random, 1950, 2022);
      const other = pick(random, givenNames.filter((name) => name !== given[0]));
      const pair = [person(surname, given, born), person(surname, [other], born)];
      for (const twin of pair) hard.add(twin.id);
      patients.push(...pair);
    } else if (roll < 0.04) {
      // A parent and a child of one name.
      const surname = family();
      const parentBorn = randomDate(random, 1940, 1975);
      const pair = [person(surname, given, parentBorn), person(surname, given, randomDate(random, Number(parentBorn.slice(0, 4)) + 20, Number(parentBorn.slice(0, 4)) + 40))];
      for (const one of pair) hard.add(one.id);
      patients.push(...pair);
    } else if (roll < 0.05) {
      // Two unrelated people of the same name.
      const surname = names === 'crowded' ? pick(random, commonFamilies) : family();
      const pair = [person(surname, given, randomDate(random, 1935, 2020)), person(surname, given, randomDate(random, 1935, 2020))];
      for (const one of pair) hard.add(one.id);
      patients.push(...pair);
    } else if (roll < 0.1) {
      // Married: a new surname, the earlier one kept as former.
      patients.push(person(family(), given, randomDate(random, 1940, 2004), [family()]));
    } else {
      patients.push(person(family(), given, randomDate(random, 1930, 2025)));
    }
  }
  // Some look-alike twins made by chance (common names) are hard too.
  const byName = new Map<string, PatientRecord[]>();
  for (const patient of patients) {
    const key = `${patient.family}|${patient.given[0] ?? ''}`;
    byName.set(key, [...(byName.get(key) ?? []), patient]);
    const twinKey = `${patient.family}|${patient.birthDate ?? ''}`;
    byName.set(twinKey, [...(byName.get(twinKey) ?? []), patient]);
  }
  for (const group of byName.values()) if (group.length > 1) for (const patient of group) hard.add(patient.id);
  const strangers: PatientRecord[] = [];
  for (let index = 0; index < Math.max(10, Math.round(size / 20)); index += 1) {
    const like = pick(random, patients);
    // A new referral: another person, some with a listed patient's name or birth date.
    const kind = random();
    serial += 1;
    strangers.push({
      id: `s${String(serial)}`,
      family: kind < 0.3 ? like.family : family(),
      given: kind < 0.3 ? [pick(random, givenNames.filter((name) => name !== like.given[0]))] : [pick(random, givenNames)],
      birthDate: kind >= 0.3 && kind < 0.5 ? like.birthDate : randomDate(random, 1930, 2025),
      mrn: null,
    });
  }
  return { patients, hard, strangers };
}

export interface ReadingOptions {
  /** Chance that one value is misread (and for each further value). */
  misreadRate: number;
  /** Chance that a misread value is still reported as sure. */
  confidentlyWrong: number;
  thisYear: number;
}

const dropAccents = (text: string): string => text.normalize('NFKD').replace(/\p{M}/gu, '');
const germanSpelling = (text: string): string => text.replace(/ü/g, 'ue').replace(/ö/g, 'oe').replace(/ä/g, 'ae').replace(/Ü/g, 'Ue').replace(/Ö/g, 'Oe').replace(/Ä/g, 'Ae').replace(/ß/g, 'ss');

/** How a sender writes the patient, and how recognition reads it. */
export function reading(random: Random, patient: PatientRecord, options: ReadingOptions): ReadPatient {
  const wrong = (value: string): { text: string; sure: boolean } => {
    if (!chance(random, options.misreadRate)) return { text: value, sure: chance(random, 0.9) };
    return { text: misread(random, value), sure: chance(random, options.confidentlyWrong) };
  };
  let given = patient.given[0] ?? '';
  const nick = nicknames[given];
  if (nick && chance(random, 0.15)) given = pick(random, nick);
  let family = patient.formerFamilies?.[0] !== undefined && chance(random, 0.3) ? patient.formerFamilies[0] : patient.family;
  // A two-part surname written in part.
  if (family.includes('-') && chance(random, 0.3)) family = family.split('-')[0] ?? family;
  if (chance(random, 0.3)) family = dropAccents(family);
  if (chance(random, 0.15)) family = germanSpelling(family);
  if (chance(random, 0.2)) given = dropAccents(given);
  const title = chance(random, 0.1) ? `${pick(random, ['Mr.', 'Mrs.', 'Ms.', 'Dr.'])} ` : '';
  const style = random();
  const nameText = style < 0.4 ? `${title}${given} ${family}` : style < 0.8 ? `${family.toUpperCase()}, ${given}` : `${family} ${given}`;
  const readDate = (): string | null => {
    if (patient.birthDate === null) return null;
    const [year = '', month = '', day = ''] = patient.birthDate.split('-');
    const form = random();
    if (form < 0.5) return `${month}/${day}/${year}`;
    if (form < 0.7) return `${day}.${month}.${year}`;
    if (form < 0.8) return `${month}/${day}/${year.slice(2)}`;
    if (form < 0.9) return patient.birthDate;
    // A European sender's slashes: day first.
    return `${day}/${month}/${year}`;
  };
  const date = chance(random, 0.92) ? readDate() : null;
  // The office's own MRN on some faxes (its lab orders); the sender's own number on others.
  const mrnText = chance(random, 0.35) ? patient.mrn : chance(random, 0.3) ? String(100_000 + Math.floor(random() * 8_900_000)) : null;
  const member = patient.memberIds?.[0] !== undefined && chance(random, 0.3) ? patient.memberIds[0] : null;
  return {
    name: chance(random, 0.97) ? wrong(nameText) : null,
    birthDate: date === null ? null : wrong(date),
    mrn: mrnText === null ? null : wrong(mrnText),
    memberId: member === null ? null : wrong(member),
  };
}
