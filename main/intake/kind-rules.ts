/**
 * What a page is, by rules: each kind has phrases (English and German, folded) that say it. A phrase in the top
 * third of a page (where a title stands) counts more; a kind's score is the sum of its distinct phrases found. The
 * fax's kind is the best-scoring kind over its pages (a cover sheet counts only when nothing else is there), and the
 * confidence is how far it is ahead of the next.
 */
import type { BuiltInKind } from '../../preload/intake';
import type { PageLine } from './page-lines';
import { findNear } from './near-words';

interface Phrase {
  text: string;
  weight: number;
}

const phrase = (weight: number, ...texts: string[]): Phrase[] => texts.map((text) => ({ text, weight }));

/** Phrases as `fold` leaves them: lower case, no accents, ß as ss. */
const phrases: Record<Exclude<BuiltInKind, 'other'>, Phrase[]> = {
  referral: [
    ...phrase(3, 'referral', 'referred', 'refer to', 'request for consultation', 'consultation request', 'consult request', 'uberweisung', 'uberweisungsschein', 'zur mitbehandlung', 'konsiliarauftrag'),
    ...phrase(1.5, 'referring', 'consultation', 'specialist', 'please schedule', 'to schedule', 'reason for referral', 'zur abklarung', 'arztbrief', 'facharzt', 'evaluate and treat'),
  ],
  lab_results: [
    ...phrase(3, 'laboratory report', 'lab report', 'lab results', 'laboratory results', 'test results', 'laborbefund', 'laborwerte', 'laborbericht', 'pathology report'),
    ...phrase(1.5, 'laboratory', 'reference range', 'reference', 'specimen', 'collected', 'mmol/l', 'mg/dl', 'g/dl', 'referenzbereich', 'blutbild', 'normwert', 'result', 'flag', 'abnormal'),
  ],
  imaging_report: [
    ...phrase(3, 'radiology report', 'imaging report', 'radiology', 'diagnostic imaging', 'roentgen', 'rontgen', 'radiologie', 'mrt', 'sonographie', 'ultrasound report'),
    ...phrase(1.5, 'impression', 'findings', 'technique', 'mri', 'x-ray', 'xray', 'ultrasound', 'ct scan', 'contrast', 'befund', 'beurteilung', 'mammogram', 'views'),
  ],
  prior_auth: [
    ...phrase(3, 'prior authorization', 'prior auth', 'preauthorization', 'pre-authorization', 'precertification', 'pre-certification', 'coverage determination request', 'authorization request', 'kostenubernahme', 'genehmigungsantrag', 'kostenzusage'),
    ...phrase(1.5, 'medication requested', 'medication', 'prescriber', 'diagnosis code', 'step therapy', 'formulary', 'antrag', 'medical necessity'),
  ],
  prior_auth_answer: [
    ...phrase(3, 'approved', 'denied', 'determination', 'approval notice', 'denial notice', 'authorization approved', 'authorization denied', 'genehmigt', 'abgelehnt', 'bewilligt', 'bescheid'),
    ...phrase(1.5, 'authorization number', 'auth number', 'valid through', 'valid from', 'appeal', 'approval', 'denial', 'widerspruch', 'gultig bis'),
  ],
  records_request: [
    ...phrase(3, 'release of information', 'records request', 'request for records', 'release medical records', 'release of medical records', 'authorization to release', 'medical records request', 'befundanforderung', 'anforderung von unterlagen', 'schweigepflichtentbindung', 'akteneinsicht'),
    ...phrase(1.5, 'medical records', 'records from', 'copies of', 'hipaa', 'release to', 'disclose', 'unterlagen', 'kopien', 'befunde'),
  ],
  insurance_card: [
    ...phrase(3, 'insurance card', 'member card', 'id card', 'card front', 'card back', 'versichertenkarte', 'gesundheitskarte', 'krankenversichertenkarte'),
    ...phrase(1.5, 'rx bin', 'rxbin', 'pcn', 'rx grp', 'group', 'copay', 'subscriber', 'member', 'payer id', 'plan', 'kasse'),
  ],
  refill_request: [
    ...phrase(3, 'refill request', 'refill', 'renewal request', 'prescription renewal', 'rx renewal', 'refill authorization', 'folgerezept', 'wiederholungsrezept', 'rezeptanforderung'),
    ...phrase(1.5, 'pharmacy', 'refills', 'tablets', 'capsules', 'quantity', 'dispense', 'last filled', 'sig', 'rezept', 'apotheke', 'callback'),
  ],
  claim_eob: [
    ...phrase(3, 'explanation of benefits', 'this is not a bill', 'remittance advice', 'claim summary', 'leistungsabrechnung', 'erstattungsbescheid'),
    ...phrase(1.5, 'claim', 'amount billed', 'billed', 'allowed', 'you owe', 'patient responsibility', 'paid', 'deductible', 'coinsurance', 'service date', 'rechnung', 'erstattung'),
  ],
  // A bill or a patient statement: what a practice asks to be paid (a radiology practice's bill is no imaging report).
  bill: [
    ...phrase(3, 'patient statement', 'statement of account', 'balance due', 'amount due', 'please remit', 'remit payment', 'pay this amount', 'invoice', 'rechnung', 'zahlungserinnerung', 'mahnung', 'rechnungsbetrag', 'zahlbar bis'),
    ...phrase(1.5, 'balance', 'payment', 'due date', 'statement date', 'account number', 'pay online', 'betrag', 'zahlung', 'fallig', 'fallig am'),
  ],
  cover_sheet: [
    ...phrase(3, 'fax cover', 'cover sheet', 'facsimile', 'deckblatt', 'telefax'),
    ...phrase(1.5, '^fax', '^pages', '^to', '^re', '^from', '^attn', 'confidential', 'confidentiality', 'intended recipient', '^seiten', '^an', '^von', '^betreff'),
  ],
};

export type RuleKind = Exclude<BuiltInKind, 'other'>;
export const ruleKinds = Object.keys(phrases) as RuleKind[];

/** A phrase as words; "^" at its start: only where a line starts. */
interface Needle {
  words: string[];
  lineStart: boolean;
}

const needles = new Map<string, Needle>();
function needleOf(text: string): Needle {
  let needle = needles.get(text);
  if (!needle) {
    const lineStart = text.startsWith('^');
    needle = { words: (lineStart ? text.slice(1) : text).split(' '), lineStart };
    needles.set(text, needle);
  }
  return needle;
}

/** Whether the line says the phrase (a long word may be misread by a letter). */
function says(line: readonly string[], needle: Needle): boolean {
  if (needle.lineStart) return findNear(line.slice(0, needle.words.length), needle.words) === 0;
  return findNear(line, needle.words) >= 0;
}

/** Each kind's score on one page. */
export function pageKindScores(lines: readonly PageLine[]): Map<RuleKind, number> {
  const scores = new Map<RuleKind, number>();
  const read = lines.map((line) => ({ top: line.middle < 0.35, words: line.folded.split(' ').filter((word) => word !== '') }));
  for (const kind of ruleKinds) {
    let score = 0;
    for (const { text, weight } of phrases[kind]) {
      const needle = needleOf(text);
      if (read.some((line) => line.top && says(line.words, needle))) score += weight * 1.5;
      else if (read.some((line) => !line.top && says(line.words, needle))) score += weight;
    }
    if (score > 0) scores.set(kind, score);
  }
  // A cover sheet is a page of few words: on a page full of text its words (to, from, fax) say little.
  const words = lines.reduce((sum, line) => sum + line.words.length, 0);
  const cover = scores.get('cover_sheet');
  if (cover !== undefined && words > 90) scores.set('cover_sheet', cover / 3);
  // An answer to a prior authorization also names the request: the answer's words decide.
  const answer = scores.get('prior_auth_answer');
  if (answer !== undefined && answer >= 4.5) scores.set('prior_auth', (scores.get('prior_auth') ?? 0) / 2);
  return scores;
}

export interface RuleVerdict {
  kind: RuleKind | 'other';
  confidence: number;
  /** Each page's best kind (null: nothing said), for batch splitting. */
  pages: Array<RuleKind | null>;
}

/** Below this score nothing is said about the kind ("other"). */
const leastScore = 3;

function best(scores: ReadonlyMap<RuleKind, number>): { kind: RuleKind | null; score: number; next: number } {
  let kind: RuleKind | null = null;
  let score = 0;
  let next = 0;
  for (const [candidate, value] of scores) {
    if (value > score) {
      next = score;
      score = value;
      kind = candidate;
    } else if (value > next) next = value;
  }
  return { kind, score, next };
}

export function ruleKind(pages: ReadonlyArray<readonly PageLine[]>): RuleVerdict {
  const perPage = pages.map((lines) => pageKindScores(lines));
  const pageKinds = perPage.map((scores) => {
    const top = best(scores);
    return top.score >= leastScore ? top.kind : null;
  });
  const total = new Map<RuleKind, number>();
  for (const scores of perPage) for (const [kind, score] of scores) total.set(kind, (total.get(kind) ?? 0) + score);
  // A cover sheet in front of a document: the document says what the fax is.
  const onlyCover = pageKinds.every((kind) => kind === null || kind === 'cover_sheet');
  if (!onlyCover) total.delete('cover_sheet');
  const top = best(total);
  if (top.kind === null || top.score < leastScore) return { kind: 'other', confidence: top.score === 0 ? 60 : 40, pages: pageKinds };
  // Ahead by a title's worth (4.5) or more: sure; close to the next kind: unsure.
  const lead = (top.score - top.next) / Math.max(top.score, 1);
  const confidence = Math.round(Math.min(99, 40 + 60 * Math.min(1, (top.score - top.next) / 6) * (0.5 + lead / 2)));
  return { kind: top.kind, confidence, pages: pageKinds };
}
