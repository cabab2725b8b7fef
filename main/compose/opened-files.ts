/**
 * Files opened with the app wait here, already checked and staged, until the window takes them into compose.
 * The window may not be ready (the app is starting, or locked), so main keeps them and says that some arrived;
 * the renderer takes them when it can. Nothing is lost if the window takes them late.
 */
import type { StageResult } from '../../preload/models';
import type { EventBus } from '../runtime/event-bus';
import type { Staging } from './staging';

export interface OpenedFiles {
  open(paths: readonly string[]): Promise<void>;
  /** Files staged already (a review-first hot folder's) wait for the window the same way. */
  give(result: StageResult): void;
  take(): StageResult;
}

export function createOpenedFiles(deps: { staging: () => Promise<Staging>; events: EventBus }): OpenedFiles {
  let waiting: StageResult = { staged: [], rejected: [] };
  const give = (result: StageResult): void => {
    waiting = { staged: [...waiting.staged, ...result.staged], rejected: [...waiting.rejected, ...result.rejected] };
    deps.events.emit('filesOpened', { count: waiting.staged.length + waiting.rejected.length });
  };
  return {
    async open(paths) {
      if (paths.length === 0) return;
      give(await (await deps.staging()).stage(paths));
    },
    give,
    take() {
      const taken = waiting;
      waiting = { staged: [], rejected: [] };
      return taken;
    },
  };
}
