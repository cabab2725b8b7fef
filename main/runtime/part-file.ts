/** Writing a file under `<name>.part` and renaming it into place, so nobody sees a half-written file by its name. */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';

/**
 * Runs `write` on `<target>.part` and renames it to `target`. On failure the part file is removed — after its
 * stream has closed: a file stream opens its file asynchronously, so removing it sooner would race the open, leave
 * the part file behind and leak its descriptor when `write` failed before touching the stream.
 */
export async function writeThroughPart(
  target: string,
  write: (out: Writable) => Promise<void>,
  open: (file: string) => Writable = (file) => fs.createWriteStream(file, { mode: 0o600 }),
  afterWrite: () => void = () => undefined,
): Promise<void> {
  const partial = `${target}.part`;
  const out = open(partial);
  try {
    await write(out);
    afterWrite();
    await fsp.rename(partial, target);
  } catch (error) {
    out.destroy();
    await finished(out).catch(() => undefined);
    await fsp.rm(partial, { force: true }).catch(() => undefined);
    throw error;
  }
}
