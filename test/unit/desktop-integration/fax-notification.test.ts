import { describe, expect, it } from 'vitest';
import { badgeText, faxesNotification, faxNotification } from '../../../main/desktop-integration/fax-notification';
import { chooseMainLanguage } from '../../../main/i18n/main-locale';

describe('fax notifications', () => {
  it('by default say a fax arrived and its length — no number, no name (lock screens)', () => {
    const text = faxNotification({ faxId: '9', from: null, pages: 3 }, { enabled: true, showDetails: false });
    expect(text).toEqual({ title: 'New fax received', body: '3 pages' });
  });

  it('never show a number unless details are enabled, even if one is passed', () => {
    expect(faxNotification({ faxId: '9', from: '+14155550100', pages: 1 }, { enabled: true, showDetails: false })?.body).toBe('1 page');
    expect(faxNotification({ faxId: '9', from: '+14155550100', pages: 1 }, { enabled: true, showDetails: true })?.body).toBe('From +14155550100 · 1 page');
  });

  it('are not shown when turned off', () => {
    expect(faxNotification({ faxId: '9', from: null, pages: 1 }, { enabled: false, showDetails: true })).toBeNull();
  });

  it('have a sensible body when the page count is unknown', () => {
    expect(faxNotification({ faxId: '9', from: null, pages: null }, { enabled: true, showDetails: false })?.body).toBe('Open Fax Desktop to read it.');
  });

  it('faxes that arrived together: one notification with their number and pages in all, senders only with details', () => {
    const notices = [
      { faxId: '1', from: '+14155550100', pages: 2 },
      { faxId: '2', from: '+14155550101', pages: 1 },
      { faxId: '3', from: '+14155550100', pages: 3 },
      { faxId: '4', from: '+14155550102', pages: 1 },
      { faxId: '5', from: '+14155550103', pages: 5 },
    ];
    expect(faxesNotification(notices, { enabled: true, showDetails: false })).toEqual({ title: '5 new faxes received', body: '12 pages in all' });
    expect(faxesNotification(notices, { enabled: true, showDetails: true })?.body).toBe('From +14155550100, +14155550101 and 2 more · 12 pages in all');
    expect(faxesNotification(notices.slice(0, 2), { enabled: true, showDetails: true })?.body).toBe('From +14155550100, +14155550101 · 3 pages in all');
    expect(faxesNotification([...notices, { faxId: '6', from: null, pages: null }], { enabled: true, showDetails: false })?.body).toBe('Open Fax Desktop to read them.');
    expect(faxesNotification(notices.slice(0, 1), { enabled: true, showDetails: false })).toEqual({ title: 'New fax received', body: '2 pages' });
    expect(faxesNotification(notices, { enabled: false, showDetails: true })).toBeNull();
    expect(faxesNotification([], { enabled: true, showDetails: true })).toBeNull();
  });

  it('speak the app\'s language, page counts too', () => {
    chooseMainLanguage('de');
    try {
      expect(faxNotification({ faxId: '9', from: null, pages: 1 }, { enabled: true, showDetails: false })).toEqual({ title: 'Neues Fax empfangen', body: '1 Seite' });
      expect(faxesNotification([{ faxId: '1', from: null, pages: 2 }, { faxId: '2', from: null, pages: 3 }], { enabled: true, showDetails: false })).toEqual({ title: '2 neue Faxe empfangen', body: '5 Seiten insgesamt' });
    } finally {
      chooseMainLanguage('en');
    }
  });

  it('badge text caps at 99+', () => {
    expect([badgeText(0), badgeText(7), badgeText(150)]).toEqual(['', '7', '99+']);
  });
});
