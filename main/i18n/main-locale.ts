/**
 * The language main speaks in (menus, notifications, error messages): the Settings choice, or else the
 * computer's. One value for the whole process, as there is one user and one window.
 */
import { resolveLocale, type LanguageChoice, type Locale } from '../../preload/i18n/locales';
import { translate, type Message } from '../../preload/i18n/translator';

let locale: Locale = 'en';
let systemLanguages: readonly string[] = [];
const listeners = new Set<(locale: Locale) => void>();

/** The computer's preferred languages, most preferred first (Electron: app.getPreferredSystemLanguages()). */
export function setSystemLanguages(languages: readonly string[]): void {
  systemLanguages = [...languages];
}

export function chooseMainLanguage(choice: LanguageChoice): void {
  const next = resolveLocale(choice, systemLanguages);
  if (next === locale) return;
  locale = next;
  for (const listener of [...listeners]) listener(next);
}

export function mainLocale(): Locale {
  return locale;
}

/** The computer's region as its first preferred language names it ("de-DE"), else the app's language. */
export function systemRegion(): string {
  return systemLanguages[0] ?? locale;
}

export function onMainLocaleChange(listener: (locale: Locale) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A message in the current language. */
export function say(message: Message): string {
  return translate(locale, message);
}
