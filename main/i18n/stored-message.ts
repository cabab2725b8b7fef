/**
 * A message kept on disk (a journal's failure reason, a sync state) as its catalogue id and values, so it is put
 * into words when shown, in the language of that moment. Records written before this carried English text: the
 * reader shows that text as it was written.
 */
import { z } from 'zod';
import { isMessageId, msg, translate, verbatim, type Message } from '../../preload/i18n/translator';
import type { Locale } from '../../preload/i18n/locales';
import { mainLocale } from './main-locale';

export const storedMessageSchema = z.object({
  id: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type StoredMessage = z.infer<typeof storedMessageSchema>;

/** What goes on disk: Dates become their timestamps, so the record reads back the same. */
export function storeMessage(message: Message): StoredMessage {
  if (message.values === undefined) return { id: message.id };
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(message.values)) values[key] = value instanceof Date ? value.getTime() : value;
  return { id: message.id, values };
}

/** The stored message back as a message; an id this version does not know shows the text stored beside it. */
export function readStoredMessage(stored: StoredMessage | undefined, text: string | undefined): Message {
  if (stored && isMessageId(stored.id)) return stored.values === undefined ? msg(stored.id) : msg(stored.id, stored.values);
  return verbatim(text ?? '');
}

export function wordStoredMessage(stored: StoredMessage | undefined, text: string | undefined, locale: Locale = mainLocale()): string {
  return translate(locale, readStoredMessage(stored, text));
}
