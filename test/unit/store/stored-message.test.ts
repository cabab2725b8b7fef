// Reasons kept on disk are message ids with values, worded when shown (in the language of that moment); text
// stored before is read back as it was.
import { describe, expect, it } from 'vitest';
import { readStoredMessage, storeMessage } from '../../../main/store/stored-message';
import { msg, translate, verbatim } from '../../../preload/i18n/translator';

describe('stored messages', () => {
  it('round-trip with their values and are worded in each language', () => {
    const stored = storeMessage(msg('fileWrite.failed', { code: 'EIO' }));
    expect(readStoredMessage(stored)).toEqual(msg('fileWrite.failed', { code: 'EIO' }));
    expect(translate('en', readStoredMessage(storeMessage(msg('fileWrite.notAllowed'))))).toBe('This computer does not allow writing into the folder.');
    expect(translate('de', readStoredMessage(storeMessage(msg('fileWrite.notAllowed'))))).toBe('Dieser Computer erlaubt das Schreiben in den Ordner nicht.');
  });

  it.each([
    ['The disk is full: free some space there.'],
    ['{"id":"no.such.message"}'],
    ['{"id":"fileWrite.failed","values":{"code":{"nested":true}}}'],
    ['{not json'],
    [''],
  ])('reads %j, stored before or not ours, verbatim', (text) => {
    expect(readStoredMessage(text)).toEqual(verbatim(text));
  });
});
