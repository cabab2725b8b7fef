/**
 * Binary data across Playwright bindings: Uint8Array values are carried as base64 and restored on the other
 * side (Electron IPC clones them natively; this makes the harness behave the same). Base64 through the DevTools
 * protocol costs ~60 ms per MB, far more than Electron's IPC, so big replies (a fax's PDF) travel instead as a
 * one-time download from the harness's own loopback server, which the page reads as an ArrayBuffer.
 *
 * A reply travels as one JSON string when it is plain data (it nearly always is): Playwright serializes and checks
 * a structured value node by node, which for a page of 100 faxes cost more than main's query — a cost Electron's
 * IPC does not have, so the harness's timings measured the transport instead of the app. A reply holding anything
 * JSON would change (a Date, a Map, undefined in a list, a non-finite number) goes structured, as before.
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

const jsonTag = '__faxJson';

/** Byte arrays become base64; with `offer`, big ones become one-time blob paths instead (replies to the page). */
function encodeValue(value: unknown, offer: ((bytes: Uint8Array) => string) | null, plain: { json: boolean }): unknown {
  if (value instanceof Uint8Array) return offer && value.byteLength >= blobThreshold ? { [blobTag]: offer(value) } : { [tag]: toBase64(value) };
  if (Array.isArray(value)) {
    if (value.includes(undefined)) plain.json = false;
    return value.map((item) => encodeValue(item, offer, plain));
  }
  if (value && typeof value === 'object') {
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) {
      // A Date, a Map…: Playwright carries it as it is.
      plain.json = false;
      return value;
    }
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, encodeValue(item, offer, plain)]));
  }
  if (typeof value === 'number' && !Number.isFinite(value)) plain.json = false;
  if (typeof value === 'bigint') plain.json = false;
  return value;
}

/** A reply for the page: one JSON string when it is plain data, else a structured value (bytes encoded either way). */
export function encodeReply(value: unknown, offer: ((bytes: Uint8Array) => string) | null): unknown {
  const plain = { json: value !== undefined };
  const encoded = encodeValue(value, offer, plain);
  return plain.json ? { [jsonTag]: JSON.stringify(encoded) } : encoded;
}

export function encodeBytes(value: unknown): unknown {
  return encodeValue(value, null, { json: false });
}

/** True when a value (of a plain-data reply) holds encoded bytes somewhere: only then is it walked again. */
function holdsBytes(json: string): boolean {
  return json.includes(`"${tag}"`) || json.includes(`"${blobTag}"`);
}

async function decodeValue(value: unknown, fetchBlob: (path: string) => Promise<Uint8Array>): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map((item) => decodeValue(item, fetchBlob)));
  if (value && typeof value === 'object') {
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) return value;
    const record = value as Record<string, unknown>;
    if (Object.keys(record).length === 1) {
      if (typeof record[tag] === 'string') return fromBase64(record[tag]);
      if (typeof record[blobTag] === 'string') return fetchBlob(record[blobTag]);
    }
    const entries = await Promise.all(Object.entries(record).map(async ([key, item]) => [key, await decodeValue(item, fetchBlob)] as const));
    return Object.fromEntries(entries);
  }
  return value;
}

/** Restores what encodeReply made; blob paths are fetched with `fetchBlob`. */
export async function decodeReply(value: unknown, fetchBlob: (path: string) => Promise<Uint8Array>): Promise<unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const json = (value as Record<string, unknown>)[jsonTag];
    if (typeof json === 'string' && Object.keys(value).length === 1) {
      const parsed: unknown = JSON.parse(json);
      return holdsBytes(json) ? decodeValue(parsed, fetchBlob) : parsed;
    }
  }
  return decodeValue(value, fetchBlob);
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
