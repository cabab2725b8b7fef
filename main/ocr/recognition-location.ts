/** Where the recognition process and its packages are when main runs from source (tests, the harness, benchmarks). */
import path from 'node:path';
import { forkRecognitionChild, type RecognitionLocation } from './recognizer';

export function sourceRecognitionLocation(root = process.cwd()): RecognitionLocation {
  return {
    start: forkRecognitionChild(path.join(root, 'main/ocr/recognition-process.ts'), ['--import', 'tsx']),
    appRoot: root,
    standardFontsDir: `${path.join(root, 'node_modules/pdfjs-dist/standard_fonts')}${path.sep}`,
  };
}
