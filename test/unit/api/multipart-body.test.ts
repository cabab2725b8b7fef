import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import busboy from 'busboy';
import { afterAll, describe, expect, it } from 'vitest';
import { multipartBody, plainFormFile } from '../../../main/api/multipart-body';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'multipart-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function collect(): { sink: Writable; bytes: () => Buffer } {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(Buffer.from(chunk)); // copy: the body reuses its buffers once a write is taken
      callback();
    },
  });
  return { sink, bytes: () => Buffer.concat(chunks) };
}

describe('multipart body', () => {
  it('announces exactly the length it writes, and a standard parser reads every field and file back', async () => {
    const big = path.join(dir, 'big.bin');
    const content = Buffer.alloc(1_300_000);
    for (let index = 0; index < content.length; index += 1) content[index] = (index * 7) % 251;
    fs.writeFileSync(big, content);
    const body = multipartBody(
      [
        { name: 'to', value: '+14155550100' },
        { name: 'to_name', value: 'Dr. "Quote" Ünïcode' },
      ],
      [plainFormFile({ name: 'files', filename: 'document-1.pdf', contentType: 'application/pdf', path: big, size: content.length })],
    );
    const { sink, bytes } = collect();
    let reported = 0;
    await body.writeTo(sink, (count) => (reported += count));
    expect(bytes().length).toBe(body.length);
    expect(reported).toBe(body.length);

    const fields: Array<[string, string]> = [];
    const files: Buffer[] = [];
    await new Promise<void>((resolve, reject) => {
      const parser = busboy({ headers: { 'content-type': body.contentType } });
      parser.on('field', (name, value) => fields.push([name, value]));
      parser.on('file', (_name, stream) => {
        const parts: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => parts.push(chunk));
        stream.on('end', () => files.push(Buffer.concat(parts)));
      });
      parser.on('close', resolve);
      parser.on('error', reject);
      const source = new PassThrough();
      source.pipe(parser);
      source.end(bytes());
    });
    expect(fields).toEqual([
      ['to', '+14155550100'],
      ['to_name', 'Dr. "Quote" Ünïcode'],
    ]);
    expect(files).toHaveLength(1);
    expect(files[0]?.equals(content)).toBe(true);
  });

  it('stops when a file changed size since it was measured', async () => {
    const file = path.join(dir, 'shrinks.bin');
    fs.writeFileSync(file, Buffer.alloc(1000));
    const body = multipartBody([], [plainFormFile({ name: 'files', filename: 'document-1.pdf', contentType: 'application/pdf', path: file, size: 5000 })]);
    await expect(body.writeTo(collect().sink, () => undefined)).rejects.toThrow('file changed during upload');
  });
});
