/**
 * What in the background needs someone's attention, in one list for the status bar: hot folders that cannot be
 * reached, inbound-rule actions that keep failing, transmission reports that could not be saved. Worked out
 * from each part's own state whenever one of them changes; the window is told only when the list changed.
 */
import type { BackgroundProblem, HotFolderStatus } from '../../preload/automation';
import type { Message } from '../../preload/i18n/translator';
import { say } from '../i18n/main-locale';

export interface ProblemSources {
  hotFolders: () => readonly HotFolderStatus[];
  rules: () => { count: number; problem: Message | null; nextTryMs: number | null };
  reports: () => { count: number; problem: Message | null; nextTryMs: number | null };
}

export interface BackgroundProblems {
  list(): BackgroundProblem[];
  /** Looks again; tells `onChange` when the list differs from the last one. */
  refresh(): void;
}

export function createBackgroundProblems(sources: ProblemSources, onChange: (problems: BackgroundProblem[]) => void): BackgroundProblems {
  let last = '[]';

  function list(): BackgroundProblem[] {
    const problems: BackgroundProblem[] = [];
    const away = sources.hotFolders().filter((folder) => folder.state === 'unavailable');
    if (away.length > 0) problems.push({ area: 'hotFolder', count: away.length, reason: away[0]?.problem ?? null, retryAt: null });
    for (const [area, source] of [['rules', sources.rules], ['reports', sources.reports]] as const) {
      const pending = source();
      if (pending.count > 0 && pending.problem !== null) problems.push({ area, count: pending.count, reason: say(pending.problem), retryAt: pending.nextTryMs });
    }
    return problems;
  }

  return {
    list,
    refresh() {
      const problems = list();
      const now = JSON.stringify(problems);
      if (now === last) return;
      last = now;
      onChange(problems);
    },
  };
}
