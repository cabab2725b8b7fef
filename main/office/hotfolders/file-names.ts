/**
 * Names in a hot folder: which files are still being written by their program (temporary names), where a taken
 * file goes (a free name there comes from runtime/free-name.ts).
 */
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

/** Whether `inner` is `outer` or inside it (both already resolved). */
export function isInside(inner: string, outer: string): boolean {
  const relative = path.relative(outer, inner);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
