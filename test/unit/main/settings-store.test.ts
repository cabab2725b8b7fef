import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../main/errors';
import { openConfSettings } from '../../../main/store/conf-settings';
import { baseUrlProblem, defaultSettings, settingsSchema } from '../../../preload/settings';
import { createSettingsStore } from '../../../main/store/settings-store';
import { messageOrVerbatim, translate } from '../../../preload/i18n/translator';
import { tempDirsRemovedAfterEach } from '../../helpers/temp-dirs';
import { defaultChartSettings } from '../../../preload/chart';
import { defaultPatientListSettings } from '../../../preload/patient-list';

const tempDir = tempDirsRemovedAfterEach('settings-');

describe('settings (conf on a temp file, the same schema as electron-store)', () => {
  it('starts from defaults: poll every 30 s, lock after 15 min, no base URL yet, the default country it was given', () => {
    const settings = openConfSettings(tempDir(), '/downloads', 'DE');
    expect(settings.get()).toEqual({
      baseUrl: '',
      extraCaPath: null,
      pollIntervalSeconds: 30,
      downloadFolder: '/downloads',
      notifications: { enabled: true, showDetails: false },
      autoLockMinutes: 15,
      pdfCacheMaxMb: 512,
      firstSyncUnreadHours: 24,
      guardNewNumbers: true,
      guardNearMisses: true,
      guardNameMismatch: true,
      guardChangedNumbers: true,
      reportFolder: null,
      defaultCountry: 'DE',
      quitOnClose: false,
      startAtLogin: false,
      autoUpdate: true,
      trayNoticeShown: false,
      recognizeText: true,
      recognizeSentFaxes: false,
      chart: defaultChartSettings,
      patientList: defaultPatientListSettings,
      language: 'system',
    });
  });

  it('a settings file from before the patient list keeps its chart settings; the list starts empty', () => {
    const dir = tempDir();
    const chart = { ...defaultChartSettings, source: 'fhir' as const, fhirBase: 'https://ehr.clinic.lan/fhir/r4', clientId: 'front-desk' };
    openConfSettings(dir).update({ chart });
    const file = path.join(dir, 'settings.json');
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    delete stored.patientList;
    fs.writeFileSync(file, JSON.stringify(stored));
    const reopened = openConfSettings(dir).get();
    expect(reopened.chart).toEqual(chart);
    expect(reopened.patientList).toEqual(defaultPatientListSettings);
  });

  it('saves an update to the JSON file and reads it back in a new instance', () => {
    const dir = tempDir();
    openConfSettings(dir).update({ baseUrl: 'https://api.example.com/v1/', pollIntervalSeconds: 60, notifications: { showDetails: true } });
    const reopened = openConfSettings(dir).get();
    expect(reopened.baseUrl).toBe('https://api.example.com/v1');
    expect(reopened.pollIntervalSeconds).toBe(60);
    expect(reopened.notifications).toEqual({ enabled: true, showDetails: true });
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'settings.json'), 'utf8'))).toMatchObject({ pollIntervalSeconds: 60 });
  });

  it('refuses http with a clear message and keeps the previous value', () => {
    const settings = openConfSettings(tempDir());
    settings.update({ baseUrl: 'https://good.example/v1' });
    expect(() => settings.update({ baseUrl: 'http://api.example.com/v1' })).toThrow(/must use https/);
    expect(settings.get().baseUrl).toBe('https://good.example/v1');
  });

  it.each([
    ['http://api.example.com/v1', /must use https/],
    ['ftp://api.example.com/v1', /must start with https/],
    ['https://user:pw@api.example.com/v1', /user name or password/],
    ['https://api.example.com/v1?api_key=abc', /query or fragment/],
    ['https://api.example.com/v2', /end with the API version/],
    ['not a url', /not a valid address/],
  ])('base URL %s is refused', (url, message) => {
    const problem = baseUrlProblem(url);
    expect(problem === null ? null : translate('en', messageOrVerbatim(problem))).toMatch(message);
  });

  it('refuses out-of-range values with the reason, as an AppError of kind invalid_input', () => {
    const settings = openConfSettings(tempDir());
    const attempt = () => settings.update({ pollIntervalSeconds: 2 });
    expect(attempt).toThrow(AppError);
    expect(attempt).toThrow(/at most every 10 seconds/);
    expect(() => settings.update({ autoLockMinutes: 0 })).toThrow(/at least 1 minute/);
    expect(() => settings.update({ unknownSetting: true } as never)).toThrow(AppError);
    expect(settings.get().pollIntervalSeconds).toBe(30);
  });

  it('a corrupt stored value falls back to its default without losing the other settings', () => {
    const backing = { store: { baseUrl: 'https://api.example.com/v1', pollIntervalSeconds: 'often', autoLockMinutes: 5 } as Record<string, unknown> };
    const settings = createSettingsStore(backing, { downloadFolder: '/d' });
    expect(settings.get()).toMatchObject({ baseUrl: 'https://api.example.com/v1', pollIntervalSeconds: 30, autoLockMinutes: 5 });
  });

  it('reads any stored file as checking each value inside a whole settings object would (random good and bad values)', () => {
    const fallback = defaultSettings('/d', 'US');
    // What a read was before each field was checked by its own schema: the field in an otherwise default object.
    const wholeObjectRead = (stored: Record<string, unknown>): unknown => {
      const merged: Record<string, unknown> = { ...fallback };
      for (const key of Object.keys(fallback)) {
        if (stored[key] !== undefined && settingsSchema.safeParse({ ...fallback, [key]: stored[key] }).success) merged[key] = stored[key];
      }
      return settingsSchema.parse(merged);
    };
    const anyValue = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.boolean(),
      fc.integer({ min: -5, max: 5000 }),
      fc.double({ noNaN: false }),
      fc.constantFrom('', 'DE', 'XX', 'de', 'system', 'en', 'https://api.example.com/v1/', 'http://a/v1', 'https://a/v2', '/tmp/folder', 'x'.repeat(5000)),
      fc.record({ enabled: fc.oneof(fc.boolean(), fc.constant('yes')), showDetails: fc.oneof(fc.boolean(), fc.constant(1)) }, { requiredKeys: [] }),
      fc.array(fc.integer(), { maxLength: 2 }),
    );
    const keys = [...Object.keys(fallback), 'unknownKey'];
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...keys), anyValue), (stored) => {
        const settings = createSettingsStore({ store: stored }, { downloadFolder: '/d', defaultCountry: 'US' });
        expect(settings.get()).toEqual(wholeObjectRead(stored));
      }),
      { numRuns: 400 },
    );
  });

  it("asks for the locale's country only when no valid country is stored, and then once", () => {
    let asked = 0;
    const localeCountry = () => {
      asked += 1;
      return 'FR';
    };
    const withCountry = createSettingsStore({ store: { defaultCountry: 'DE' } }, { downloadFolder: '/d', defaultCountry: localeCountry });
    expect(withCountry.get().defaultCountry).toBe('DE');
    expect(withCountry.update({ pollIntervalSeconds: 60 }).defaultCountry).toBe('DE');
    expect(asked).toBe(0);
    for (const stored of [{}, { defaultCountry: 'not a country' }]) {
      asked = 0;
      const backing = { store: stored as Record<string, unknown> };
      const settings = createSettingsStore(backing, { downloadFolder: '/d', defaultCountry: localeCountry });
      expect(settings.get().defaultCountry).toBe('FR');
      expect(settings.get().defaultCountry).toBe('FR');
      expect(settings.update({ pollIntervalSeconds: 60 }).defaultCountry).toBe('FR');
      expect(backing.store.defaultCountry).toBe('FR');
      expect(asked).toBe(1);
    }
  });
});
