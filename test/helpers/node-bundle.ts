/**
 * A script bundled once for plain `node` starts (esbuild, CommonJS) into the tests' cache folder, named by a hash of
 * its content: a code cache beside a bundle always belongs to that very bundle, and a bundle made by another worker
 * of the same run is used as it is.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

export const testBundleDir = path.resolve('node_modules', '.cache', 'fax-desktop-tests');

/** Writes `contents` to `file` whole or not at all (workers bundle side by side). */
function writeWhole(file: string, contents: Uint8Array): void {
  const partial = `${file}.${String(process.pid)}`;
  fs.writeFileSync(partial, contents);
  fs.renameSync(partial, file);
}

export async function bundleForNode(entry: string, name: string, external: readonly string[]): Promise<string> {
  const result = await build({ entryPoints: [entry], write: false, outfile: `${name}.cjs`, bundle: true, platform: 'node', format: 'cjs', target: 'node20', external: [...external], logLevel: 'silent' });
  const contents = result.outputFiles[0]?.contents;
  if (!contents) throw new Error(`esbuild wrote nothing for ${entry}`);
  const file = path.join(testBundleDir, `${name}-${crypto.createHash('sha256').update(contents).digest('hex').slice(0, 16)}.cjs`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(testBundleDir, { recursive: true });
    writeWhole(file, contents);
    // Older builds of the same script (and their caches) are of no more use.
    for (const entry of fs.readdirSync(testBundleDir)) if (entry.startsWith(`${name}-`) && !path.join(testBundleDir, entry).startsWith(file)) fs.rmSync(path.join(testBundleDir, entry), { force: true });
  }
  return file;
}
