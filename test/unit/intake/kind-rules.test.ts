// What a fax is, by rules: the kinds' words in English and German, a title counting more than the text, a cover
// sheet in front of a document not deciding the kind, and nothing said where nothing is read.
import { describe, expect, it } from 'vitest';
import { faxIntake } from '../../../main/intake/fax-intake';
import { wordPage } from '../../helpers/word-pages';

const kindOf = (...pages: string[][]) => faxIntake(pages.map((lines, index) => ({ page: index + 1, words: wordPage(lines) }))).kind;

describe('kinds by rules', () => {
  it.each([
    ['referral', ['Lakeview Orthopedics', 'Referral to Specialist', 'Patient: Jane Doe DOB: 03/14/1961', 'Reason for referral: knee pain']],
    ['referral', ['Praxis am Markt', 'Überweisung zur Mitbehandlung', 'Patient: Jörg Weiß, geb. 14.03.1961']],
    ['lab_results', ['Laboratory Report', 'Patient: Jane Doe', 'Test Result Reference', 'Sodium 138 135-145 mmol/L']],
    ['lab_results', ['Laborbefund', 'Blutbild', 'Referenzbereich']],
    ['imaging_report', ['Radiology Report', 'Technique: two views', 'Findings: no fracture', 'Impression: normal']],
    ['prior_auth', ['Prior Authorization Request', 'Medication requested: Humira', 'Prescriber: Dr. Lee']],
    ['prior_auth_answer', ['Prior Authorization Approved', 'Authorization number: PA1234', 'Valid through 12/31/2026']],
    ['prior_auth_answer', ['Bescheid', 'Ihr Antrag auf Kostenübernahme wurde abgelehnt.', 'Widerspruch ist möglich.']],
    ['records_request', ['Request for Medical Records', 'Please send copies of all records from 2023', 'HIPAA authorization enclosed']],
    ['insurance_card', ['Insurance card - front', 'Member: Jane Doe', 'Rx BIN 610014 PCN ADV Group 12345']],
    ['refill_request', ['Refill Request', 'Pharmacy: Main Street', 'Metformin 500 mg, 90 tablets, refills 3']],
    ['claim_eob', ['Explanation of Benefits', 'This is not a bill', 'Claim: CL1234-56789 Amount billed $412.00 You owe $25.00']],
  ])('%s', (kind, lines) => {
    const read = kindOf(lines);
    expect(read.kind).toBe(kind);
    expect(read.sure).toBe(true);
    expect(read.source).toBe('rules');
  });

  it('a cover sheet says the fax is a cover sheet only when nothing else is in it', () => {
    const cover = ['FAX', 'To: Northgate Cardiology', 'From: Dr. Lee', 'Re: Jane Doe', 'Pages: 3'];
    expect(kindOf(cover).kind).toBe('cover_sheet');
    expect(kindOf(cover, ['Laboratory Report', 'Patient: Jane Doe', 'Reference range'], ['Continued']).kind).toBe('lab_results');
  });

  it('words that say nothing give "other", not a guess; words of two kinds at once are unsure', () => {
    const nothing = kindOf(['Thank you for your letter of last week.', 'We will be in touch.']);
    expect(nothing).toMatchObject({ kind: 'other', sure: false });
    const mixed = kindOf(['Referral', 'Laboratory report enclosed']);
    expect(mixed.sure).toBe(false);
  });

  it.each([
    ['St. Mary Radiology', ['St. Mary Radiology', 'PATIENT STATEMENT', 'Statement date 11/02/2026', 'Patient: Jane Doe', 'Service: CT abdomen 10/12/2026', 'Balance due $85.00', 'Please remit payment to St. Mary Radiology']],
    ['Praxis Dr. Weber', ['Praxis Dr. Weber', 'Rechnung Nr. 2026-114', 'Rechnungsbetrag 42,90 EUR', 'Zahlbar bis 15.12.2026']],
  ])('a bill from %s is a bill, not what its sender does', (sender, lines) => {
    expect(faxIntake([{ page: 1, words: wordPage(lines) }], null, [sender]).kind).toMatchObject({ kind: 'bill', sure: true });
  });

  it.each(['St. Mary Radiology', 'Northgate Pharmacy', 'Lakeside Dental', 'City Lab Services', 'Oak Family Practice'])('a plain letter from %s is no kind at all (the sender says nothing of what it is)', (sender) => {
    const letter = [sender, `Inbound fax from ${sender}`, 'Page 1 of 1', 'Thank you for your message of last week.', 'We will call you about the appointment.'];
    // Known by name or not (a contact, the Fax Service's sender name): the letterhead never makes the kind.
    for (const names of [[sender], []]) expect(faxIntake([{ page: 1, words: wordPage(letter) }], null, names).kind.sure).toBe(false);
  });

  it('a letterhead with a document title keeps the title: "Radiology Report" under a radiology practice is an imaging report', () => {
    const report = ['Lakeview Radiology Associates', 'RADIOLOGY REPORT', 'Patient: Jane Doe', 'Technique: two views', 'Impression: no fracture'];
    expect(faxIntake([{ page: 1, words: wordPage(report) }], null, ['Lakeview Radiology Associates']).kind).toMatchObject({ kind: 'imaging_report', sure: true });
  });

  it('a cover sheet alone is a cover sheet, never a document of its sender\'s trade', () => {
    const cover = ['Northgate Pharmacy', 'FAX', 'To: Front desk', 'From: Northgate Pharmacy', 'Pages: 1'];
    expect(faxIntake([{ page: 1, words: wordPage(cover) }], null, ['Northgate Pharmacy']).kind.kind).toBe('cover_sheet');
  });
});
