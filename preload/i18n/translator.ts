/**
 * Every user-facing string comes from the message catalogue through here. Messages are ICU MessageFormat
 * (FormatJS's intl-messageformat): arguments, plurals by the language's rules, numbers and dates by Intl.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { de } from './messages-de';
import { en, type MessageId } from './messages-en';
import type { Locale } from './locales';

export type { MessageId } from './messages-en';
export type MessageValues = Readonly<Record<string, string | number | Date>>;
export type Translate = (id: MessageId, values?: MessageValues) => string;

/** A message to be put into words later, in whichever language is current then (errors, menu labels). */
export interface Message {
  id: MessageId;
  values?: MessageValues;
}

/** Words that are already words (the Fax Service's own message, a reason written earlier): shown as they are. */
export function verbatim(text: string): Message {
  return { id: 'common.verbatim', values: { text } };
}

export function isMessageId(value: string): value is MessageId {
  return Object.prototype.hasOwnProperty.call(en, value);
}

/** A message id as is (a schema's refusal written as an id), or any other text verbatim. */
export function messageOrVerbatim(text: string): Message {
  return isMessageId(text) ? msg(text) : verbatim(text);
}

export function msg(id: MessageId, values?: MessageValues): Message {
  return values === undefined ? { id } : { id, values };
}

const catalogues: Readonly<Record<Locale, Readonly<Record<MessageId, string>>>> = { en, de };

const regionNames = new Map<Locale, Intl.DisplayNames | null>();

/**
 * A value named `country` holds an ISO 3166 code ("US"), said as that country's name in the reader's language when
 * the message is worded — not in the language of the moment it was made ("keine gültige Nummer (United States)").
 */
function countryNamed(locale: Locale, values: MessageValues | undefined): MessageValues | undefined {
  const code = values?.country;
  if (values === undefined || typeof code !== 'string' || !/^[A-Z]{2}$/.test(code)) return values;
  let names = regionNames.get(locale);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      names = null;
    }
    regionNames.set(locale, names);
  }
  return { ...values, country: names?.of(code) ?? code };
}

export function createTranslator(locale: Locale): Translate {
  const compiled = new Map<MessageId, IntlMessageFormat>();
  const format = (id: MessageId): IntlMessageFormat => {
    let message = compiled.get(id);
    if (!message) {
      message = new IntlMessageFormat(catalogues[locale][id], locale, undefined, { ignoreTag: true });
      compiled.set(id, message);
    }
    return message;
  };
  return (id, values) => {
    const result = format(id).format(countryNamed(locale, values));
    return typeof result === 'string' ? result : String(result);
  };
}

const translators = new Map<Locale, Translate>();

/** One translator per language, made when first needed. */
export function translatorFor(locale: Locale): Translate {
  let translator = translators.get(locale);
  if (!translator) {
    translator = createTranslator(locale);
    translators.set(locale, translator);
  }
  return translator;
}

export function translate(locale: Locale, message: Message): string {
  return translatorFor(locale)(message.id, message.values);
}
