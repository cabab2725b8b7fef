/** The office hub over IPC: membership, people, shared triage, the audit export. */
import { decodeJoinCode } from '../hub/join-code';
import type { Handlers } from './dispatcher';
import type { HandlerContext } from './services';

type OfficeHubHandlers = Pick<
  Handlers,
  | 'getOffice'
  | 'createOffice'
  | 'upgradeOfficeHub'
  | 'joinOffice'
  | 'leaveOffice'
  | 'listOfficeWaiting'
  | 'retryOffice'
  | 'listOfficePeople'
  | 'addOfficePerson'
  | 'confirmOfficeJoin'
  | 'resetOfficePerson'
  | 'removeOfficePerson'
  | 'claimFax'
  | 'releaseFax'
  | 'takeOverFax'
  | 'assignFax'
  | 'listTriageNotes'
  | 'addTriageNote'
  | 'removeTriageNote'
  | 'exportOfficeAudit'
  | 'listOfficeLabels'
  | 'saveOfficeLabel'
  | 'removeOfficeLabel'
  | 'setFaxLabels'
>;

/** Local midnight of a yyyy-mm-dd day, and of the day after `to` (the export's range is whole days). */
function dayRange(from: string, to: string): { from: number; to: number } {
  const start = (day: string): number => {
    const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
    return new Date(year, month - 1, date).getTime();
  };
  return { from: start(from), to: start(to) + 24 * 3600 * 1000 };
}

export function officeHubHandlers(context: HandlerContext): OfficeHubHandlers {
  const hub = async () => (await context.services()).officeHub;
  const done = <T>(work: Promise<T>): Promise<null> => work.then(() => null);
  return {
    getOffice: async () => (await hub()).view(),
    createOffice: async (input) => {
      context.policies.checkHub(input);
      return (await hub()).create(input);
    },
    upgradeOfficeHub: async ({ setupUser, setupPassword }) => (await hub()).upgradeHub({ user: setupUser, password: setupPassword }),
    joinOffice: async ({ code }) => {
      context.policies.checkHub(decodeJoinCode(code).address);
      return (await hub()).join(code);
    },
    leaveOffice: async () => (await hub()).leave(),
    listOfficeWaiting: async () => (await hub()).waiting(),
    retryOffice: async () => (await hub()).retry(),
    listOfficePeople: async () => (await hub()).people(),
    addOfficePerson: async (person) => (await hub()).addPerson(person),
    resetOfficePerson: async ({ login, validHours }) => (await hub()).resetPerson({ login, validHours }),
    confirmOfficeJoin: async ({ login, safetyCode }) => done((await hub()).confirmJoin(login, safetyCode)),
    removeOfficePerson: async ({ login }) => done((await hub()).removePerson(login)),
    claimFax: async ({ faxId }) => (await hub()).claim(faxId),
    releaseFax: async ({ faxId }) => done((await hub()).release(faxId)),
    takeOverFax: async ({ faxId }) => done((await hub()).takeOver(faxId)),
    assignFax: async ({ faxId, login }) => done((await hub()).assign(faxId, login)),
    listTriageNotes: async ({ faxId }) => (await hub()).notes(faxId),
    addTriageNote: async ({ faxId, text }) => done((await hub()).addNote(faxId, text)),
    removeTriageNote: async ({ faxId, noteId }) => done((await hub()).removeNote(faxId, noteId)),
    listOfficeLabels: async () => (await hub()).labels(),
    saveOfficeLabel: async (label) => ({ id: await (await hub()).saveLabel(label) }),
    removeOfficeLabel: async ({ id }) => done((await hub()).removeLabel(id)),
    setFaxLabels: async ({ faxId, labelIds }) => done((await hub()).setLabels(faxId, labelIds)),
    exportOfficeAudit: async ({ from, to }) => (await hub()).exportAudit(dayRange(from, to)),
  };
}
