/** Main's own check of a submission against the spec's limits, before anything is uploaded. */
import { checkFaxNumber } from '../../preload/fax-number';
import { faxLimits, tooLargeMessage } from '../../preload/fax-limits';
import { say } from '../i18n/main-locale';
import type { DraftRecipient } from '../../preload/models';
import { AppError } from '../errors';
import { msg } from '../../preload/i18n/translator';

export function checkRecipients(recipients: readonly DraftRecipient[]): DraftRecipient[] {
  if (recipients.length === 0) throw new AppError('invalid_input', msg('submissionRules.addAtLeastOne'));
  if (recipients.length > faxLimits.maxRecipients) {
    throw new AppError('invalid_input', msg('submissionRules.aFaxCanGo', { maxRecipients: faxLimits.maxRecipients, length: recipients.length }));
  }
  const seen = new Set<string>();
  return recipients.map((recipient, index) => {
    const check = checkFaxNumber(recipient.number);
    if (!check.ok) throw new AppError('invalid_input', msg('submissionRules.recipient', { value: index + 1, message: say(check.message) }));
    if (seen.has(check.e164)) throw new AppError('invalid_input', msg('submissionRules.recipientIsListedTwice', { value: index + 1 }));
    seen.add(check.e164);
    const name = recipient.name?.trim();
    return name ? { number: check.e164, name } : { number: check.e164 };
  });
}

export function checkFileCount(count: number, coverId: string | null): void {
  if (count === 0 && !coverId) throw new AppError('invalid_input', msg('submissionRules.nothingToSendAdd'));
  if (count > faxLimits.maxFiles) {
    throw new AppError('invalid_input', msg('submissionRules.aFaxCanCarry', { maxFiles: faxLimits.maxFiles, count }));
  }
}

export function checkFileSize(size: number, label: string): void {
  if (size === 0) throw new AppError('file', msg('submissionRules.isEmpty', { label }));
  if (size > faxLimits.maxFileBytes) {
    throw new AppError('file', tooLargeMessage(label, size));
  }
}
