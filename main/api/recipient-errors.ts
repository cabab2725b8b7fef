/**
 * Recipient failure reasons in plain words. The spec names busy line, no answer and not a fax machine but not
 * the format of the value, so common spellings are recognised; anything else is shown verbatim by the UI.
 */
import type { MessageId } from '../../preload/i18n/translator';
import { msg } from '../../preload/i18n/translator';
import { say } from '../i18n/main-locale';

const reasons: ReadonlyArray<[RegExp, MessageId]> = [
  [/busy/i, 'recipientErrors.busy'],
  [/no[\s_-]*answer|not[\s_-]*answered|timeout|ring[\s_-]*no/i, 'recipientErrors.noAnswer'],
  [/not[\s_-]*a[\s_-]*fax|no[\s_-]*fax[\s_-]*tone|voice|human/i, 'recipientErrors.notAFax'],
  [/invalid[\s_-]*number|unallocated|does not exist/i, 'recipientErrors.noSuchNumber'],
];

/** The reason in the app's current language; null when the value is not one of the known kinds. */
export function describeRecipientError(error: string | null): string | null {
  if (error === null || error.trim() === '') return null;
  for (const [pattern, reason] of reasons) if (pattern.test(error)) return say(msg(reason));
  return null;
}
