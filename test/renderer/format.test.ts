// Words and numbers as people read them: a status the app knows in plain words, any other verbatim.
import { describe, expect, it } from 'vitest';
import { bytesText, pagesText, statusLabel } from '../../renderer/src/format';

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
});
