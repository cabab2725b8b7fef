/**
 * The recognizer's language data, from the app's own npm packages (@tesseract.js-data/eng and /deu): copied once
 * into one folder under the app's data, since tesseract.js reads every language from a single folder and cannot
 * read inside the packaged app's archive. Nothing is ever downloaded.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { writeThroughPart } from '../runtime/part-file';

export const recognitionLanguages = ['eng', 'deu'] as const;
export type RecognitionLanguage = (typeof recognitionLanguages)[number];

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
