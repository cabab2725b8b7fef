/** Hot folders, inbound rules and the reminder over IPC. */
import type { Handlers } from './dispatcher';
import type { HandlerContext } from './services';

type AutomationHandlers = Pick<Handlers, 'getAutomation' | 'saveAutomation' | 'getHotFolderStatus' | 'listPrinters' | 'retryRuleActions' | 'getBackgroundProblems' | 'retryReports' | 'getFaxPrinters' | 'addFaxPrinter' | 'removeFaxPrinter'>;

export function automationHandlers(context: HandlerContext): AutomationHandlers {
  return {
    getAutomation: async () => (await context.services()).automation.get(),
    saveAutomation: async (next) => {
      // Every folder a hot folder watches or a rule saves into must be inside the organization's allowed roots.
      for (const folder of [...next.hotFolders.map((hot) => hot.path), ...next.inboundRules.map((rule) => rule.folder)]) context.policies.checkFolder(folder);
      return (await context.services()).automation.save(next);
    },
    getHotFolderStatus: async () => (await context.services()).hotFolders.status(),
    listPrinters: () => context.desktop.listPrinters(),
    getFaxPrinters: async () => (await context.services()).faxPrinters.state(),
    addFaxPrinter: async ({ hotFolderId }) => (await context.services()).faxPrinters.add(hotFolderId),
    removeFaxPrinter: async ({ hotFolderId }) => (await context.services()).faxPrinters.remove(hotFolderId),
    retryRuleActions: async ({ id }) => {
      await (await context.services()).rules.retry(id);
      return null;
    },
    getBackgroundProblems: async () => (await context.services()).problems.list(),
    retryReports: async () => {
      await (await context.services()).reports.retry();
      return null;
    },
  };
}
