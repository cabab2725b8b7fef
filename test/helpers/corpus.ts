/** The shared real-world PDF corpus (../shared/corpus) and its reference page counts (poppler's pdfinfo). */
import fs from 'node:fs';
import path from 'node:path';

export const corpusDir = path.resolve('..', 'shared', 'corpus', 'pdfs');

/** A corpus file's bytes. */
export const corpusPdf = (name: string): Buffer => fs.readFileSync(path.join(corpusDir, name));

/**
 * Whether the corpus is beside the checkout (it is in CI and in the project's workspace; a user's clone has none).
 * Tests of the corpus run only then; everything else a test needs is generated.
 */
export const corpusAvailable = fs.existsSync(path.join(corpusDir, '..', 'pdfs-manifest.csv'));

export interface CorpusEntry {
  file: string;
  path: string;
  bytes: number;
  pages: number | null;
  encrypted: boolean;
}

export function corpus(): CorpusEntry[] {
  return fs
    .readFileSync(path.join(corpusDir, '..', 'pdfs-manifest.csv'), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#') && !line.startsWith('file,'))
    .map((line) => {
      const [file = '', bytes = '0', pages = '-', encrypted = 'no'] = line.split(',');
      return { file, path: path.join(corpusDir, file), bytes: Number(bytes), pages: pages === '-' ? null : Number(pages), encrypted: encrypted === 'yes' };
    });
}
