/** A name no file in a folder has yet, so a later file of the same name never replaces an earlier one. */
import fsp from 'node:fs/promises';
import path from 'node:path';

/**
 * `name`, or `name (2).ext`, `name (3).ext`… — the first that does not exist in `folder` (nor as a reason note),
 * and that `reserved` does not hold for another file on its way.
 */
export async function freeName(folder: string, name: string, reserved: (file: string) => boolean = () => false): Promise<string> {
  const extension = path.extname(name);
  const stem = name.slice(0, name.length - extension.length);
  for (let attempt = 1; ; attempt += 1) {
    const candidate = attempt === 1 ? name : `${stem} (${attempt})${extension}`;
    const taken = await fsp.lstat(path.join(folder, candidate)).then(() => true, () => false);
    const noteTaken = await fsp.lstat(path.join(folder, `${candidate}.txt`)).then(() => true, () => false);
    if (!taken && !noteTaken && !reserved(path.join(folder, candidate))) return candidate;
  }
}
