/**
 * Hot folders, inbound rules and the reminder as main holds them (sealed there), and what each hot folder is
 * doing. Every change is checked and saved by main; a refusal comes back with its reason and changes nothing.
 */
import type { Automation, FaxPrinterState, HotFolderStatus, PrinterInfo } from '../../../preload/automation';
import { applyFaxesChanged, unreadStore } from './faxes';
import type { DraftRecipient } from '../../../preload/models';
import { faxApi, type IpcError } from './ipc';
import { createStore } from './store';
import { t } from '../i18n';
import type { FaxId } from '../../../preload/fax-id';

export const automationStore = createStore<Automation | null>(null);
export const hotFolderStatusStore = createStore<HotFolderStatus[]>([]);

export async function loadAutomation(): Promise<void> {
  const [automation, status] = await Promise.all([faxApi().getAutomation(), faxApi().getHotFolderStatus()]);
  if (automation.ok) automationStore.set(automation.value);
  if (status.ok) hotFolderStatusStore.set(status.value);
}

export async function saveAutomation(next: Automation): Promise<IpcError | null> {
  const result = await faxApi().saveAutomation(next);
  if (!result.ok) return result.error;
  automationStore.set(result.value);
  return null;
}

export function startAutomation(): void {
  faxApi().on('automationChanged', (automation) => automationStore.set(automation));
  faxApi().on('hotFoldersChanged', (status) => hotFolderStatusStore.set(status));
  // An open detail shows what the rules just did (or why they could not).
  faxApi().on('ruleActionsChanged', ({ faxIds }) => applyFaxesChanged({ added: [], updated: faxIds, unreadInbound: unreadStore.get() }));
}

/** The computer's printers (none when they cannot be listed: the rule form says to choose one). */
export async function loadPrinters(): Promise<PrinterInfo[]> {
  const result = await faxApi().listPrinters();
  return result.ok ? result.value : [];
}

/** The "Fax Desktop" printers (Linux), as CUPS has them set up. */
export const faxPrinterStore = createStore<FaxPrinterState | null>(null);

export async function loadFaxPrinters(): Promise<void> {
  const result = await faxApi().getFaxPrinters();
  if (result.ok) faxPrinterStore.set(result.value);
}

/** Adds or removes a hot folder's printer (main asks for the administrator's permission); the refusal, or null. */
export async function changeFaxPrinter(change: 'add' | 'remove', hotFolderId: string): Promise<IpcError | null> {
  const result = change === 'add' ? await faxApi().addFaxPrinter({ hotFolderId }) : await faxApi().removeFaxPrinter({ hotFolderId });
  if (!result.ok) return result.error;
  faxPrinterStore.set(result.value);
  return null;
}

export async function retryRuleActions(id: FaxId): Promise<IpcError | null> {
  const result = await faxApi().retryRuleActions({ id });
  return result.ok ? null : result.error;
}

const looksLikeNumber = (entry: string): boolean => /^[+\d\s().\-/]+$/.test(entry);

/**
 * "+1 415 555 0142, Dr. Lee" → recipients: each entry is a fax number, or the name of one contact (its fax number
 * is taken). Throws the reason when a name matches no contact, or more than one.
 */
export async function recipientsFromText(text: string): Promise<DraftRecipient[]> {
  const entries = text.split(/[,;\n]/).map((entry) => entry.trim()).filter(Boolean);
  const recipients: DraftRecipient[] = [];
  for (const entry of entries) {
    const named = /^(.+?)\s*\((\+[\d\s]+)\)$/.exec(entry);
    if (named?.[1] && named[2]) {
      recipients.push({ number: named[2], name: named[1] });
      continue;
    }
    if (looksLikeNumber(entry)) {
      recipients.push({ number: entry });
      continue;
    }
    const found = await faxApi().listContacts({ q: entry, offset: 0, limit: 5 });
    const matches = found.ok ? found.value.items.filter((contact) => contact.faxNumber) : [];
    const exact = matches.filter((contact) => contact.name?.toLowerCase() === entry.toLowerCase());
    const chosen = exact.length === 1 ? exact[0] : matches.length === 1 ? matches[0] : undefined;
    if (!chosen?.faxNumber) throw new Error(t('automation.noSingleContactWith', { name: entry }));
    recipients.push(chosen.name ? { number: chosen.faxNumber, name: chosen.name } : { number: chosen.faxNumber });
  }
  return recipients;
}

export function recipientsText(recipients: readonly DraftRecipient[]): string {
  return recipients.map((recipient) => (recipient.name ? `${recipient.name} (${recipient.number})` : recipient.number)).join(', ');
}
