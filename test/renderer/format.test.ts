// Words and numbers as people read them: a status the app knows in plain words, any other verbatim.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { bytesText, capabilityText, clockTime, dateTime, moneyText, numberText, pagesText, shortDate, statusLabel } from '../../renderer/src/format';
import { chooseLanguage } from '../../renderer/src/i18n';

afterEach(() => chooseLanguage('en'));

describe('formatters', () => {
  it('a known status in words, toned by its meaning; an unknown one verbatim, never hidden', () => {
    expect(statusLabel('outbound', 'partial')).toEqual({ label: 'Partly delivered', tone: 'warning' });
    expect(statusLabel('inbound', 'received')).toEqual({ label: 'Received', tone: 'success' });
    // An inbound fax that arrived is "received" in meaning whatever the service's word.
    expect(statusLabel('inbound', 'completed')).toEqual({ label: 'completed', tone: 'success' });
    expect(statusLabel('outbound', 'no-answer')).toEqual({ label: 'no-answer', tone: 'danger' });
    expect(statusLabel('outbound', 'escalated')).toEqual({ label: 'escalated', tone: 'neutral' });
  });

  it('pages and sizes', () => {
    expect(pagesText(1)).toBe('1 page');
    expect(pagesText(12)).toBe('12 pages');
    expect(pagesText(null)).toBe('— pages');
    expect(bytesText(999)).toBe('999 B');
    expect(bytesText(25_000_000)).toBe('25.0 MB');
  });

  it('money the way the window’s language writes it; a cost the app cannot read as money, as given', () => {
    expect(moneyText('0.07 USD')).toBe('$0.07');
    expect(moneyText('12.50 EUR')).toBe('€12.50');
    chooseLanguage('de');
    expect(moneyText('0.07 USD').replace(/\s/g, ' ')).toBe('0,07 $');
    expect(moneyText('12.50 EUR').replace(/\s/g, ' ')).toBe('12,50 €');
    expect(moneyText('3 credits')).toBe('3 credits');
    expect(moneyText('12')).toBe('12');
    expect(moneyText('1.00 XYZW')).toBe('1.00 XYZW');
  });

  it('a number’s capabilities in words; one the app does not know, verbatim', () => {
    expect(['fax', 'VOICE', 'sms', 't38'].map(capabilityText)).toEqual(['Fax', 'Voice', 'Text messages', 't38']);
    chooseLanguage('de');
    expect(['fax', 'voice', 'sms'].map(capabilityText)).toEqual(['Fax', 'Telefonie', 'SMS']);
    // A number that sends and receives, in the reader's words ("Kann: senden, empfangen", not "send, receive").
    expect(['send', 'receive'].map(capabilityText)).toEqual(['senden', 'empfangen']);
  });

  it('dates, times and sizes read as the language writes them, also after switching back and forth between languages', () => {
    const now = Date.now();
    // Any moment within three years either side of now, today's included (a time without its date).
    const moment = fc.oneof(fc.integer({ min: now - 3 * 365 * 86_400_000, max: now + 3 * 365 * 86_400_000 }), fc.integer({ min: now - 3_600_000, max: now + 60_000 }));
    fc.assert(
      fc.property(fc.constantFrom<'en' | 'de'>('en', 'de'), moment, fc.boolean(), fc.integer({ min: 0, max: 5_000_000_000 }), (language, epoch, seconds, bytes) => {
        chooseLanguage(language);
        const locale = language === 'en' ? 'en' : 'de';
        const date = new Date(epoch);
        const today = new Date().toDateString() === date.toDateString();
        const time = date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', ...(seconds ? { second: '2-digit' } : {}) });
        expect(clockTime(epoch, seconds)).toBe(today ? time : `${date.toLocaleDateString(locale, { month: 'short', day: 'numeric' })} ${time}`);
        expect(dateTime(epoch)).toBe(date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }));
        const sameYear = date.getFullYear() === new Date().getFullYear();
        expect(shortDate(date.toISOString())).toBe(today ? date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' }) : date.toLocaleDateString(locale, { month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) }));
        expect(numberText(bytes)).toBe(bytes.toLocaleString(locale));
        const size = bytes < 1000 ? `${bytes.toLocaleString(locale)} B` : bytes < 1_000_000 ? `${(bytes / 1000).toLocaleString(locale, { maximumFractionDigits: 0 })} KB` : `${(bytes / 1_000_000).toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;
        expect(bytesText(bytes)).toBe(size);
      }),
      { numRuns: 300 },
    );
    expect(shortDate('not a date')).toBe('not a date');
    expect(dateTime('yesterday-ish')).toBe('yesterday-ish');
  });
});

