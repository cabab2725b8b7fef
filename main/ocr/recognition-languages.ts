/**
 * The recognizer's language data, from the app's own npm packages (@tesseract.js-data/eng, /deu, /spa, /fra and
 * /tur): copied once into one folder under the app's data, since tesseract.js reads every language from a single
 * folder and cannot read inside the packaged app's archive. Nothing is ever downloaded.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { writeThroughPart } from '../runtime/part-file';

export const recognitionLanguages = ['eng', 'deu', 'spa', 'fra', 'tur'] as const;
export type RecognitionLanguage = (typeof recognitionLanguages)[number];

/**
 * The languages a page is read with. English and German text; on fine pages Spanish, French and Turkish too, for the
 * names in it (Núñez, Chloé, Çelik: with English and German alone the recognizer drops their accents). Measured on
 * the unseen-pages bench (seed 2), fine pages: key fields 79.8 → 84 %, content search 86.2 → 91.5 %, 0.94 → 1.08 s a
 * page; the generated pages' bench 96.4 → 96.1 %. Not on standard pages: there the recognizer tries every model on
 * its many poor words — 1.0 → 1.5 s a page for two keys more. Switching between the two sets costs about 0.3 s
 * (measured), paid when the resolution changes from one page to the next. Norwegian as well (Håkon) read nothing
 * more on the tuning seed and cost 0.16 s a page.
 */
export const languagesFor = { fine: [...recognitionLanguages], standard: ['eng', 'deu'] } satisfies Record<'fine' | 'standard', RecognitionLanguage[]>;

/** Where a language's data is in its package (the integer LSTM models: smaller and as accurate for print). */
export function packagedLanguageFile(nodeModules: string, language: RecognitionLanguage): string {
  return path.join(nodeModules, '@tesseract.js-data', language, '4.0.0_best_int', `${language}.traineddata.gz`);
}

/** The folder with every language's `<lang>.traineddata.gz`, copied there when missing or of another size. */
export async function languageFolder(nodeModules: string, dataDir: string, languages: readonly RecognitionLanguage[] = recognitionLanguages): Promise<string> {
  const folder = path.join(dataDir, 'ocr-languages');
  await fsp.mkdir(folder, { recursive: true, mode: 0o700 });
  for (const language of languages) {
    const source = packagedLanguageFile(nodeModules, language);
    const target = path.join(folder, `${language}.traineddata.gz`);
    const [from, to] = await Promise.all([fsp.stat(source), fsp.stat(target).catch(() => null)]);
    if (to?.size === from.size) continue;
    await writeThroughPart(target, (out) => pipeline(fs.createReadStream(source), out));
  }
  return folder;
}
