/**
 * Names in a hot folder: which files are still being written by their program (temporary names), where a taken
 * file goes, and a free name in that place (a later file of the same name never replaces an earlier one).
 */
import fsp from 'node:fs/promises';
import path from 'node:path';

/** The subfolders a hot folder keeps its files in. Fixed English names: other programs and scripts rely on them. */
export const subfolders = { sending: 'Sending', sent: 'Sent', failed: 'Failed', opened: 'Opened' } as const;
export type Subfolder = (typeof subfolders)[keyof typeof subfolders];

const temporarySuffixes = ['.part', '.partial', '.crdownload', '.download', '.tmp', '.temp', '.swp', '~'];

/**
 * Office lock files (`~$report.docx`), hidden files (`.~lock.report.odt#`, `.DS_Store`), browser and download
 * partials, editor swap files, and the reason notes this app writes.
 */
export function isTemporaryName(name: string): boolean {
  const lower = name.toLowerCase();
  if (name.startsWith('~$') || name.startsWith('.') || name.startsWith('~')) return true;
  if (lower === 'desktop.ini' || lower === 'thumbs.db') return true;
  return temporarySuffixes.some((suffix) => lower.endsWith(suffix));
}

/** `name`, or `name (2).ext`, `name (3).ext`… — the first that does not exist in `folder`. */
export async function freeName(folder: string, name: string): Promise<string> {
  const extension = path.extname(name);
  const stem = name.slice(0, name.length - extension.length);
  for (let attempt = 1; ; attempt += 1) {
    const candidate = attempt === 1 ? name : `${stem} (${attempt})${extension}`;
    const taken = await fsp.lstat(path.join(folder, candidate)).then(() => true, () => false);
    const noteTaken = await fsp.lstat(path.join(folder, `${candidate}.txt`)).then(() => true, () => false);
    if (!taken && !noteTaken) return candidate;
  }
}

/** Whether `inner` is `outer` or inside it (both already resolved). */
export function isInside(inner: string, outer: string): boolean {
  const relative = path.relative(outer, inner);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
