/** Main's own check of a submission against the spec's limits, before anything is uploaded. */
import { checkFaxNumber } from '../../preload/fax-number';
import { faxLimits, tooLargeMessage } from '../../preload/fax-limits';
import type { DraftRecipient } from '../../preload/models';
import { AppError } from '../errors';

export function checkRecipients(recipients: readonly DraftRecipient[]): DraftRecipient[] {
  if (recipients.length === 0) throw new AppError('invalid_input', 'Add at least one recipient.');
  if (recipients.length > faxLimits.maxRecipients) {
    throw new AppError('invalid_input', `A fax can go to at most ${faxLimits.maxRecipients} recipients; this one has ${recipients.length}. Split it into two faxes.`);
  }
  const seen = new Set<string>();
  return recipients.map((recipient, index) => {
    const check = checkFaxNumber(recipient.number);
    if (!check.ok) throw new AppError('invalid_input', `Recipient ${index + 1}: ${check.message}`);
    if (seen.has(check.e164)) throw new AppError('invalid_input', `Recipient ${index + 1} is listed twice.`);
    seen.add(check.e164);
    const name = recipient.name?.trim();
    return name ? { number: check.e164, name } : { number: check.e164 };
  });
}

export function checkFileCount(count: number, coverId: string | null): void {
  if (count === 0 && !coverId) throw new AppError('invalid_input', 'Nothing to send: add a file, or choose a cover sheet to send it alone.');
  if (count > faxLimits.maxFiles) {
    throw new AppError('invalid_input', `A fax can carry at most ${faxLimits.maxFiles} files; this one has ${count}. Combine some into one PDF, or send two faxes.`);
  }
}

export function checkFileSize(size: number, label: string): void {
  if (size === 0) throw new AppError('file', `${label} is empty.`);
  if (size > faxLimits.maxFileBytes) {
    throw new AppError('file', tooLargeMessage(label, size));
  }
}
