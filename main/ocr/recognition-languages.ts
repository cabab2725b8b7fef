/**
 * The recognizer's language data, from the app's own npm packages (@tesseract.js-data/eng, /deu, /spa, /fra and
 * /tur) and the app's own model for fax text (assets/ocr/fax.traineddata.gz, made by scripts/ocr-model): copied once
 * into one folder under the app's data, since tesseract.js reads every language from a single folder and cannot read
 * inside the packaged app's archive. Nothing is ever downloaded.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { writeThroughPart } from '../runtime/part-file';

const packagedLanguages = ['eng', 'deu', 'spa', 'fra', 'tur'] as const;
export const recognitionLanguages = [...packagedLanguages, 'fax'] as const;
export type RecognitionLanguage = (typeof recognitionLanguages)[number];

/**
 * The languages a page is read with. On fine pages English and German text, and Spanish, French and Turkish for the
 * names in it (Núñez, Chloé, Çelik: with English and German alone the recognizer drops their accents). Measured on
 * the unseen-pages bench (seed 2), fine pages: key fields 79.8 → 84 %, content search 86.2 → 91.5 %, 0.94 → 1.08 s a
 * page. Norwegian beside them (the only model within reach with å and ø) was tried and left: "Håkon Løvås" came out
 * right instead of "Hákon Laväs", intake fields exact +4 of 656 on the tuning seeds — but 854 → 925 ms a fine page, and
 * fine pages must not get slower (issue 56). On standard pages the app's own fax model (assets/ocr,
 * scripts/ocr-model) with English: on that bench's tuning seed 27 → 37 of 94 keys against the packaged English and
 * German, German added back read no key more for 0.4 s a page; on seed 2 41.5 → 44.7 % and 1.1 → 0.84 s a page
 * (docs/technical/architecture.md). Switching between the two sets costs about 0.3 s (measured), paid when the
 * resolution changes from one page to the next.
 */
export const languagesFor = { fine: [...packagedLanguages], standard: ['fax', 'eng'] } satisfies Record<'fine' | 'standard', RecognitionLanguage[]>;

/** Where a language's data is in the app (the integer LSTM models: smaller and as accurate for print). */
export function languageFile(appRoot: string, language: RecognitionLanguage): string {
  if (language === 'fax') return path.join(appRoot, 'assets', 'ocr', 'fax.traineddata.gz');
  return path.join(appRoot, 'node_modules', '@tesseract.js-data', language, '4.0.0_best_int', `${language}.traineddata.gz`);
}

/**
 * The folder with every language's `<lang>.traineddata.gz`, copied there when missing or when its size or time
 * differs from the app's (a model trained again may keep its size: the copy takes the source's time).
 */
export async function languageFolder(appRoot: string, dataDir: string, languages: readonly RecognitionLanguage[] = recognitionLanguages): Promise<string> {
  const folder = path.join(dataDir, 'ocr-languages');
  await fsp.mkdir(folder, { recursive: true, mode: 0o700 });
  for (const language of languages) {
    const source = languageFile(appRoot, language);
    const target = path.join(folder, `${language}.traineddata.gz`);
    const [from, to] = await Promise.all([fsp.stat(source), fsp.stat(target).catch(() => null)]);
    const seconds = (ms: number): number => Math.trunc(ms / 1000);
    if (to?.size === from.size && seconds(to.mtimeMs) === seconds(from.mtimeMs)) continue;
    await writeThroughPart(target, (out) => pipeline(fs.createReadStream(source), out));
    await fsp.utimes(target, from.atime, from.mtime);
  }
  return folder;
}
