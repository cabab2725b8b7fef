/**
 * Binary data across Playwright bindings: Uint8Array values are carried as base64 and restored on the other
 * side (Electron IPC clones them natively; this makes the harness behave the same).
 */
const tag = '__faxBytes';

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

export function encodeBytes(value: unknown): unknown {
  if (value instanceof Uint8Array) return { [tag]: toBase64(value) };
  if (Array.isArray(value)) return value.map(encodeBytes);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, encodeBytes(item)]));
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
