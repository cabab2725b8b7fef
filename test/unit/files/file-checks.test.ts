import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../main/errors';
import { detectKind } from '../../../main/files/file-kind';
import { countPages } from '../../../main/files/page-count';
import { jpegHeader, makeDocx, makeTiff, makeZip, tinyPng } from '../../fax-service/testkit';
import { corpus, corpusAvailable } from '../../helpers/corpus';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-checks-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, content: Buffer | string): string {
  const target = path.join(dir, name);
  fs.writeFileSync(target, content);
  return target;
}

// The one corpus file pdf.js cannot open without a password: the app refuses it (the user could not check its
// pages, and the recipient could not read it).
const needsPassword = 'encrypted-attachment.pdf';

describe.runIf(corpusAvailable)('the real-world corpus', () => {
  const entries = corpusAvailable ? corpus() : [];

  it('has the files the manifest lists', () => {
    expect(entries.length).toBeGreaterThanOrEqual(40);
  });

  it.each(entries.filter((entry) => entry.file !== needsPassword).map((entry) => [entry.file, entry] as const))(
    '%s is a PDF with the reference page count',
    async (_name, entry) => {
      expect(await detectKind(entry.path)).toBe('pdf');
      expect(await countPages('pdf', entry.path, 'File 1')).toEqual({ pages: entry.pages, estimated: false });
    },
  );

  it(`${needsPassword} is refused with a specific message`, async () => {
    const entry = entries.find((candidate) => candidate.file === needsPassword);
    const error = await countPages('pdf', entry?.path ?? '', 'File 2').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).kind).toBe('file');
    expect((error as AppError).message).toBe(
      'File 2 is password-protected. Remove the password (print it to a new PDF) and add it again: the recipient could not open it.',
    );
  });
});

describe('type by content, pages by type', () => {
  it('DOCX: recognised by its parts, pages from docProps/app.xml, or estimated', async () => {
    const stated = write('report.bin', makeDocx({ pages: 7 }));
    expect(await detectKind(stated)).toBe('docx');
    expect(await countPages('docx', stated, 'File 1')).toEqual({ pages: 7, estimated: true });
    const long = write('long.docx', makeDocx({ text: 'x'.repeat(7000) }));
    expect(await countPages('docx', long, 'File 1')).toEqual({ pages: 3, estimated: true });
    const deflated = write('deflated.docx', makeDocx({ text: 'y'.repeat(7000), deflate: true, pages: 3 }));
    expect(await countPages('docx', deflated, 'File 1')).toEqual({ pages: 3, estimated: true });
  });

  it('DOCX: a stated page count that disagrees wildly with the content is not believed', async () => {
    // 60,000 characters of text (about 20 pages) claiming to be 1 page: the content decides.
    const understated = write('understated.docx', makeDocx({ pages: 1, text: 'word '.repeat(12_000), deflate: true }));
    expect(await countPages('docx', understated, 'File 1')).toEqual({ pages: 20, estimated: true });
    // A one-line letter claiming 900 pages.
    const overstated = write('overstated.docx', makeDocx({ pages: 900 }));
    expect(await countPages('docx', overstated, 'File 1')).toEqual({ pages: 1, estimated: true });
    // Explicit page breaks count even where there is little text.
    const breaks = '<w:p><w:r><w:t>Page</w:t><w:br w:type="page"/></w:r></w:p>'.repeat(11);
    expect(await countPages('docx', write('breaks.docx', makeDocx({ body: breaks })), 'File 1')).toEqual({ pages: 12, estimated: true });
    // A plausible stated count stays (pictures can fill pages the text alone would not).
    const pictures = '<w:p><w:r><w:drawing>…</w:drawing></w:r></w:p>'.repeat(6);
    expect(await countPages('docx', write('pictures.docx', makeDocx({ body: pictures, pages: 6 })), 'File 1')).toEqual({ pages: 6, estimated: true });
  });

  it('DOCX: text that cannot be inflated within the cap is refused as too large to check, never "about 1 page"', async () => {
    // A deflate bomb: 70 MB of text in a small file.
    const bomb = write('bomb.docx', makeDocx({ text: 'a'.repeat(70 * 1024 * 1024), deflate: true, pages: 1 }));
    expect(fs.statSync(bomb).size).toBeLessThan(1_000_000);
    await expect(countPages('docx', bomb, 'File 4')).rejects.toThrow('File 4 is too large to check: its text expands to more than 64 MB. Save it as a PDF and add that instead.');
    // Corrupt deflate data is damaged, not one page.
    const docx = makeDocx({ text: 'z'.repeat(5000), deflate: true });
    const at = docx.indexOf('word/document.xml') + 'word/document.xml'.length;
    docx.fill(0xff, at, at + 40);
    await expect(countPages('docx', write('corrupt.docx', docx), 'File 5')).rejects.toThrow(/File 5 is a damaged Word document/);
  });

  it('TIFF: one page per image directory', async () => {
    const tiff = write('scan.pdf', makeTiff(4));
    expect(await detectKind(tiff)).toBe('tiff');
    expect(await countPages('tiff', tiff, 'File 1')).toEqual({ pages: 4, estimated: false });
  });

  it('TIFF: a directory without an image makes the file damaged, naming the page', async () => {
    await expect(countPages('tiff', write('hole.tif', makeTiff(3, { imageless: [2] })), 'File 2')).rejects.toThrow('File 2 is a damaged TIFF image: page 2 holds no image.');
    await expect(countPages('tiff', write('first.tif', makeTiff(1, { imageless: [1] })), 'File 2')).rejects.toThrow('File 2 is a damaged TIFF image: page 1 holds no image.');
    // An entry claiming more values than the file holds (here: 2 resolution values said to be 100 million).
    const claimsTooMuch = makeTiff(2, { resolution: { x: 204, y: 196, unit: 2 } });
    const entryAt = 8 + 2 + 8 * 12; // the first page's ninth entry: XResolution
    expect(claimsTooMuch.readUInt16LE(entryAt)).toBe(282);
    claimsTooMuch.writeUInt32LE(100_000_000, entryAt + 4);
    await expect(countPages('tiff', write('claims.tif', claimsTooMuch), 'File 2')).rejects.toThrow('File 2 is a damaged TIFF image: page 1');
    // A page of 10000 × 6000 pixels (its directory only: the size alone refuses it, before any image is read).
    const huge = makeTiff(1, { width: 10_000, heights: [6000] }).subarray(0, 400);
    await expect(countPages('tiff', write('huge.tif', huge), 'File 2')).rejects.toThrow('File 2 has a page too large to fax: page 1 has more than 50 million pixels');
    // Just under the limit (7000 × 7000 = 49 million) is a page like any other.
    await expect(countPages('tiff', write('big.tif', makeTiff(1, { width: 7000, heights: [7000] }).subarray(0, 400)), 'File 2')).resolves.toEqual({ pages: 1, estimated: false });
  });

  it('PNG and JPG: one page each, whatever the name', async () => {
    expect(await detectKind(write('a.jpg', tinyPng))).toBe('png');
    expect(await detectKind(write('b.png', jpegHeader))).toBe('jpg');
    expect(await countPages('png', path.join(dir, 'a.jpg'), 'File 1')).toEqual({ pages: 1, estimated: false });
  });

  it('anything else is not faxable: a ZIP that is not Word, text, an executable, an empty file', async () => {
    expect(await detectKind(write('x.docx', makeZip({ 'a.txt': 'hi' })))).toBeNull();
    expect(await detectKind(write('x.pdf', 'Dear Dr. Smith, …'))).toBeNull();
    expect(await detectKind(write('x.tif', Buffer.from([0x4d, 0x5a, 0x90, 0x00])))).toBeNull();
    expect(await detectKind(write('empty.pdf', ''))).toBeNull();
  });

  it('a damaged PDF is refused with what to do', async () => {
    const broken = write('broken.pdf', `%PDF-1.7\n${'garbage '.repeat(50)}`);
    expect(await detectKind(broken)).toBe('pdf');
    await expect(countPages('pdf', broken, 'File 3')).rejects.toThrow('File 3 is a damaged PDF that cannot be read. Open it in a PDF viewer and save or print it as a new PDF.');
  });

  it('a TIFF header without images is refused', async () => {
    const empty = write('empty.tif', Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x00, 0x00, 0x00, 0x00]));
    await expect(countPages('tiff', empty, 'File 1')).rejects.toThrow(/damaged TIFF/);
  });
});
