/** The recognition process as the app runs it (the bundled process, forked, low priority), for the reading benches. */
import path from 'node:path';
import { createLogger } from '../../main/log/logger';
import { languageFolder, languagesFor } from '../../main/ocr/recognition-languages';
import { createRecognizer, forkRecognitionChild } from '../../main/ocr/recognizer';

export async function startBenchRecognizer(dataDir: string): Promise<ReturnType<typeof createRecognizer>> {
  const root = process.cwd();
  return createRecognizer({
    // The bundled process, as the app runs it (npm run bench builds first); from source, tsx alone adds ~300 MB.
    start: forkRecognitionChild(path.join(root, 'dist/main/recognition-process.cjs'), []),
    settings: { languageDir: await languageFolder(root, dataDir), languages: languagesFor, standardFontsDir: `${path.join(root, 'node_modules/pdfjs-dist/standard_fonts')}${path.sep}` },
    log: createLogger({ sinks: [] }),
    pageTimeoutMs: 300_000,
  });
}
