/**
 * Given names that stand for one another on faxes: a nickname and its full name ("Bill" for William), spellings of
 * one name ("Jon", "Katharine"), and the forms across the languages of the office's patients ("Hans" for Johannes).
 * Each group is a set of folded names; two names are equivalent when one group holds both. A name may belong to
 * several groups ("Alex": Alexander and Alexandra), which is why the test is "some group holds both", never "the
 * same group id".
 */

const groups: readonly string[] = [
  'william bill billy will willy liam wilhelm willi',
  'robert bob bobby rob robbie bert',
  'richard rick ricky dick rich richie',
  'james jim jimmy jamie',
  'john jack johnny jon jonathan johann johannes hans jan juan',
  'joseph joe joey jose pepe josef sepp',
  'thomas tom tommy',
  'charles charlie chuck carl karl',
  'edward ed eddie ted ned',
  'anthony tony antonio anton',
  'christopher chris kit',
  'christina christine chris tina kristina',
  'daniel dan danny',
  'david dave davey',
  'matthew matt mathew matthias',
  'michael mike mikey mick michel miguel',
  'nicholas nick nicky nicolas nikolaus klaus',
  'samuel sam sammy',
  'benjamin ben benny',
  'alexander alex alec sasha alejandro',
  'alexandra alex sandra sasha alejandra',
  'andrew andy drew andreas andres',
  'stephen steven steve stefan esteban',
  'gregory greg',
  'timothy tim timmy',
  'kenneth ken kenny',
  'ronald ron ronnie',
  'donald don donnie',
  'lawrence larry laurence',
  'jeffrey jeff geoffrey',
  'patrick pat paddy',
  'patricia pat patty trish tricia',
  'elizabeth liz lizzie beth betty eliza elisabeth lisa elsa isabel',
  'margaret maggie meg peggy margarete grete margarita',
  'katherine kate katie kathy cathy catherine katharine kathryn katharina kathi',
  'jennifer jen jenny',
  'susan sue susie suzanne',
  'deborah deb debbie debra',
  'rebecca becky',
  'victoria vicky tori',
  'abigail abby',
  'jessica jess jessie',
  'barbara barb babs',
  'dorothy dot dottie',
  'frances fran frannie francesca',
  'francis frank frankie francisco paco pancho franz',
  'henry hank harry heinrich enrique',
  'harold harry hal',
  'albert al bert',
  'alfred al alf fred',
  'frederick fred freddie friedrich fritz federico',
  'eugene gene',
  'raymond ray ramon',
  'theodore ted teddy theo',
  'walter walt',
  'guadalupe lupe',
  'maria mary marie mia',
  'anna ann anne annie hanna hannah',
  'helen helena ellen elena',
  'joanna joan joanne johanna',
  'josephine jo josie',
  'teresa theresa terry tess',
  'zachary zach zack',
  'nathaniel nate nathan',
  'jacob jake',
  'joshua josh',
  'ignacio nacho',
  'manuel manny',
  'eduardo lalo',
  'roberto beto',
  'alberto beto',
  'jesus chuy',
  'dolores lola',
  'consuelo chelo',
  'mehmet memo',
];

const byName = new Map<string, number[]>();
groups.forEach((group, index) => {
  for (const name of group.split(' ')) byName.set(name, [...(byName.get(name) ?? []), index]);
});

/** Whether two folded given names are a nickname and its name, or two forms of one name. */
export function sameGivenName(a: string, b: string): boolean {
  if (a === b) return true;
  const first = byName.get(a);
  const second = byName.get(b);
  if (!first || !second) return false;
  return first.some((group) => second.includes(group));
}

/** Every name `name` may stand for (itself included): how candidates are looked up by a nickname read. */
export function givenNameForms(name: string): string[] {
  const found = new Set([name]);
  for (const group of byName.get(name) ?? []) for (const other of groups[group]?.split(' ') ?? []) found.add(other);
  return [...found];
}
