// The check that finds the next German slip (issue 57, item 9): quotes as German prints them, a count before a noun
// said with the plural rules, and no English word of the app's own left in German text.
import { describe, expect, it } from 'vitest';
import { de } from '../../../preload/i18n/messages-de';
import { en, type MessageId } from '../../../preload/i18n/messages-en';

const ids = Object.keys(en) as MessageId[];

/** English words of the app's own (not names, codes or loan words German uses) that must not stand in German text. */
const englishWords = ['send', 'receive', 'received', 'failed', 'inbox', 'outbox', 'settings', 'unknown', 'team', 'scope', 'the', 'and', 'for', 'with', 'from', 'page', 'pages', 'fax back', 'not handled', 'handled'];
/** Nouns that follow a count: with a bare count before them, "1 Seiten" is printed for one. */
const countedNouns = ['Seite', 'Seiten', 'Fax', 'Faxe', 'Faxen', 'Tag', 'Tage', 'Tagen', 'Stunde', 'Stunden', 'Empfänger', 'Minute', 'Minuten', 'Datei', 'Dateien', 'Person', 'Personen', 'Nummer', 'Nummern', 'Regel', 'Regeln'];

/** Limits that are never one: a count of them before a plural noun is always plural. */
const neverOne = new Set(['maxFiles', 'maxRecipients', 'pageLimit']);

/** The message's text outside its ICU arguments and scope codes such as fax:send (what is printed around them). */
function textOf(message: string): string {
  let text = message.replace(/[a-z]+(?::[a-z]+)+/g, ' ');
  for (let before = ''; before !== text; ) {
    before = text;
    text = text.replace(/\{[^{}]*\}/g, ' ');
  }
  return text;
}

describe('German as German prints it', () => {
  it('quotes with „…“ — no straight quotes, no English “…” or ”', () => {
    const wrong = ids.filter((id) => {
      const text = de[id];
      const opened = text.split('„').length - 1;
      const closed = text.split('“').length - 1;
      return text.includes('"') || text.includes('”') || opened !== closed || /“[^„]*„/.test(text.replace(/„[^“]*“/g, ''));
    });
    expect(wrong.map((id) => `${id}: ${de[id]}`)).toEqual([]);
  });

  it('a count before a noun comes with the plural rules (no "1 Seiten")', () => {
    const noun = new RegExp(`\\{(\\w+)\\} (${countedNouns.join('|')})\\b`, 'u');
    const bare = ids.filter((id) => [...de[id].matchAll(new RegExp(noun, 'gu'))].some((found) => !neverOne.has(found[1] ?? '')));
    expect(bare.map((id) => `${id}: ${de[id]}`)).toEqual([]);
  });

  it('leaves no English word of the app in German text', () => {
    const found = ids.flatMap((id) => {
      // A name in „…“ is a name (the folders "Sent" and "Failed" are called so on disk).
      const text = ` ${textOf(de[id]).replace(/„[^“]*“/g, ' ').toLowerCase()} `;
      const words = englishWords.filter((word) => new RegExp(`[^\\p{L}]${word}[^\\p{L}]`, 'u').test(text));
      return words.length > 0 ? [`${id}: ${words.join(', ')} — ${de[id]}`] : [];
    });
    expect(found).toEqual([]);
  });
});
