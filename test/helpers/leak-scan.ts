/** Looks for secrets (the API key, "Bearer") in values of any shape and in every file under a folder. */
import fs from 'node:fs';
import path from 'node:path';

function bytesOf(value: ArrayBufferView): Buffer {
  return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
}

/** Every place under `value` (strings, byte arrays, nested objects) where one of the needles appears. */
export function findNeedles(value: unknown, needles: readonly string[], where: string, found: string[] = [], seen = new Set<object>()): string[] {
  if (typeof value === 'string') {
    for (const needle of needles) if (value.includes(needle)) found.push(`${where} contains ${JSON.stringify(needle)}`);
  } else if (ArrayBuffer.isView(value)) {
    const bytes = bytesOf(value);
    for (const needle of needles) if (bytes.includes(needle)) found.push(`${where} (bytes) contains ${JSON.stringify(needle)}`);
  } else if (value !== null && typeof value === 'object' && !seen.has(value)) {
    seen.add(value);
    for (const [key, item] of Object.entries(value)) {
      findNeedles(key, needles, `${where}.key`, found, seen);
      findNeedles(item, needles, `${where}.${key}`, found, seen);
    }
  }
  return found;
}

export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : entry.isFile() ? [full] : [];
  });
}

/** Reads every file under `dir` raw and reports which contain a needle. */
export function scanFiles(dir: string, needles: readonly string[], skip: (file: string) => boolean = () => false): string[] {
  return filesUnder(dir)
    .filter((file) => !skip(file))
    .flatMap((file) => {
      const bytes = fs.readFileSync(file);
      return needles.filter((needle) => bytes.includes(needle)).map((needle) => `${path.basename(file)} contains ${JSON.stringify(needle)}`);
    });
}
