/**
 * A reason kept on disk (a journal, the cache) as its message id and values, so it is worded in the language of
 * the moment it is shown — not in the language of the moment it was written. Reasons stored before (plain text)
 * are read back as they are.
 */
import { isMessageId, verbatim, type Message, type MessageValues } from '../../preload/i18n/translator';

export function storeMessage(message: Message): string {
  return JSON.stringify(message.values === undefined ? { id: message.id } : { id: message.id, values: message.values });
}

function isValues(value: unknown): value is MessageValues {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((item) => typeof item === 'string' || typeof item === 'number');
}

export function readStoredMessage(text: string): Message {
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as { id?: unknown; values?: unknown };
      if (typeof parsed.id === 'string' && isMessageId(parsed.id) && (parsed.values === undefined || isValues(parsed.values))) {
        return parsed.values === undefined ? { id: parsed.id } : { id: parsed.id, values: parsed.values };
      }
    } catch {
      // Not one of ours: plain text written before.
    }
  }
  return verbatim(text);
}
