// A rule's file name from its template: the received fax's fields, characters some file system refuses replaced,
// never empty, never a reserved device name, never hidden, never longer than file systems allow.
import { describe, expect, it } from 'vitest';
import { fileNameFrom, templateValues, unknownFields } from '../../../main/office/rules/file-name-template';
import { chooseMainLanguage } from '../../../main/i18n/main-locale';
import { isFromSenders } from '../../../main/office/rules/sender-match';
import { allPages, printDocumentHtml } from '../../../main/office/rules/print-document';
import { localTime } from '../../helpers/clock';

const fax = { id: '42', reference: 'FX-1234', createdAt: new Date(localTime(23, 9, 5)).toISOString(), counterpart: '+14155550142', pages: 3 };

describe('file-name templates', () => {
  it('fills the fields with the fax’s local date and time, sender, pages, reference and id', () => {
    expect(fileNameFrom('{date} {time} {from} {pages}p {reference} {id}', templateValues(fax))).toBe('2026-11-23 09.05 +14155550142 3p FX-1234 42.pdf');
  });

  it('replaces characters a file name cannot have and keeps the rest', () => {
    expect(fileNameFrom('Fax: {reference} <from> "a|b" c/d\\e?*', templateValues({ ...fax, reference: 'A/B' }))).toBe('Fax_ A_B _from_ _a_b_ c_d_e__.pdf');
    expect(fileNameFrom('line\nbreak\ttab', templateValues(fax))).toBe('line_break_tab.pdf');
  });

  it('never gives an empty, hidden, reserved or over-long name', () => {
    expect(fileNameFrom('   ', templateValues(fax))).toBe('Fax FX-1234.pdf');
    expect(fileNameFrom('...', templateValues(fax))).toBe('Fax FX-1234.pdf');
    expect(fileNameFrom('.{reference}', templateValues(fax))).toBe('_FX-1234.pdf');
    expect(fileNameFrom('CON', templateValues(fax))).toBe('_CON.pdf');
    expect(fileNameFrom('{reference}. ', templateValues(fax))).toBe('FX-1234.pdf');
    const long = fileNameFrom('ü'.repeat(300), templateValues(fax));
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(204);
    expect(long.endsWith('ü.pdf')).toBe(true);
    const emoji = fileNameFrom('😀'.repeat(100), templateValues(fax));
    expect(emoji).not.toMatch(/[\uD800-\uDBFF]\.pdf$/);
  });

  it('an unknown sender, page count or date is said so; unknown fields are listed', () => {
    expect(fileNameFrom('{from} {pages}p {date}', templateValues({ ...fax, counterpart: null, pages: null, createdAt: 'garbage' }))).toBe('unknown sender _p unknown date.pdf');
    expect(unknownFields('{date} {patient} {from} {name} {}')).toEqual(['name', '']);
    expect(unknownFields('{date} {time} {from} {pages}p {reference} {id} {patient} {dob} {kind}')).toEqual([]);
  });

  it('the patient, birth date and kind come from what intake read surely; a name a file system refuses is made safe', () => {
    const read = { patient: 'Jörg Weiß', dob: '03/14/1961', kind: 'Lab results' };
    expect(fileNameFrom('{patient} {dob} {kind} {date}', templateValues(fax, read))).toMatch(/^Jörg Weiß 1961-03-14 Lab results \d{4}-\d{2}-\d{2}\.pdf$/);
    expect(fileNameFrom('{patient} {dob}', templateValues(fax, { patient: 'Ann O/Neil: "CON"', dob: '14.03.1961', kind: null }))).toBe('Ann O_Neil_ _CON_ 1961-03-14.pdf');
    expect(fileNameFrom('{patient} {dob} {kind}', templateValues(fax))).toBe('unknown patient unknown birth date unknown kind.pdf');
    // In the app's language: a German office's files say "Patient unbekannt".
    chooseMainLanguage('de');
    try {
      expect(fileNameFrom('{patient} {dob} {from}', templateValues({ ...fax, counterpart: null }))).toBe('Patient unbekannt Geburtsdatum unbekannt Absender unbekannt.pdf');
    } finally {
      chooseMainLanguage('en');
    }
    // A date read in no known form is kept as read (its slashes made safe).
    expect(fileNameFrom('{dob}', templateValues(fax, { patient: null, dob: '1961/03/14', kind: null }))).toBe('1961_03_14.pdf');
  });
});

describe('sender filter', () => {
  const contacts = (key: string) => (key === '+14155550177' ? ['Dr. Lee'] : []);
  it('passes every fax without senders, and a number in any spelling', () => {
    expect(isFromSenders(null, [], contacts)).toBe(true);
    expect(isFromSenders('+1 (415) 555-0142', [{ number: '+14155550142' }], contacts)).toBe(true);
    expect(isFromSenders('+14155550143', [{ number: '+14155550142' }], contacts)).toBe(false);
    expect(isFromSenders(null, [{ number: '+14155550142' }], contacts)).toBe(false);
  });

  it('a sender chosen by contact name matches the contact’s other numbers too', () => {
    expect(isFromSenders('+14155550177', [{ number: '+14155550142', name: 'dr. lee' }], contacts)).toBe(true);
    expect(isFromSenders('+14155550177', [{ number: '+14155550142', name: 'Dr. Chen' }], contacts)).toBe(false);
  });
});

describe('print document', () => {
  it('lays out every page, one per sheet, with nothing to load from outside', async () => {
    const png = new Uint8Array([137, 80, 78, 71]);
    const asked: number[] = [];
    const pages = await allPages((page) => {
      asked.push(page);
      return Promise.resolve({ pageCount: 3, width: 1728, height: 2200, png });
    });
    expect(asked).toEqual([1, 2, 3]);
    const html = printDocumentHtml(pages);
    expect(html.match(/<img /g)).toHaveLength(3);
    expect(html).toContain("default-src 'none'; img-src data:");
    expect(html).toContain(`src="data:image/png;base64,${Buffer.from(png).toString('base64')}"`);
    expect(html).toContain('break-after: page');
  });
});
