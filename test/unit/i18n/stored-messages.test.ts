// Reasons kept on disk or in background state are message ids with values, worded when shown: a German user
// reads German reasons for failures that happened while the app was in English, and records written before ids
// keep the words they were written with.
import { afterEach, describe, expect, it } from 'vitest';
import { describeRecipientError } from '../../../main/api/recipient-errors';
import { chooseMainLanguage } from '../../../main/i18n/main-locale';
import { readStoredMessage, storedMessageSchema, storeMessage, wordStoredMessage } from '../../../main/i18n/stored-message';
import { msg } from '../../../preload/i18n/translator';

afterEach(() => chooseMainLanguage('system'));

describe('stored messages', () => {
  it('keep the id and values through JSON and are worded in the language asked for', () => {
    const stored = storedMessageSchema.parse(JSON.parse(JSON.stringify(storeMessage(msg('apiError.theFaxServiceHad', { status: 503 })))));
    expect(stored).toEqual({ id: 'apiError.theFaxServiceHad', values: { status: 503 } });
    expect(wordStoredMessage(stored, 'ignored', 'en')).toMatch(/503/);
    expect(wordStoredMessage(stored, 'ignored', 'de')).toMatch(/503/);
    expect(wordStoredMessage(stored, 'ignored', 'de')).not.toBe(wordStoredMessage(stored, 'ignored', 'en'));
  });

  it('a date value is kept as its timestamp', () => {
    expect(storeMessage(msg('common.verbatim', { text: 'x', at: new Date(Date.UTC(2026, 0, 2)) }))).toEqual({ id: 'common.verbatim', values: { text: 'x', at: Date.UTC(2026, 0, 2) } });
  });

  it('a record from before ids, or with an id this version does not know, shows the words stored with it', () => {
    expect(wordStoredMessage(undefined, 'Refused by the service.', 'de')).toBe('Refused by the service.');
    expect(wordStoredMessage({ id: 'future.message' }, 'Words from a newer version.', 'de')).toBe('Words from a newer version.');
    expect(readStoredMessage(undefined, undefined)).toEqual({ id: 'common.verbatim', values: { text: '' } });
  });

  it('a recipient failure reason is in the app language of the moment it is shown', () => {
    chooseMainLanguage('en');
    expect(describeRecipientError('SIP 486 Busy Here')).toBe('The line was busy. Try again in a few minutes.');
    chooseMainLanguage('de');
    expect(describeRecipientError('SIP 486 Busy Here')).toBe('Die Leitung war besetzt. Versuchen Sie es in ein paar Minuten erneut.');
    expect(describeRecipientError('no_answer')).toMatch(/^Niemand hat/);
    expect(describeRecipientError('weird_carrier_code')).toBeNull();
  });
});
