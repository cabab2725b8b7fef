/**
 * A PDF made in memory, saved where the user chooses: the dialog first (nothing is made when they cancel), then the
 * bytes written beside the chosen name and renamed into place, a failed write worded as the disk's problem.
 */
import type { SavedFile } from '../../preload/models';
import type { Desktop } from '../desktop';
import { AppError } from '../errors';
import { writeThroughPart } from '../runtime/part-file';
import { writeProblem } from './write-problem';

export async function savePdfAs(desktop: Pick<Desktop, 'chooseSavePath'>, dialog: { title: string; defaultName: string }, make: () => Promise<Uint8Array>): Promise<SavedFile> {
  const target = await desktop.chooseSavePath({ ...dialog, filters: [{ name: 'PDF', extensions: ['pdf'] }] });
  if (target === null) return { saved: false };
  const bytes = await make();
  await writeThroughPart(target, (out) => new Promise<void>((resolve, reject) => out.end(bytes, (error?: Error | null) => (error ? reject(error) : resolve())))).catch((error: unknown) => {
    throw new AppError('file', writeProblem(error));
  });
  return { saved: true };
}
