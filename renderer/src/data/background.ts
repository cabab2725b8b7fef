/**
 * Background work that needs attention (a hot folder away, a rule's action or a report that could not be written),
 * as main says; the status bar shows it until it is fixed, and Settings says more at the section it concerns.
 */
import type { BackgroundProblem } from '../../../preload/automation';
import { faxApi, type IpcError } from './ipc';
import { createStore } from './store';

export const backgroundProblemsStore = createStore<BackgroundProblem[]>([]);

/** The Settings section where each kind of problem is explained and fixed. */
export const problemSection: Readonly<Record<BackgroundProblem['area'], string>> = {
  hotFolder: 'hot-folders-title',
  rules: 'rules-title',
  reports: 'report-settings-title',
};

export async function loadBackgroundProblems(): Promise<void> {
  const result = await faxApi().getBackgroundProblems();
  if (result.ok) backgroundProblemsStore.set(result.value);
}

export async function retryReports(): Promise<IpcError | null> {
  const result = await faxApi().retryReports();
  return result.ok ? null : result.error;
}

export function startBackgroundProblems(): void {
  faxApi().on('backgroundProblemsChanged', (problems) => backgroundProblemsStore.set(problems));
}
