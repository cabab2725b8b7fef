/** The draft's recipients: added as typed, pasted or picked (checked, no number twice), named, replaced, removed. */
import { splitPastedNumbers } from '../../../preload/fax-number';
import { faxLimits } from '../../../preload/fax-limits';
import { t } from '../i18n';
import { composeStore, recipientEntry, scheduleDraftSave, updateDraft } from './compose';

/** Adds numbers typed, pasted (several at once) or picked from contacts. Returns how many were added. */
export function addRecipients(inputs: Array<{ number: string; name?: string }>): number {
  const state = composeStore.get();
  const recipients = [...state.recipients];
  const problems: string[] = [];
  let added = 0;
  for (const input of inputs) {
    if (recipients.length >= faxLimits.maxRecipients) {
      problems.push(t('compose.aFaxCanGo', { maxRecipients: faxLimits.maxRecipients, number: input.number }));
      break;
    }
    const next = recipientEntry(input.number, input.name ?? '');
    if (next.e164 && recipients.some((recipient) => recipient.e164 === next.e164)) continue;
    recipients.push(next);
    added += 1;
  }
  updateDraft((current) => ({ ...current, recipients, problems: [...problems, ...current.problems].slice(0, 6) }));
  return added;
}

export function addPasted(text: string): number {
  return addRecipients(splitPastedNumbers(text).map((number) => ({ number })));
}

export function removeRecipient(key: string): void {
  updateDraft((state) => ({ ...state, recipients: state.recipients.filter((recipient) => recipient.key !== key) }));
}

/**
 * Recipients added by number alone get the name of the contact the number belongs to (shown on the chip, sent as
 * the recipient's name). Not an edit of the user's: a draft from earlier keeps its question.
 */
export function nameRecipients(names: ReadonlyArray<{ number: string; name: string }>): void {
  const byNumber = new Map(names.map((entry) => [entry.number, entry.name]));
  const state = composeStore.get();
  const recipients = state.recipients.map((recipient) => {
    const name = recipient.name || recipient.e164 === null ? undefined : byNumber.get(recipient.e164);
    return name === undefined ? recipient : { ...recipient, name };
  });
  if (recipients.every((recipient, index) => recipient === state.recipients[index])) return;
  composeStore.set({ ...state, recipients });
  scheduleDraftSave();
}

export function renameRecipient(key: string, name: string): void {
  updateDraft((state) => ({ ...state, recipients: state.recipients.map((recipient) => (recipient.key === key ? { ...recipient, name } : recipient)) }));
}

/** Puts another number (and name) in place of a recipient: the guard's one-click fix. */
export function replaceRecipient(key: string, replacement: { number: string; name: string | null }): void {
  updateDraft((state) => {
    const replaced = recipientEntry(replacement.number, replacement.name ?? '');
    const duplicate = replaced.e164 !== null && state.recipients.some((recipient) => recipient.key !== key && recipient.e164 === replaced.e164);
    return {
      ...state,
      recipients: duplicate ? state.recipients.filter((recipient) => recipient.key !== key) : state.recipients.map((recipient) => (recipient.key === key ? replaced : recipient)),
    };
  });
}

export function confirmWarnings(keys: readonly string[]): void {
  updateDraft((state) => ({ ...state, confirmedWarnings: [...new Set([...state.confirmedWarnings, ...keys])] }));
}
