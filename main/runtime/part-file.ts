/** Writing a file under `<name>.part` and renaming it into place, so nobody sees a half-written file by its name. */
import fsp from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';

/** Opens the part file. May return a stream that opens lazily: its errors are listened for from the first moment. */
export type OpenPart = (file: string) => Writable | Promise<Writable>;

/**
 * The part file opened before any stream exists: a folder the user cannot write into (EACCES), a missing folder
 * or a full disk rejects here, as an ordinary error — never as an 'error' event nobody listens to yet.
 */
export const openPartFile: OpenPart = async (file) => {
  const handle = await fsp.open(file, 'w', 0o600);
  return handle.createWriteStream();
};

/**
 * Runs `write` on `<target>.part` and renames it to `target`. On failure the part file is removed — after its
 * stream has closed: a stream may open its file asynchronously, so removing it sooner would race the open, leave
 * the part file behind and leak its descriptor when `write` failed before touching the stream.
 */
export async function writeThroughPart(target: string, write: (out: Writable) => Promise<void>, open: OpenPart = openPartFile, afterWrite: () => void = () => undefined): Promise<void> {
  const partial = `${target}.part`;
  const out = await open(partial);
  // Whatever the stream reports before `write` listens (a lazy open failing, say) is kept, not thrown at the process.
  const reported: { error: Error | null } = { error: null };
  const keepError = (error: Error) => {
    reported.error ??= error;
  };
  out.on('error', keepError);
  try {
    await write(out);
    if (reported.error !== null) throw reported.error;
    afterWrite();
    await fsp.rename(partial, target);
  } catch (error) {
    out.destroy();
    await finished(out).catch(() => undefined);
    await fsp.rm(partial, { force: true }).catch(() => undefined);
    // The stream's own failure says why (a write into a stream that failed to open only says "destroyed").
    throw reported.error ?? error;
  } finally {
    out.off('error', keepError);
  }
}
