/**
 * The window's language: the one chosen in Settings, or the computer's (navigator.languages reflects the OS in
 * Electron). `t` puts a catalogue message into words in it; the app's root re-renders when it changes.
 */
import { resolveLocale, type LanguageChoice, type Locale } from '../../preload/i18n/locales';
import { translatorFor, type Message, type MessageId, type MessageValues } from '../../preload/i18n/translator';
import { createStore } from './data/store';

function systemLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : navigator.languages;
}

export const localeStore = createStore<Locale>(resolveLocale('system', systemLanguages()));

export function chooseLanguage(choice: LanguageChoice): void {
  localeStore.set(resolveLocale(choice, systemLanguages()));
}

export function currentLocale(): Locale {
  return localeStore.get();
}

export function t(id: MessageId, values?: MessageValues): string {
  return translatorFor(localeStore.get())(id, values);
}

/** A message built elsewhere (a number check shared with main), in the window's language. */
export function say(message: Message): string {
  return t(message.id, message.values);
}
