import { describe, expect, it } from 'vitest';
import { translate } from '../../../preload/i18n/translator';
import { auditActionWords, auditDetailWords, localTimeWithOffset } from '../../../main/triage/audit-words';
import { auditActions } from '../../../main/hub/audit-chain';

describe('an audit entry in words', () => {
  it('a local time with its offset names the same instant, for random instants across years and seasons', () => {
    let seed = 7;
    const next = (): number => (seed = (seed * 48271) % 2147483647);
    for (let index = 0; index < 500; index++) {
      const instant = 946_684_800_000 + (next() % 1_000_000) * 1_000_000 + (next() % 1000) * 1000;
      const words = localTimeWithOffset(new Date(instant).toISOString());
      expect(words).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [+-]\d{2}:\d{2}$/);
      const [day, time, offset] = words.split(' ');
      expect(new Date(`${day}T${time}${offset}`).getTime()).toBe(instant);
    }
    expect(localTimeWithOffset('not a time')).toBe('not a time');
  });

  it('every action this app writes has words in English and German; one from a newer desk is shown as it is', () => {
    for (const action of auditActions) {
      const words = auditActionWords(action);
      expect(typeof words).not.toBe('string');
      if (typeof words === 'string') continue;
      for (const locale of ['en', 'de'] as const) expect(translate(locale, words)).not.toMatch(/_|auditExport/);
    }
    expect(auditActionWords('escalated')).toBe('escalated');
  });

  it('a detail that does not fit its action says nothing rather than something false', () => {
    const names = { person: (login: string) => `Name of ${login}`, label: (id: string) => `Label ${id}` };
    expect(auditDetailWords('claimed', { assignee: 'tom' }, names)).toBeNull();
    expect(auditDetailWords('labelled', { labelsAdded: [], labelsRemoved: [] }, names)).toBeNull();
    expect(auditDetailWords('took_over', {}, names)).toBeNull();
    expect(translate('en', auditDetailWords('assigned', { assignee: 'tom' }, names) ?? { id: 'toasts.dismiss' })).toBe('To Name of tom');
    expect(translate('en', auditDetailWords('viewed', 'unreadable', names) ?? { id: 'toasts.dismiss' })).toMatch(/do not open/);
  });
});
