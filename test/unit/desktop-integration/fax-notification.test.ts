import { describe, expect, it } from 'vitest';
import { badgeText, faxNotification } from '../../../main/desktop-integration/fax-notification';

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

  it('badge text caps at 99+', () => {
    expect([badgeText(0), badgeText(7), badgeText(150)]).toEqual(['', '7', '99+']);
  });
});
