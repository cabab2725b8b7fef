// The status bar's list of background work that needs attention: hot folders away, rule actions and reports that
// keep failing — each with its count, latest reason and next try; the window hears only of real changes.
import { describe, expect, it } from 'vitest';
import type { BackgroundProblem, HotFolderStatus } from '../../../preload/automation';
import { createBackgroundProblems } from '../../../main/office/background-problems';
import { msg, type Message } from '../../../preload/i18n/translator';

const folder = (id: string, state: HotFolderStatus['state'], problem: string | null = null): HotFolderStatus => ({ id, state, problem, taken: 0, failed: 0, waiting: 0 });
const none = { count: 0, problem: null, nextTryMs: null };

describe('background problems', () => {
  it('lists what needs attention, and tells the window only when the list changes', () => {
    let folders = [folder('a', 'watching'), folder('b', 'off')];
    let rules: { count: number; problem: Message | null; nextTryMs: number | null } = none;
    let reports: { count: number; problem: Message | null; nextTryMs: number | null } = none;
    const heard: BackgroundProblem[][] = [];
    const problems = createBackgroundProblems({ hotFolders: () => folders, rules: () => rules, reports: () => reports }, (list) => heard.push(list));
    problems.refresh();
    expect(heard).toEqual([]);

    folders = [folder('a', 'unavailable', 'The folder cannot be reached.'), folder('b', 'unavailable', 'Other.'), folder('c', 'watching')];
    rules = { count: 2, problem: msg('fileWrite.notAllowed'), nextTryMs: 5_000 };
    reports = { count: 1, problem: msg('fileWrite.diskFull'), nextTryMs: 9_000 };
    problems.refresh();
    problems.refresh();
    expect(heard).toEqual([
      [
        { area: 'hotFolder', count: 2, reason: 'The folder cannot be reached.', retryAt: null },
        { area: 'rules', count: 2, reason: 'This computer does not allow writing into the folder.', retryAt: 5_000 },
        { area: 'reports', count: 1, reason: 'The disk is full: free some space there.', retryAt: 9_000 },
      ],
    ]);

    folders = [folder('a', 'watching')];
    rules = none;
    reports = { count: 3, problem: null, nextTryMs: 0 };
    problems.refresh();
    // Reports waiting for their first try are not a problem (yet).
    expect(heard.at(-1)).toEqual([]);
    expect(problems.list()).toEqual([]);
  });
});
