import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../main/errors';
import { detectKind } from '../../../main/files/file-kind';
import { countPages } from '../../../main/files/page-count';
import { jpegHeader, makeDocx, makeTiff, makeZip, tinyPng } from '../../fax-service/testkit';
import { corpus } from '../../helpers/corpus';

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

describe('the real-world corpus', () => {
  const entries = corpus();

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
  });

  it('TIFF: one page per image directory', async () => {
    const tiff = write('scan.pdf', makeTiff(4));
    expect(await detectKind(tiff)).toBe('tiff');
    expect(await countPages('tiff', tiff, 'File 1')).toEqual({ pages: 4, estimated: false });
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
