import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';
import { countryName } from '../../../preload/fax-number';
import { Fragment, useState } from 'react';
import type { Settings, SettingsPatch } from '../../../preload/models';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ErrorNotice } from '../components/ErrorNotice';
import { RequestId } from '../components/RequestId';
import { connectionStore, signOut, testConnection } from '../data/connection';
import type { IpcError } from '../data/ipc';
import { saveSettings, settingsStore } from '../data/settings';
import { useStore } from '../data/store';
import { toast } from '../data/toasts';
import { ConnectionSummary } from './ConnectionSummary';
import { KeyForm } from './KeyForm';
import { SetByOrganization } from '../components/SetByOrganization';
import { policiesStore } from '../data/policies';
import { LockSettings } from './LockSettings';
import { HotFoldersSettings } from './HotFoldersSettings';
import { ReminderSettings } from './ReminderSettings';
import { OfficeSettings } from './OfficeSettings';
import { RulesSettings } from './RulesSettings';
import { RecognitionSettings } from './RecognitionSettings';
import { ChartSettings } from '../chart/ChartSettings';
import { SignatureSettings } from './SignatureSettings';
import { currentLocale, t } from '../i18n';
import { locales, resolveLocale, type LanguageChoice, type Locale } from '../../../preload/i18n/locales';
import { clockTime, numberText } from '../format';
import { backgroundProblemsStore, retryReports } from '../data/background';

const countryLists = new Map<Locale, Array<{ code: CountryCode; name: string }>>();

/** Every country whose numbers can be read, by name in the window's language (made once per language). */
function countriesByName(): Array<{ code: CountryCode; name: string }> {
  const locale = currentLocale();
  let list = countryLists.get(locale);
  if (!list) {
    list = getCountries()
      .map((code) => ({ code, name: countryName(code, locale) }))
      .sort((a, b) => a.name.localeCompare(b.name, locale));
    countryLists.set(locale, list);
  }
  return list;
}

/** The "On this computer" switches, each with its words (and a hint under it, where there is one). */
const desktopSwitches = [
  { key: 'quitOnClose', label: 'settings.quitWhenTheWindow', hint: 'settings.otherwiseFaxDesktopKeeps' },
  { key: 'startAtLogin', label: 'settings.startFaxDesktopWhen', hint: null },
  { key: 'autoUpdate', label: 'settings.downloadUpdatesOfFax', hint: 'settings.anUpdateIsInstalled' },
] as const;

const guardRules = [
  { key: 'guardNewNumbers', label: 'settings.askToConfirmA' },
  { key: 'guardNearMisses', label: 'settings.warnWhenANumber' },
  { key: 'guardNameMismatch', label: 'settings.warnWhenAContact' },
  { key: 'guardChangedNumbers', label: 'settings.warnWhenAContact2' },
] as const;

export function SettingsView() {
  const settings = useStore(settingsStore);
  const policies = useStore(policiesStore);
  const locked = (key: keyof Settings): boolean => policies.locked.includes(key);
  const connection = useStore(connectionStore);
  const reportsWaiting = useStore(backgroundProblemsStore).find((problem) => problem.area === 'reports');
  const [error, setError] = useState<IpcError | null>(null);
  const [confirmSignOut, setConfirmSignOut] = useState(false);
  const [replacing, setReplacing] = useState(connection?.status === 'key_rejected');

  const save = async (patch: SettingsPatch) => {
    setError(await saveSettings(patch));
  };

  if (!settings || !connection) return null;
  return (
    <section className="view" aria-labelledby="settings-title">
      <div className="view-header">
        <h1 id="settings-title">{t('sidebar.settings')}</h1>
      </div>
      {error ? <ErrorNotice error={error} title={t('settings.thatSettingWasNot')} /> : null}

      <div className="card">
        <div className="card-header">
          <h2>{t('about.connection')}</h2>
          <span className={`chip ${connection.status === 'connected' ? 'chip-success' : connection.status === 'key_rejected' ? 'chip-danger' : 'chip-warning'}`}>
            {connection.status === 'connected' ? t('onboarding.connected') : connection.status === 'key_rejected' ? t('settings.keyRefused') : connection.status === 'offline' ? t('settings.offline') : connection.status === 'connecting' ? t('settings.connecting') : t('about.notConnected')}
          </span>
        </div>
        {connection.status === 'key_rejected' ? (
          <div className="notice notice-error" role="alert">
            <p>{connection.message}</p>
            {connection.requestId ? (
              <p className="notice-meta">
                <RequestId id={connection.requestId} />
              </p>
            ) : null}
          </div>
        ) : null}
        {connection.status === 'offline' ? <p className="field-hint">{connection.message}</p> : null}
        <ConnectionSummary connection={connection} />
        {replacing ? (
          <KeyForm
            initialBaseUrl={settings.baseUrl}
            initialCaPath={settings.extraCaPath}
            submitLabel={t('settings.testAndUseThis')}
            onConnected={() => {
              setReplacing(false);
              toast('success', t('settings.theNewKeyWorks'));
            }}
          />
        ) : null}
        <div className="row">
          {!replacing ? (
            <button type="button" className="button" onClick={() => setReplacing(true)}>{t('settings.enterADifferentKey')}</button>
          ) : null}
          <button type="button" className="button" onClick={() => void testConnection()}>{t('settings.testTheConnection')}</button>
          <button type="button" className="button button-danger" onClick={() => setConfirmSignOut(true)}>{t('settings.signOut')}</button>
        </div>
      </div>

      <div className="card">
        <h2>{t('settings.syncing')}</h2>
        <label className="field">
          <span>{t('settings.checkForNewFaxes')}</span>
          <select className="select" value={settings.pollIntervalSeconds} onChange={(event) => void save({ pollIntervalSeconds: Number(event.target.value) })}>
            {[15, 30, 60, 120, 300, 600].map((seconds) => (
              <option key={seconds} value={seconds}>{seconds < 60 ? t('settings.everySeconds', { seconds }) : t('settings.everyMinutes', { minutes: seconds / 60 })}
              </option>
            ))}
          </select>
          <span className="field-hint">{t('settings.whileTheWindowIs')}</span>
        </label>
        <label className="field">
          <span>{t('settings.whenConnectingForThe')}</span>
          <select className="select" value={settings.firstSyncUnreadHours} onChange={(event) => void save({ firstSyncUnreadHours: Number(event.target.value) })}>
            {[0, 8, 24, 72, 168].map((hours) => (
              <option key={hours} value={hours}>
                {hours === 0 ? t('settings.noneAllHistoryArrives') : hours < 48 ? t('settings.hours', { hours }) : t('settings.days', { days: hours / 24 })}
              </option>
            ))}
          </select>
        </label>
      </div>

      <div className="card">
        <h2>{t('settings.notifications')}</h2>
        <label className="checkbox">
          <input type="checkbox" checked={settings.notifications.enabled} onChange={(event) => void save({ notifications: { enabled: event.target.checked } })} />{t('settings.showANotificationWhen')}</label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={settings.notifications.showDetails}
            disabled={!settings.notifications.enabled}
            onChange={(event) => void save({ notifications: { showDetails: event.target.checked } })}
          />{t('settings.includeTheSenderS')}</label>
        <p className="field-hint">{t('settings.notificationsCanAppearOn')}</p>
      </div>

      <div className="card" aria-labelledby="desktop-settings-title">
        <h2 id="desktop-settings-title">{t('settings.onThisComputer')}</h2>
        <label className="field">
          <span>{t('settings.language')}</span>
          <select className="select" value={settings.language} disabled={locked('language')} onChange={(event) => void save({ language: event.target.value as LanguageChoice })} data-testid="language">
            <option value="system">{t('settings.languageSystem', { language: t(`language.${resolveLocale('system', navigator.languages)}`) })}</option>
            {locales.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {t(`language.${locale}`)}
              </option>
            ))}
          </select>
          {locked('language') ? <SetByOrganization /> : <span className="field-hint">{t('settings.languageHint')}</span>}
        </label>
        {desktopSwitches.map((item) => (
          <Fragment key={item.key}>
            <label className="checkbox">
              <input type="checkbox" checked={settings[item.key]} disabled={locked(item.key)} onChange={(event) => void save({ [item.key]: event.target.checked })} />
              {t(item.label)}
            </label>
            {locked(item.key) ? <SetByOrganization /> : item.hint ? <p className="field-hint">{t(item.hint)}</p> : null}
          </Fragment>
        ))}
      </div>

      <RecognitionSettings settings={settings} save={save} />
      <ChartSettings chart={settings.chart} save={save} />
      <SignatureSettings />

      <div className="card" aria-labelledby="numbers-settings-title">
        <h2 id="numbers-settings-title">{t('numbers.faxNumbers')}</h2>
        <label className="field">
          <span>{t('settings.numbersTypedWithout')}</span>
          <select className="input" value={settings.defaultCountry ?? ''} onChange={(event) => void save({ defaultCountry: event.target.value || null })}>
            <option value="">{t('settings.alwaysNeedTheCountry')}</option>
            {countriesByName().map((country) => (
              <option key={country.code} value={country.code}>{t('settings.areNumbersOf', { name: country.name, callingCode: getCountryCallingCode(country.code) })}</option>
            ))}
          </select>
          <span className="field-hint">{t('settings.4155550100Is')}</span>
        </label>
      </div>

      <div className="card" aria-labelledby="guard-settings-title">
        <h2 id="guard-settings-title">{t('settings.misdirectedFaxGuard')}</h2>
        <p className="field-hint">{t('settings.beforeAFaxGoes')}</p>
        {guardRules.map((rule) => (
          <label key={rule.key} className="checkbox">
            <input type="checkbox" checked={settings[rule.key]} onChange={(event) => void save({ [rule.key]: event.target.checked })} />
            {t(rule.label)}
          </label>
        ))}
      </div>

      <div className="card" aria-labelledby="report-settings-title">
        <h2 id="report-settings-title">{t('settings.transmissionReports')}</h2>
        <p className="field-hint">{t('settings.proofOfSendingA')}</p>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={settings.reportFolder !== null}
            onChange={(event) => void save({ reportFolder: event.target.checked ? `${settings.downloadFolder}${settings.downloadFolder.includes('\\') ? '\\' : '/'}${t('settings.reportFolderName')}` : null })}
          />{t('settings.saveAReportOf')}</label>
        {settings.reportFolder !== null ? (
          <label className="field">
            <span>{t('settings.saveReportsTo')}</span>
            <input
              className="input"
              key={settings.reportFolder}
              defaultValue={settings.reportFolder}
              onBlur={(event) => event.target.value !== settings.reportFolder && void save({ reportFolder: event.target.value })}
              spellCheck={false}
            />
            <span className="field-hint">{t('settings.reportsArePlainPdfs')}</span>
          </label>
        ) : null}
        {reportsWaiting ? (
          <div className="notice notice-warning" role="status" data-testid="reports-waiting">
            <span>
              {t('settings.reportsWaiting', { count: reportsWaiting.count, reason: reportsWaiting.reason ?? '' })}
              {reportsWaiting.retryAt !== null ? ` ${t('background.retryAt', { time: clockTime(reportsWaiting.retryAt) })}` : null}
            </span>
            <div className="row"><button type="button" className="button button-small" onClick={() => void retryReports()}>{t('settings.tryReportsNow')}</button></div>
          </div>
        ) : null}
      </div>

      <OfficeSettings />
      <HotFoldersSettings />
      <RulesSettings />

      <ReminderSettings />

      <div className="card">
        <h2>{t('settings.filesAndPrivacy')}</h2>
        <div className="form-grid">
          <label className="field">
            <span>{t('settings.savePdfsAndExports')}</span>
            <input className="input" defaultValue={settings.downloadFolder} onBlur={(event) => event.target.value !== settings.downloadFolder && void save({ downloadFolder: event.target.value })} spellCheck={false} />
          </label>
          <label className="field">
            <span>{t('settings.keepDownloadedFaxDocuments')}</span>
            <select className="select" value={settings.pdfCacheMaxMb} onChange={(event) => void save({ pdfCacheMaxMb: Number(event.target.value) })}>
              {[64, 256, 512, 1024, 4096].map((mb) => (
                <option key={mb} value={mb}>
                  {t('settings.cacheSize', { size: mb >= 1024 ? `${numberText(mb / 1024)} GB` : `${numberText(mb)} MB` })}</option>
              ))}
            </select>
          </label>
        </div>
      </div>

      <LockSettings settings={settings} save={save} />

      {confirmSignOut ? (
        <ConfirmDialog
          title={t('settings.signOut2')}
          confirmLabel={t('settings.signOut')}
          onCancel={() => setConfirmSignOut(false)}
          onConfirm={() => {
            setConfirmSignOut(false);
            void signOut();
          }}
        >
          <p>{t('settings.theApiKeyIs')}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
