// The page-render worker and the recognition process as the harness's command line, `npm run demo` and the
// benchmarks start them: from the TypeScript source, through tsx. The other tests start the bundles a run makes of
// the same source (test/page-render-worker-setup.ts, test/helpers/recognition-bundle.ts: ~1–2 CPU-s less a start);
// this file keeps the path from source itself working.
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, silentLogger } from '../../main/log/logger';
import { createPageRenderer, sourcePageRendererLocation } from '../../main/pages/page-renderer';
import { languageFolder, languagesFor } from '../../main/ocr/recognition-languages';
import { sourceRecognitionLocation } from '../../main/ocr/recognition-location';
import { createRecognizer } from '../../main/ocr/recognizer';
import { faxPdf } from '../helpers/fax-pages';
import { testPageRendererLocation } from '../helpers/test-page-renderer';

let dataDir = '';
beforeAll(async () => {
  dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'fax-source-workers-'));
});
afterAll(() => fsp.rm(dataDir, { recursive: true, force: true }));

describe('the workers from source', () => {
  it('the page-render worker draws the page the bundled one draws', async () => {
    const document = await faxPdf([{ lines: ['REFERRAL', 'Patient: Jane Doe'], resolution: 'fine', seed: 4 }]);
    const [fromSource, bundled] = [createPageRenderer(sourcePageRendererLocation(), createLogger({ sinks: [] })), createPageRenderer(testPageRendererLocation(), createLogger({ sinks: [] }))];
    try {
      const [sourcePage, bundledPage] = await Promise.all([fromSource.renderPdfPage(document, 1), bundled.renderPdfPage(document, 1)]);
      expect(sourcePage.image.pixels.some((pixel) => pixel === 0)).toBe(true);
      expect([sourcePage.image.width, sourcePage.image.height]).toEqual([bundledPage.image.width, bundledPage.image.height]);
      // Byte for byte, not with toEqual: its element-by-element walk of ~3.8 million pixels cost ~8 CPU-s.
      expect(Buffer.compare(sourcePage.image.pixels, bundledPage.image.pixels)).toBe(0);
    } finally {
      await Promise.all([fromSource.close(), bundled.close()]);
    }
  });

  it('the recognition process opens a document and calls an empty page blank', async () => {
    const location = sourceRecognitionLocation();
    const recognizer = createRecognizer({
      start: location.start,
      settings: { languageDir: await languageFolder(location.appRoot, dataDir), languages: languagesFor, standardFontsDir: location.standardFontsDir },
      log: silentLogger,
    });
    try {
      const read = await recognizer.recognizePage('pdf', { bytes: await faxPdf([{ lines: [], resolution: 'fine', seed: 5 }]) }, 1);
      expect(read).toMatchObject({ pageCount: 1, result: { outcome: 'blank', text: '' } });
    } finally {
      await recognizer.close();
    }
  });
});
