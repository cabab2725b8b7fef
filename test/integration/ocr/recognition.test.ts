import os from 'node:os';
import path from 'node:path';
import fsp from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecognizer, RecognitionError, type Recognizer } from '../../../main/ocr/recognizer';
import { languageFolder, languagesFor } from '../../../main/ocr/recognition-languages';
import { faxPdf } from '../../helpers/fax-pages';
import { silentLogger } from '../../../main/log/logger';
import { bundledRecognitionStart, networkCutArgs, recognitionBundles } from '../../helpers/recognition-bundle';

const root = process.cwd();
let dataDir: string;
let recognizer: Recognizer;

beforeAll(async () => {
  dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'fax-ocr-'));
  const languageDir = await languageFolder(root, dataDir);
  recognizer = createRecognizer({
    // The process may not reach the network at all: the language data must come from the folder.
    start: await bundledRecognitionStart({ networkCut: true }),
    // Waited on: at the app's background priority a busy CI left it ~2 % of a core (recognition-priority.test.ts).
    settings: { languageDir, languages: languagesFor, standardFontsDir: `${path.join(root, 'node_modules/pdfjs-dist/standard_fonts')}${path.sep}`, priority: 'normal' },
    log: silentLogger,
  });
});

afterAll(async () => {
  await recognizer.close();
  await fsp.rm(dataDir, { recursive: true, force: true });
});

describe('recognition on this computer, with the network cut', () => {
  it('the cut is real: a process started the same way cannot make a connection, look up a name or fetch', async () => {
    const script = "const net = require('node:net'); const dns = require('node:dns'); for (const attempt of [() => fetch('https://example.org'), () => net.connect(443, 'example.org'), () => dns.lookup('example.org', () => {})]) { try { attempt(); console.log('reached'); } catch (error) { console.log(error.message); } }";
    const output = execFileSync(process.execPath, [...networkCutArgs((await recognitionBundles()).noNetwork), '-e', script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    expect(output.trim().split('\n')).toEqual(['network is cut (fetch)', 'network is cut (net.connect)', 'network is cut (dns.lookup)']);
  });

  it('reads a standard-resolution fax page with noise and a crooked sheet: names, dates and ids come out exactly', async () => {
    const pdf = await faxPdf([
      { lines: ['LABORATORY RESULTS', 'Patient: Jane Doe   DOB: 03/14/1961', 'Specimen ID: LX-448120'], resolution: 'standard', skew: 0.4, speckle: 0.002, seed: 7 },
      { lines: ['Befund für Müller, Jürgen', 'Geburtsdatum: 21.09.1958'], resolution: 'fine', speckle: 0.001, seed: 3 },
    ]);
    const first = await recognizer.recognizePage('pdf', { bytes: pdf }, 1);
    expect(first.pageCount).toBe(2);
    expect(first.result.outcome).toBe('text');
    expect(first.result.text).toContain('Jane Doe');
    expect(first.result.text).toContain('03/14/1961');
    expect(first.result.text).toContain('LX-448120');
    // The fax model may set a colon before a wide gap ("Doe:   DOB"): its training lines' wide gaps follow labels.
    const doe = first.result.words.find((word) => word.text.replace(/:$/, '') === 'Doe');
    expect(doe?.confidence).toBeGreaterThan(60);
    // Boxes are shares of the page: "Doe" sits in the upper part, left half.
    const [left, top, right, bottom] = doe?.box ?? [0, 0, 0, 0];
    expect(left).toBeGreaterThan(0.1);
    expect(right).toBeLessThan(0.6);
    expect(top).toBeGreaterThan(0.1);
    expect(bottom).toBeLessThan(0.25);
    const second = await recognizer.recognizePage('pdf', { bytes: pdf }, 2);
    expect(second.result.text).toContain('Müller');
    expect(second.result.text).toContain('21.09.1958');
  });

  it("keeps the accents of names on fine pages (Spanish and French models beside English and German), before and after a standard page read with the fax model and English", async () => {
    const pdf = await faxPdf([
      { lines: ['REFERRAL', 'Patient: Chloé Núñez', 'Referred by: Dr. Sofía Peña'], resolution: 'fine', speckle: 0.001, seed: 11 },
      { lines: ['Patient: Jane Doe', 'DOB: 03/14/1961'], resolution: 'standard', seed: 12 },
    ]);
    for (const page of [1, 2, 1]) {
      const read = await recognizer.recognizePage('pdf', { bytes: pdf }, page);
      if (page === 2) expect(read.result.text).toContain('Jane Doe');
      else expect(read.result.text).toContain('Chloé Núñez');
    }
  });

  it("keeps a German letter's umlauts and ß, and a name's ş and ø, on a standard-resolution page (the app's fax model)", async () => {
    // The packaged English and German read these pages "Uberweisung", "Maller", "Ayse", "Leväs" (measured).
    const pdf = await faxPdf([{ lines: ['REFERRAL', 'Patient: Ayşe Çelik   DOB: 02/11/1974', 'Referred by: Dr. Håkon Løvås'], resolution: 'standard', speckle: 0.001, seed: 21 }]);
    const { text } = (await recognizer.recognizePage('pdf', { bytes: pdf }, 1)).result;
    expect(text).toContain('Ayşe');
    expect(text).toContain('Løv');
    const german = await faxPdf([{ lines: ['Überweisung', 'Befund für Müller, Jürgen', 'Größe: 1,82 m   Gewicht: 78 kg'], resolution: 'standard', speckle: 0.001, seed: 22 }]);
    const letter = (await recognizer.recognizePage('pdf', { bytes: german }, 1)).result.text;
    for (const word of ['Überweisung', 'Müller', 'Jürgen', 'Größe']) expect(letter).toContain(word);
  });

  it('calls a page with nothing on it blank, and a page of noise noise, without reading either', async () => {
    const pdf = await faxPdf([
      { lines: [], resolution: 'fine', speckle: 0.001, seed: 5 },
      { lines: [], resolution: 'standard', speckle: 0.6, seed: 9 },
    ]);
    expect((await recognizer.recognizePage('pdf', { bytes: pdf }, 1)).result).toMatchObject({ outcome: 'blank', text: '', words: [] });
    expect((await recognizer.recognizePage('pdf', { bytes: pdf }, 2)).result).toMatchObject({ outcome: 'noise', text: '' });
  });

  it('refuses a page past the end and a broken document with their reasons', async () => {
    const pdf = await faxPdf([{ lines: ['One page'], resolution: 'fine' }]);
    await expect(recognizer.recognizePage('pdf', { bytes: pdf }, 2)).rejects.toEqual(new RecognitionError('no-such-page'));
    await expect(recognizer.recognizePage('pdf', { bytes: new TextEncoder().encode('%PDF-1.4 nothing') }, 1)).rejects.toEqual(new RecognitionError('unreadable'));
  });
});
