/**
 * The office hub as the window sees it: whether this desk is in an office and how the hub answers (the status bar,
 * Settings → Office), the actions on a received fax's shared triage, and the notes of the fax shown. A fax whose
 * triage changed on any desk is redrawn in the lists and the detail.
 */
import type { FaxId } from '../../../preload/fax-id';
import type { ClaimOutcome, FaxTriageSummary, LabelView, OfficeView, PersonView, TriageNoteView, WaitingAction } from '../../../preload/office';
import { t } from '../i18n';
import { clockTime } from '../format';
import { applyFaxesChanged, unreadStore } from './faxes';
import { faxApi, type IpcError, type IpcResult } from './ipc';
import { createStore, useStore } from './store';
import { toast } from './toasts';

export const officeStore = createStore<OfficeView>({ joined: false });
/**
 * Each fax's shared triage as main last told it (null: nothing shared). The inbox row and the detail both show a
 * fax's triage from here when it is here, so they can never disagree; a list fetched before the news comes second.
 */
export const triageStore = createStore<ReadonlyMap<FaxId, FaxTriageSummary | null>>(new Map());

/** The newest triage of a fax: what main last told, else what the list or detail read with it. */
export function latestTriage(faxId: FaxId, read: FaxTriageSummary | undefined, told: ReadonlyMap<FaxId, FaxTriageSummary | null>): FaxTriageSummary | undefined {
  if (!told.has(faxId)) return read;
  return told.get(faxId) ?? undefined;
}

/** A fax's triage in a component, following every change main tells. */
export function useTriage(faxId: FaxId, read: FaxTriageSummary | undefined): FaxTriageSummary | undefined {
  return latestTriage(faxId, read, useStore(triageStore));
}

/** The office's labels (removed ones too: a fax may still carry one); empty without an office. */
export const labelsStore = createStore<LabelView[]>([]);

export async function loadOffice(): Promise<void> {
  const result = await faxApi().getOffice();
  if (result.ok) officeStore.set(result.value);
  await loadLabels();
}

export async function loadLabels(): Promise<void> {
  const result = await faxApi().listOfficeLabels();
  if (result.ok) labelsStore.set(result.value);
}

function settle<T>(result: IpcResult<T>): IpcError | null {
  return result.ok ? null : result.error;
}

export async function createOffice(input: {
  host: string;
  port: number;
  database: string;
  user: string;
  password?: string;
  clientCertificate?: string;
  clientKey?: string;
  ca?: string;
  name: string;
  setupUser: string;
  setupPassword: string;
}): Promise<IpcError | null> {
  const result = await faxApi().createOffice(input);
  if (result.ok) officeStore.set(result.value);
  return settle(result);
}

/** Upgrades the hub's schema with IT's setup account (the administrator's desk); the account is not kept. */
export async function upgradeOfficeHub(setup: { setupUser: string; setupPassword: string }): Promise<IpcError | null> {
  const result = await faxApi().upgradeOfficeHub(setup);
  if (result.ok) officeStore.set(result.value);
  return settle(result);
}

export async function joinOffice(code: string): Promise<IpcError | null> {
  const result = await faxApi().joinOffice({ code });
  if (result.ok) officeStore.set(result.value);
  return settle(result);
}

export const listWaiting = (): Promise<IpcResult<WaitingAction[]>> => faxApi().listOfficeWaiting();
export async function retryOffice(): Promise<IpcError | null> {
  const result = await faxApi().retryOffice();
  if (result.ok) officeStore.set(result.value);
  return settle(result);
}

export async function leaveOffice(): Promise<IpcError | null> {
  const result = await faxApi().leaveOffice({ confirmed: true });
  if (result.ok) officeStore.set(result.value);
  return settle(result);
}

export const listPeople = (): Promise<IpcResult<PersonView[]>> => faxApi().listOfficePeople();
/** A new join code for a person already in the office (the administrator's desk); their old desk is out. */
export const resetPerson = (login: string, validHours: number): Promise<IpcResult<{ joinCode: string }>> => faxApi().resetOfficePerson({ login, validHours, confirmed: true });

/** Confirms a person waiting to join whose screen shows `safetyCode` (the administrator's desk). */
export async function confirmJoining(login: string, safetyCode: string): Promise<IpcError | null> {
  const result = await faxApi().confirmOfficeJoin({ login, safetyCode, confirmed: true });
  return result.ok ? null : result.error;
}

export const addPerson = (login: string, name: string, validHours: number): Promise<IpcResult<{ joinCode: string }>> => faxApi().addOfficePerson({ login, name, validHours });
export const removePerson = async (login: string): Promise<IpcError | null> => settle(await faxApi().removeOfficePerson({ login }));
export const claimFax = (faxId: FaxId): Promise<IpcResult<ClaimOutcome>> => faxApi().claimFax({ faxId });
export const releaseFax = async (faxId: FaxId): Promise<IpcError | null> => settle(await faxApi().releaseFax({ faxId }));
export const takeOverFax = async (faxId: FaxId): Promise<IpcError | null> => settle(await faxApi().takeOverFax({ faxId, confirmed: true }));
export const assignFax = async (faxId: FaxId, login: string | null): Promise<IpcError | null> => settle(await faxApi().assignFax({ faxId, login }));
export const listNotes = (faxId: FaxId): Promise<IpcResult<TriageNoteView[]>> => faxApi().listTriageNotes({ faxId });
export const addNote = async (faxId: FaxId, text: string): Promise<IpcError | null> => settle(await faxApi().addTriageNote({ faxId, text }));
export const removeNote = async (faxId: FaxId, noteId: string): Promise<IpcError | null> => settle(await faxApi().removeTriageNote({ faxId, noteId, confirmed: true }));
export async function saveLabel(id: string | null, name: string): Promise<IpcError | null> {
  const refused = settle(await faxApi().saveOfficeLabel({ id, name }));
  await loadLabels();
  return refused;
}
export async function removeLabel(id: string): Promise<IpcError | null> {
  const refused = settle(await faxApi().removeOfficeLabel({ id, confirmed: true }));
  await loadLabels();
  return refused;
}
export const setFaxLabels = async (faxId: FaxId, labelIds: string[]): Promise<IpcError | null> => settle(await faxApi().setFaxLabels({ faxId, labelIds }));
export const exportAudit = async (from: string, to: string): Promise<IpcError | null> => settle(await faxApi().exportOfficeAudit({ from, to }));

export function startOffice(): void {
  const fax = faxApi();
  fax.on('officeChanged', (view) => {
    officeStore.set(view);
    if (!view.joined) triageStore.set(new Map());
    // Labels are read again when the office changed (a label added on the administrator's desk, joining, leaving).
    void loadLabels();
  });
  fax.on('triageChanged', ({ faxIds, triage }) => {
    triageStore.set((current) => {
      const next = new Map(current);
      for (const faxId of faxIds) next.set(faxId, triage[faxId] ?? null);
      return next;
    });
    // The lists fetch their window again (a claim moves a fax out of "Unclaimed"); an open detail does not need to:
    // it shows the triage from the store.
    applyFaxesChanged({ added: [], updated: [], unreadInbound: unreadStore.get() });
  });
  fax.on('claimLost', ({ by, since, reference }) =>
    toast('info', reference === null ? t('office.claimLostWhileOffline', { name: by.name, time: clockTime(since) }) : t('office.claimLostNamed', { name: by.name, time: clockTime(since), reference })),
  );
}
