/**
 * Binary data across Playwright bindings: Uint8Array values are carried as base64 and restored on the other
 * side (Electron IPC clones them natively; this makes the harness behave the same). Base64 through the DevTools
 * protocol costs ~60 ms per MB, far more than Electron's IPC, so big replies (a fax's PDF) travel instead as a
 * one-time download from the harness's own loopback server, which the page reads as an ArrayBuffer.
 */
const tag = '__faxBytes';
const blobTag = '__faxBlob';
/** Replies at least this big go by the side channel. */
export const blobThreshold = 64 * 1024;

function toBase64(bytes: Uint8Array): string {
  if (typeof Buffer !== 'undefined') return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  if (typeof Buffer !== 'undefined') return new Uint8Array(Buffer.from(text, 'base64'));
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Byte arrays become base64; with `offer`, big ones become one-time blob paths instead (replies to the page). */
export function encodeReply(value: unknown, offer: ((bytes: Uint8Array) => string) | null): unknown {
  if (value instanceof Uint8Array) return offer && value.byteLength >= blobThreshold ? { [blobTag]: offer(value) } : { [tag]: toBase64(value) };
  if (Array.isArray(value)) return value.map((item) => encodeReply(item, offer));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, encodeReply(item, offer)]));
  }
  return value;
}

export function encodeBytes(value: unknown): unknown {
  return encodeReply(value, null);
}

/** Restores what encodeReply made; blob paths are fetched with `fetchBlob`. */
export async function decodeReply(value: unknown, fetchBlob: (path: string) => Promise<Uint8Array>): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map((item) => decodeReply(item, fetchBlob)));
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (Object.keys(record).length === 1) {
      if (typeof record[tag] === 'string') return fromBase64(record[tag]);
      if (typeof record[blobTag] === 'string') return fetchBlob(record[blobTag]);
    }
    const entries = await Promise.all(Object.entries(record).map(async ([key, item]) => [key, await decodeReply(item, fetchBlob)] as const));
    return Object.fromEntries(entries);
  }
  return value;
}

export function decodeBytes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeBytes);
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record[tag] === 'string' && Object.keys(record).length === 1) return fromBase64(record[tag]);
    return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, decodeBytes(item)]));
  }
  return value;
}
