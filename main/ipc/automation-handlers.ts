/** Hot folders, inbound rules and the reminder over IPC. */
import type { Handlers } from './dispatcher';
import type { HandlerContext } from './services';

type AutomationHandlers = Pick<Handlers, 'getAutomation' | 'saveAutomation' | 'getHotFolderStatus'>;

export function automationHandlers(context: HandlerContext): AutomationHandlers {
  return {
    getAutomation: async () => (await context.services()).automation.get(),
    saveAutomation: async (next) => (await context.services()).automation.save(next),
    getHotFolderStatus: async () => (await context.services()).hotFolders.status(),
  };
}
