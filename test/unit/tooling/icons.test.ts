// The icon set is complete, in the formats each OS wants, and generated from the one source.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { icnsEntries, icoSizes, linuxSizes, pngSize, readIcns, readIco, writeIcns, writeIco } from '../../../scripts/icon-containers';

describe('app icons', () => {
  it('come from assets/icon.svg and assets/tray-template.svg as they are now (re-run `npm run icons` after changing them)', () => {
    const source = fs.readFileSync('assets/icon.svg');
    const recorded = new Map(
      fs
        .readFileSync('assets/icons/SOURCE.sha256', 'utf8')
        .trim()
        .split('\n')
        .map((line) => [line.split(/\s+/)[1], line.split(/\s+/)[0]] as const),
    );
    const sha = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
    expect(recorded.get('assets/icon.svg')).toBe(sha('assets/icon.svg'));
    expect(recorded.get('assets/tray-template.svg')).toBe(sha('assets/tray-template.svg'));
    expect(fs.readFileSync('renderer/public/icon.svg').equals(source)).toBe(true);
  });

  it('macOS menu bar: a 16 px template image and its @2x', () => {
    expect(pngSize(fs.readFileSync('assets/trayTemplate.png'))).toEqual({ width: 16, height: 16 });
    expect(pngSize(fs.readFileSync('assets/trayTemplate@2x.png'))).toEqual({ width: 32, height: 32 });
  });

  it('Linux: a PNG at every size in assets/icons, each really that size', () => {
    for (const size of [...linuxSizes, 1024]) {
      expect(pngSize(fs.readFileSync(`assets/icons/${String(size)}x${String(size)}.png`))).toEqual({ width: size, height: size });
    }
  });

  it('Windows: assets/icon.ico holds PNG entries 16 … 256 px', () => {
    const entries = readIco(fs.readFileSync('assets/icon.ico'));
    expect(entries.map((entry) => entry.size)).toEqual([...icoSizes]);
    for (const entry of entries) expect(pngSize(entry.png)).toEqual({ width: entry.size, height: entry.size });
  });

  it('macOS: assets/icon.icns holds every entry type with the right pixel size, up to 1024 px', () => {
    const entries = readIcns(fs.readFileSync('assets/icon.icns'));
    expect(entries.map((entry) => entry.type)).toEqual(icnsEntries.map((entry) => entry.type));
    entries.forEach((entry, index) => {
      const size = icnsEntries[index]?.size ?? 0;
      expect(pngSize(entry.png)).toEqual({ width: size, height: size });
    });
  });

  it('the containers read back what they write, and refuse what they are not', () => {
    const png = fs.readFileSync('assets/icons/16x16.png');
    expect(readIco(writeIco([{ size: 256, png }]))).toEqual([{ size: 256, png }]);
    expect(readIcns(writeIcns([{ type: 'ic07', png }]))).toEqual([{ type: 'ic07', png }]);
    expect(() => readIcns(Buffer.from('notanicnsfile!!!'))).toThrow(/not an \.icns/);
    expect(pngSize(Buffer.from('GIF89a'))).toBeNull();
  });
});
