/**
 * Everything after a multipart body's close delimiter ("\r\n--<boundary>--") is epilogue (RFC 2046) and must
 * be ignored. busboy parses it as further parts and can stall on it, so this transform drops it first.
 */
import { Transform } from 'node:stream';

export function boundaryOf(contentType: string): string | null {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

export function epilogueCutter(boundary: string): Transform {
  const delimiter = Buffer.from(`\r\n--${boundary}--`);
  let tail = Buffer.alloc(0);
  let closed = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (closed) {
        callback();
        return;
      }
      const window = Buffer.concat([tail, chunk]);
      const at = window.indexOf(delimiter);
      if (at >= 0) {
        closed = true;
        const keep = at + delimiter.length - tail.length;
        callback(null, Buffer.concat([chunk.subarray(0, Math.max(0, keep)), Buffer.from('\r\n')]));
        return;
      }
      tail = window.subarray(Math.max(0, window.length - (delimiter.length - 1)));
      callback(null, chunk);
    },
  });
}
