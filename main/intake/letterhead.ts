/**
 * Who sent a fax is not what it is: a radiology practice's bill is no imaging report, a pharmacy's plain letter no
 * refill request. Before the kind is worked out, the sender's name is taken out of every line (the names the desk
 * knows it by), and a letterhead — a line near the top that names a practice, clinic or lab and no document — is
 * left out whole. What stays is what the document says it is: its title and its body.
 */
import { organisationWords } from './intake-fields';
import { fold, type PageLine } from './page-lines';
import { nearWord } from './near-words';

/** Words that name a document, not an organisation: a line near the top with one of them is a title. */
const documentWords = new Set([
  'report', 'results', 'result', 'request', 'requested', 'referral', 'authorization', 'statement', 'notice', 'summary', 'card', 'refill',
  'renewal', 'explanation', 'determination', 'approval', 'approved', 'denial', 'denied', 'invoice', 'bill', 'records', 'cover', 'prescription',
  'bericht', 'befund', 'laborbefund', 'arztbrief', 'anforderung', 'uberweisung', 'bescheid', 'antrag', 'rezept', 'rechnung', 'mahnung', 'deckblatt',
]);

/** A letterhead stands in the top part of the first lines of a page. */
const letterheadBottom = 0.3;

function senderRuns(knownNames: readonly string[]): string[][] {
  return knownNames
    .map((name) => fold(name).split(/\s+/).map((word) => fold(word)).filter((word) => word !== ''))
    .filter((words) => words.length > 0)
    .sort((a, b) => b.length - a.length);
}

/** The line without the runs of words that spell a known sender's name. */
function withoutRuns(line: PageLine, runs: readonly string[][]): PageLine {
  const kept: PageLine['words'] = [];
  let index = 0;
  while (index < line.words.length) {
    const run = runs.find((words) => words.every((word, offset) => nearWord(line.words[index + offset]?.folded ?? '', word)));
    if (run) {
      index += run.length;
      continue;
    }
    const word = line.words[index];
    if (word) kept.push(word);
    index += 1;
  }
  if (kept.length === line.words.length) return line;
  return { ...line, words: kept, folded: kept.map((word) => word.folded).filter((text) => text !== '').join(' ') };
}

function isLetterhead(line: PageLine): boolean {
  if (line.middle > letterheadBottom) return false;
  return line.words.some((word) => organisationWords.has(word.folded)) && !line.words.some((word) => documentWords.has(word.folded));
}

/** The page's lines as the kind is read from them: no sender's name, no letterhead. */
export function documentLines(lines: readonly PageLine[], knownNames: readonly string[]): PageLine[] {
  const runs = senderRuns(knownNames);
  return lines.filter((line) => !isLetterhead(line)).map((line) => withoutRuns(line, runs)).filter((line) => line.words.length > 0);
}
