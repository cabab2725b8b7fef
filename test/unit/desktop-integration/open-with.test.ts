import { describe, expect, it } from 'vitest';
import { filesFromArgv } from '../../../main/desktop-integration/open-with';

const cwd = '/home/reception/Downloads';

describe('files on the command line', () => {
  it('packaged: every document argument after the executable, resolved against the launch folder', () => {
    expect(filesFromArgv(['/opt/Fax Desktop/fax-desktop', 'referral.pdf', '/tmp/scan.TIFF', '../photo.jpeg'], { cwd, packaged: true })).toEqual([
      '/home/reception/Downloads/referral.pdf',
      '/tmp/scan.TIFF',
      '/home/reception/photo.jpeg',
    ]);
  });

  it('development: the app entry after electron is not a document', () => {
    expect(filesFromArgv(['/usr/lib/electron/electron', 'dist/main/index.cjs', 'a.png'], { cwd, packaged: false })).toEqual(['/home/reception/Downloads/a.png']);
    expect(filesFromArgv(['/usr/lib/electron/electron', '.'], { cwd, packaged: false })).toEqual([]);
  });

  it('skips Electron and Chromium switches, and the value of --profile-dir', () => {
    expect(
      filesFromArgv(['fax-desktop', '--allow-file-access-from-files', '--original-process-start-time=1234', '--profile-dir', 'old.pdf', '--profile-dir=/x/y.pdf', 'letter.docx'], {
        cwd,
        packaged: true,
      }),
    ).toEqual(['/home/reception/Downloads/letter.docx']);
  });

  it('file:// URLs (Linux desktop files pass %U) become paths; other URLs are never files', () => {
    expect(filesFromArgv(['fax-desktop', 'file:///home/reception/My%20Scans/lab%20results.pdf', 'https://evil.example/x.pdf', 'fax-desktop://open'], { cwd, packaged: true })).toEqual([
      '/home/reception/My Scans/lab results.pdf',
    ]);
  });

  it('only the types a fax can carry, once each', () => {
    expect(filesFromArgv(['fax-desktop', 'notes.txt', 'setup.exe', 'a.PDF', 'a.PDF', 'b.tif', 'c.png', 'd.JPG', 'e.docx', 'f.doc'], { cwd, packaged: true }).map((file) => file.slice(cwd.length + 1))).toEqual([
      'a.PDF',
      'b.tif',
      'c.png',
      'd.JPG',
      'e.docx',
    ]);
  });
});
