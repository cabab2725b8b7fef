/**
 * The languages the app speaks, and which one it uses: the one chosen in Settings, or else the first of the
 * computer's preferred languages that the app has (English when none is).
 */
export const locales = ['en', 'de'] as const;
export type Locale = (typeof locales)[number];

export const languageChoices = ['system', ...locales] as const;
export type LanguageChoice = (typeof languageChoices)[number];

export function isLocale(value: string): value is Locale {
  return (locales as readonly string[]).includes(value);
}

/** A BCP 47 tag's language ("de-AT" → "de"), when the app has it. */
export function localeOfTag(tag: string): Locale | null {
  const language = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return isLocale(language) ? language : null;
}

export function resolveLocale(choice: LanguageChoice, systemLanguages: readonly string[]): Locale {
  if (choice !== 'system') return choice;
  for (const tag of systemLanguages) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return 'en';
}
