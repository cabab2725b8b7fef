import { IntlMessageFormat } from 'intl-messageformat';
import { TYPE, parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { resolveLocale } from '../../../preload/i18n/locales';
import { de } from '../../../preload/i18n/messages-de';
import { en, type MessageId } from '../../../preload/i18n/messages-en';
import { createTranslator, messageOrVerbatim, msg, translate, verbatim } from '../../../preload/i18n/translator';
import * as englishParts from '../../../preload/i18n/en';
import * as germanParts from '../../../preload/i18n/de';

/** The arguments a message uses, with how it uses them (a plural's count is not a plain string). */
function argumentsOf(elements: MessageFormatElement[], found = new Map<string, number>()): Map<string, number> {
  for (const element of elements) {
    if (element.type === TYPE.argument || element.type === TYPE.number || element.type === TYPE.date) found.set(element.value, element.type);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      found.set(element.value, element.type);
      for (const option of Object.values(element.options)) argumentsOf(option.value, found);
    }
  }
  return found;
}

const ids = Object.keys(en) as MessageId[];

describe('the message catalogue', () => {
  it('has German for every English message, and nothing else', () => {
    expect(Object.keys(de).sort()).toEqual([...ids].sort());
    const untranslated = ids.filter((id) => de[id] === en[id] && /\p{L}{4,} \p{L}{4,}/u.test(en[id]));
    expect(untranslated).toEqual([]);
  });

  it('keeps each id in the part its first word names, the same part in both languages', () => {
    const partOf = new Map<string, string>();
    const strays: string[] = [];
    for (const [part, messages] of Object.entries(englishParts)) {
      for (const id of Object.keys(messages)) {
        const area = id.split('.')[0] ?? id;
        const known = partOf.get(area);
        if (known !== undefined && known !== part) strays.push(`${id} in ${part}, its area in ${known}`);
        partOf.set(area, known ?? part);
      }
    }
    expect(strays).toEqual([]);
    for (const [part, messages] of Object.entries(germanParts)) {
      expect(Object.keys(messages).sort(), part).toEqual(Object.keys(englishParts[part as keyof typeof englishParts]).sort());
    }
  });

  it('parses every message as ICU MessageFormat in both languages, with the same arguments used the same way', () => {
    const mismatched: string[] = [];
    for (const id of ids) {
      const english = [...argumentsOf(parse(en[id], { ignoreTag: true })).entries()].sort();
      const german = [...argumentsOf(parse(de[id], { ignoreTag: true })).entries()].sort();
      if (JSON.stringify(english) !== JSON.stringify(german)) mismatched.push(id);
    }
    expect(mismatched).toEqual([]);
  });

  it('gives every plural an "other" case, and formats with each language’s rules', () => {
    for (const [locale, catalogue] of [['en', en], ['de', de]] as const) {
      for (const id of ids) new IntlMessageFormat(catalogue[id], locale, undefined, { ignoreTag: true });
    }
    const english = createTranslator('en');
    const german = createTranslator('de');
    expect(english('format.pageCount', { pages: 1 })).toBe('1 page');
    expect(english('format.pageCount', { pages: 1200 })).toBe('1,200 pages');
    expect(german('format.pageCount', { pages: 1 })).toBe('1 Seite');
    expect(german('format.pageCount', { pages: 1200 })).toBe('1.200 Seiten');
    expect(german('menu.unread', { unread: 0 })).toBe('Keine ungelesenen Faxe');
    expect(german('faxDetail.to', { recipient: '+1 415 555 0100', more: 2 })).toBe('An +1 415 555 0100 und 2 weitere');
    expect(english('faxDetail.to', { recipient: '+1 415 555 0100', more: 0 })).toBe('To +1 415 555 0100');
    // One page is "Seite", not "1 Seiten" (issue 57's German review).
    expect(german('preflight.mixedOrientationLandscapeAnd', { landscape: 1, portrait: 3 })).toBe('Gemischte Ausrichtung: 1 Seite quer und 3 hoch; der Empfänger erhält sie so, wie sie sind.');
    expect(german('preflight.mixedOrientationLandscapeAnd', { landscape: 2, portrait: 1 })).toMatch(/^Gemischte Ausrichtung: 2 Seiten quer/);
    // A country is named in the reader's language, however the message was made.
    expect(german('settings.areNumbersOf', { name: 'Bahamas', callingCode: '1' })).toBe('Bahamas (+1)');
    expect(translate('de', msg('faxNumber.thisIsNotA', { country: 'BS' }))).toContain('(Bahamas)');
    expect(translate('en', msg('faxNumber.thisIsNotA', { country: 'DE' }))).toContain('(Germany)');
    expect(translate('de', msg('faxNumber.thisIsNotA', { country: 'DE' }))).toContain('(Deutschland)');
  });

  it('keeps words that are already words as they are, and reads a schema’s message id as that message', () => {
    expect(translate('de', verbatim('Le service a refusé {x}'))).toBe('Le service a refusé {x}');
    expect(translate('de', messageOrVerbatim('settings.chooseACountry'))).toBe('Wählen Sie ein Land.');
    expect(translate('en', messageOrVerbatim('Some text from elsewhere.'))).toBe('Some text from elsewhere.');
    expect(translate('de', msg('apiError.theFaxServiceRefusedSaid', { said: 'bad {x}' }))).toContain('„bad {x}“');
  });
});

describe('which language the app speaks', () => {
  it('follows the Settings choice, else the first of the computer’s languages it has, else English', () => {
    expect(resolveLocale('de', ['en-US'])).toBe('de');
    expect(resolveLocale('en', ['de-DE'])).toBe('en');
    expect(resolveLocale('system', ['fr-FR', 'de-AT', 'en-GB'])).toBe('de');
    expect(resolveLocale('system', ['de_CH'])).toBe('de');
    expect(resolveLocale('system', ['fr-FR', 'ja'])).toBe('en');
    expect(resolveLocale('system', [])).toBe('en');
  });
});
