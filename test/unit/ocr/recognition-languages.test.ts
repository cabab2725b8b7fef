// The recognizer's language data: the npm packages' models and the app's own fax model (assets/ocr), copied into one
// folder under the app's data — every byte, again when a file changed — and which of them a page is read with.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { languageFile, languageFolder, languagesFor, recognitionLanguages } from '../../../main/ocr/recognition-languages';

const root = process.cwd();
let dataDir: string;

beforeEach(async () => {
  dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'fax-languages-'));
});
afterEach(async () => {
  await fsp.rm(dataDir, { recursive: true, force: true });
});

describe('recognition languages', () => {
  it('fine pages are read with the packaged languages as before; standard pages with the fax model and English', () => {
    expect(languagesFor.fine).toEqual(['eng', 'deu', 'spa', 'fra', 'tur']);
    expect(languagesFor.standard).toEqual(['fax', 'eng']);
    for (const language of [...languagesFor.fine, ...languagesFor.standard]) expect(recognitionLanguages).toContain(language);
  });

  it("the fax model ships in the repo's assets, not in a package, as tesseract's data: gzip of a file of components", () => {
    const file = languageFile(root, 'fax');
    expect(path.relative(root, file)).toBe(path.join('assets', 'ocr', 'fax.traineddata.gz'));
    const data = zlib.gunzipSync(fs.readFileSync(file));
    // A traineddata file starts with its number of component slots, then one offset per slot (-1: absent).
    const slots = data.readInt32LE(0);
    expect(slots).toBeGreaterThanOrEqual(17);
    const offsets = Array.from({ length: slots }, (_, slot) => Number(data.readBigInt64LE(4 + slot * 8)));
    // The LSTM (slot 17) and its character set and recoder (21, 22) are there: a model the LSTM engine can run.
    for (const slot of [17, 21, 22]) expect(offsets[slot]).toBeGreaterThan(0);
    expect(Math.max(...offsets)).toBeLessThan(data.length);
  });

  it('copies every language into one folder, byte for byte, and again when a file changed — even to the same size', async () => {
    const folder = await languageFolder(root, dataDir);
    for (const language of recognitionLanguages) {
      expect(fs.readFileSync(path.join(folder, `${language}.traineddata.gz`)).equals(fs.readFileSync(languageFile(root, language)))).toBe(true);
    }
    const copied = path.join(folder, 'fax.traineddata.gz');
    fs.writeFileSync(copied, 'a model of another version');
    await languageFolder(root, dataDir, ['fax']);
    expect(fs.readFileSync(copied).equals(fs.readFileSync(languageFile(root, 'fax')))).toBe(true);
    // A model of the same size from another build (its time differs): copied again.
    const sameSize = Buffer.alloc(fs.statSync(copied).size, 7);
    fs.writeFileSync(copied, sameSize);
    await languageFolder(root, dataDir, ['fax']);
    expect(fs.readFileSync(copied).equals(fs.readFileSync(languageFile(root, 'fax')))).toBe(true);
    // Unchanged: not copied again (start-up reads no model it already has).
    const before = fs.statSync(copied).ino;
    await languageFolder(root, dataDir, ['fax']);
    expect(fs.statSync(copied).ino).toBe(before);
  });
});
