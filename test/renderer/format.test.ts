// Words and numbers as people read them: a status the app knows in plain words, any other verbatim.
import { afterEach, describe, expect, it } from 'vitest';
import { bytesText, capabilityText, moneyText, pagesText, statusLabel } from '../../renderer/src/format';
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
  });
});
