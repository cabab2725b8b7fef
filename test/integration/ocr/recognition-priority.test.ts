// The recognition process yields to the window and main: it runs below normal priority (nice 10, not 19 — at the
// lowest a busy machine left it ~2 % of a core), unless a test that waits on its reading asks for normal.
import os from 'node:os';
import path from 'node:path';
import fsp from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { createRecognizer, type Recognizer } from '../../../main/ocr/recognizer';
import { languageFolder } from '../../../main/ocr/recognition-languages';
import type { RecognitionPriority } from '../../../main/ocr/recognition-protocol';
import { silentLogger } from '../../../main/log/logger';
import { faxPdf } from '../../helpers/fax-pages';
import { bundledRecognitionStart } from '../../helpers/recognition-bundle';

const root = process.cwd();
const opened: Recognizer[] = [];
afterAll(() => Promise.all(opened.map((recognizer) => recognizer.close())));

async function niceOfAReader(priority: RecognitionPriority | undefined): Promise<number> {
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'fax-ocr-priority-'));
  const start = await bundledRecognitionStart();
  let pid = 0;
  const recognizer = createRecognizer({
    start: () => {
      const child = start();
      pid = child.pid ?? 0;
      return child;
    },
    settings: { languageDir: await languageFolder(root, dataDir, ['eng']), languages: { fine: ['eng'], standard: ['eng'] }, standardFontsDir: `${path.join(root, 'node_modules/pdfjs-dist/standard_fonts')}${path.sep}`, ...(priority ? { priority } : {}) },
    log: silentLogger,
  });
  opened.push(recognizer);
  // An empty page: answered without the recognizer, after the start message was handled.
  await recognizer.recognizePage('pdf', { bytes: await faxPdf([{ lines: [], resolution: 'fine', seed: 3 }]) }, 1);
  return os.getPriority(pid);
}

describe('the recognition process and the desk', () => {
  it('runs below normal priority, as the app starts it', async () => {
    expect(await niceOfAReader(undefined)).toBe(Math.max(os.constants.priority.PRIORITY_BELOW_NORMAL, os.getPriority()));
  });

  it('runs at the priority of its starter when told normal', async () => {
    expect(await niceOfAReader('normal')).toBe(os.getPriority());
  });
});
