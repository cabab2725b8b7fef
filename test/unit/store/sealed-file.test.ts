import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createSealedReadStream,
  plainSizeOf,
  readSealed,
  readSealedJson,
  readSealedRange,
  sealCopy,
  sealedChunkBytes,
  SealedFileError,
  writeSealed,
  writeSealedJson,
} from '../../../main/store/crypto/sealed-file';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sealed-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const key = crypto.randomBytes(32);

describe('sealed files', () => {
  it.each([0, 1, sealedChunkBytes - 1, sealedChunkBytes, sealedChunkBytes + 1, 3 * sealedChunkBytes + 17])('round-trips %i bytes and knows the plain size', async (size) => {
    const data = crypto.randomBytes(size);
    const file = path.join(dir, `rt-${size}.sealed`);
    await writeSealed(file, key, data);
    expect(plainSizeOf(fs.statSync(file).size)).toBe(size);
    expect((await readSealed(file, key)).equals(data)).toBe(true);
    const streamed: Buffer[] = [];
    await pipeline(
      createSealedReadStream(file, key),
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          streamed.push(Buffer.from(chunk));
          callback();
        },
      }),
    );
    expect(Buffer.concat(streamed).equals(data)).toBe(true);
  });

  it('reads any range, decrypting only the chunks it spans (chunk edges, the tail, past the end, empty)', async () => {
    const data = crypto.randomBytes(3 * sealedChunkBytes + 123);
    const file = path.join(dir, 'ranges.sealed');
    await writeSealed(file, key, data);
    const cases: Array<[number, number]> = [
      [0, 10],
      [sealedChunkBytes - 5, sealedChunkBytes + 5],
      [sealedChunkBytes, 2 * sealedChunkBytes],
      [100, 3 * sealedChunkBytes + 50],
      [data.length - 7, data.length],
      [data.length - 7, data.length + 1000],
    ];
    for (const [begin, end] of cases) expect((await readSealedRange(file, key, begin, end)).equals(data.subarray(begin, end))).toBe(true);
    expect(await readSealedRange(file, key, data.length + 5, data.length + 10)).toHaveLength(0);
    const tampered = fs.readFileSync(file);
    // A byte of the second chunk (after the 12-byte header and the first chunk with its 16-byte tag).
    const inSecondChunk = 12 + sealedChunkBytes + 16 + 10;
    tampered[inSecondChunk] = (tampered[inSecondChunk] ?? 0) ^ 1;
    fs.writeFileSync(file, tampered);
    await expect(readSealedRange(file, key, 0, 10)).resolves.toHaveLength(10);
    await expect(readSealedRange(file, key, sealedChunkBytes + 10, sealedChunkBytes + 20)).rejects.toBeInstanceOf(SealedFileError);
  });

  it('a small file reads into its own buffer (never Node\'s shared pool, whose other bytes IPC would clone too)', async () => {
    const file = path.join(dir, 'small.sealed');
    await writeSealed(file, key, Buffer.from('%PDF-1.4 tiny'));
    const plain = await readSealed(file, key);
    expect(plain.byteOffset).toBe(0);
    expect(plain.buffer.byteLength).toBe(plain.length);
  });

  it('leaves nothing readable on disk: no PDF header, no number, no subject', async () => {
    const document = Buffer.from('%PDF-1.7\nFax to +14155550100 — Subject: Biopsy results for Jane Doe\n');
    const file = path.join(dir, 'phi.sealed');
    await writeSealed(file, key, document);
    const raw = fs.readFileSync(file, 'latin1');
    expect(raw).not.toContain('%PDF');
    expect(raw).not.toContain('4155550100');
    expect(raw).not.toContain('Biopsy');
    await writeSealedJson(path.join(dir, 'phi.json.sealed'), key, { to: '+14155550100', subject: 'Biopsy' });
    expect(fs.readFileSync(path.join(dir, 'phi.json.sealed'), 'latin1')).not.toMatch(/4155550100|Biopsy/);
    expect(await readSealedJson(path.join(dir, 'phi.json.sealed'), key)).toEqual({ to: '+14155550100', subject: 'Biopsy' });
  });

  it('refuses an altered byte, a file cut at a chunk boundary, another key, and a file that is not sealed', async () => {
    const data = crypto.randomBytes(3 * sealedChunkBytes);
    const file = path.join(dir, 'tamper.sealed');
    await writeSealed(file, key, data);
    const bytes = fs.readFileSync(file);

    const altered = Buffer.from(bytes);
    altered[100] = (altered[100] ?? 0) ^ 0xff;
    fs.writeFileSync(path.join(dir, 'altered.sealed'), altered);
    await expect(readSealed(path.join(dir, 'altered.sealed'), key)).rejects.toBeInstanceOf(SealedFileError);

    // Cutting whole chunks off the end must not go unnoticed (the last chunk is marked as last).
    fs.writeFileSync(path.join(dir, 'cut.sealed'), bytes.subarray(0, 12 + 2 * (sealedChunkBytes + 16)));
    await expect(readSealed(path.join(dir, 'cut.sealed'), key)).rejects.toBeInstanceOf(SealedFileError);

    await expect(readSealed(file, crypto.randomBytes(32))).rejects.toBeInstanceOf(SealedFileError);
    fs.writeFileSync(path.join(dir, 'plain.pdf'), '%PDF-1.4 plain');
    await expect(readSealed(path.join(dir, 'plain.pdf'), key)).rejects.toThrow(/not a sealed file/);
  });

  it('seals a copy of a plain file by streaming', async () => {
    const source = path.join(dir, 'source.pdf');
    const data = Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(200_000)]);
    fs.writeFileSync(source, data);
    await sealCopy(source, path.join(dir, 'copy.sealed'), key);
    expect((await readSealed(path.join(dir, 'copy.sealed'), key)).equals(data)).toBe(true);
  });

  it('a write that fails leaves no file under the final name', async () => {
    const { createSealedWriter } = await import('../../../main/store/crypto/sealed-file');
    const target = path.join(dir, 'never.sealed');
    const writer = createSealedWriter(target, key);
    writer.on('error', () => undefined);
    writer.write(crypto.randomBytes(100_000));
    const closed = new Promise((resolve) => writer.once('close', resolve));
    writer.destroy(new Error('connection lost'));
    // 'close' comes once the writer has cleaned up after itself.
    await closed;
    expect(fs.existsSync(target)).toBe(false);
    expect(fs.readdirSync(dir).filter((name) => name.startsWith('never.sealed'))).toEqual([]);
  });
});
