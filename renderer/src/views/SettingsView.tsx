import { getCountries } from 'libphonenumber-js/min';
import { countryName } from '../../../preload/fax-number';
import { useState } from 'react';
import type { SettingsPatch } from '../../../preload/models';
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
import { LockSettings } from './LockSettings';

/** Every country whose numbers can be read, by name. */
const countries = getCountries()
  .map((code) => ({ code, name: countryName(code) }))
  .sort((a, b) => a.name.localeCompare(b.name));

const guardRules = [
  { key: 'guardNewNumbers', label: 'Ask to confirm a number never faxed before and in no contact' },
  { key: 'guardNearMisses', label: 'Warn when a number is one digit away from a known one (“Did you mean …?”)' },
  { key: 'guardNameMismatch', label: 'Warn when a contact’s name comes with another number' },
  { key: 'guardChangedNumbers', label: 'Warn when a contact’s fax number changed' },
] as const;

export function SettingsView() {
  const settings = useStore(settingsStore);
  const connection = useStore(connectionStore);
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
        <h1 id="settings-title">Settings</h1>
      </div>
      {error ? <ErrorNotice error={error} title="That setting was not saved" /> : null}

      <div className="card">
        <div className="card-header">
          <h2>Connection</h2>
          <span className={`chip ${connection.status === 'connected' ? 'chip-success' : connection.status === 'key_rejected' ? 'chip-danger' : 'chip-warning'}`}>
            {connection.status === 'connected' ? 'Connected' : connection.status === 'key_rejected' ? 'Key refused' : connection.status === 'offline' ? 'Offline' : connection.status === 'connecting' ? 'Connecting' : 'Not connected'}
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
            submitLabel="Test and use this key"
            onConnected={() => {
              setReplacing(false);
              toast('success', 'The new key works and is stored in the keychain.');
            }}
          />
        ) : null}
        <div className="row">
          {!replacing ? (
            <button type="button" className="button" onClick={() => setReplacing(true)}>
              Enter a different key
            </button>
          ) : null}
          <button type="button" className="button" onClick={() => void testConnection()}>
            Test the connection
          </button>
          <button type="button" className="button button-danger" onClick={() => setConfirmSignOut(true)}>
            Sign out
          </button>
        </div>
      </div>

      <div className="card">
        <h2>Syncing</h2>
        <label className="field">
          <span>Check for new faxes</span>
          <select className="select" value={settings.pollIntervalSeconds} onChange={(event) => void save({ pollIntervalSeconds: Number(event.target.value) })}>
            {[15, 30, 60, 120, 300, 600].map((seconds) => (
              <option key={seconds} value={seconds}>
                every {seconds < 60 ? `${seconds} seconds` : `${seconds / 60} minute${seconds === 60 ? '' : 's'}`}
              </option>
            ))}
          </select>
          <span className="field-hint">
            While the window is open and in front, new faxes show within seconds and a fax being sent is followed closely; this interval applies in the
            background. The API allows 120 requests a minute; checking costs one or two.
          </span>
        </label>
        <label className="field">
          <span>When connecting for the first time, mark as unread the faxes received in the last</span>
          <select className="select" value={settings.firstSyncUnreadHours} onChange={(event) => void save({ firstSyncUnreadHours: Number(event.target.value) })}>
            {[0, 8, 24, 72, 168].map((hours) => (
              <option key={hours} value={hours}>
                {hours === 0 ? 'none (all history arrives read)' : hours < 48 ? `${hours} hours` : `${hours / 24} days`}
              </option>
            ))}
          </select>
        </label>
      </div>

      <div className="card">
        <h2>Notifications</h2>
        <label className="checkbox">
          <input type="checkbox" checked={settings.notifications.enabled} onChange={(event) => void save({ notifications: { enabled: event.target.checked } })} />
          Show a notification when a fax arrives
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={settings.notifications.showDetails}
            disabled={!settings.notifications.enabled}
            onChange={(event) => void save({ notifications: { showDetails: event.target.checked } })}
          />
          Include the sender’s number
        </label>
        <p className="field-hint">Notifications can appear on the lock screen; without this, they only say that a fax arrived and how long it is.</p>
      </div>

      <div className="card" aria-labelledby="desktop-settings-title">
        <h2 id="desktop-settings-title">On this computer</h2>
        <label className="checkbox">
          <input type="checkbox" checked={settings.quitOnClose} onChange={(event) => void save({ quitOnClose: event.target.checked })} />
          Quit when the window is closed
        </label>
        <p className="field-hint">Otherwise Fax Desktop keeps running in the tray: it goes on receiving, sending the outbox and notifying.</p>
        <label className="checkbox">
          <input type="checkbox" checked={settings.startAtLogin} onChange={(event) => void save({ startAtLogin: event.target.checked })} />
          Start Fax Desktop when I sign in to the computer (in the tray)
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={settings.autoUpdate} onChange={(event) => void save({ autoUpdate: event.target.checked })} />
          Download updates of Fax Desktop automatically
        </label>
        <p className="field-hint">An update is installed only when you choose “Restart to update”, or when you quit — never while a fax is being sent.</p>
      </div>

      <div className="card" aria-labelledby="numbers-settings-title">
        <h2 id="numbers-settings-title">Fax numbers</h2>
        <label className="field">
          <span>Numbers typed without +</span>
          <select className="input" value={settings.defaultCountry ?? ''} onChange={(event) => void save({ defaultCountry: event.target.value || null })}>
            <option value="">Always need the country code with +</option>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                Are numbers of {country.name}
              </option>
            ))}
          </select>
          <span className="field-hint">“(415) 555-0100” is then read as +1 415 555 0100 in the United States. Numbers from other countries always need their + and country code.</span>
        </label>
      </div>

      <div className="card" aria-labelledby="guard-settings-title">
        <h2 id="guard-settings-title">Misdirected-fax guard</h2>
        <p className="field-hint">Before a fax goes out, each number is checked against your contacts and the faxes sent from this app, on this computer.</p>
        {guardRules.map((rule) => (
          <label key={rule.key} className="checkbox">
            <input type="checkbox" checked={settings[rule.key]} onChange={(event) => void save({ [rule.key]: event.target.checked })} />
            {rule.label}
          </label>
        ))}
      </div>

      <div className="card" aria-labelledby="report-settings-title">
        <h2 id="report-settings-title">Transmission reports</h2>
        <p className="field-hint">Proof of sending: a one-page PDF with the time, each recipient’s result and the first page. Every sent fax has one in its detail (Save report, Print report).</p>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={settings.reportFolder !== null}
            onChange={(event) => void save({ reportFolder: event.target.checked ? `${settings.downloadFolder}${settings.downloadFolder.includes('\\') ? '\\' : '/'}Fax reports` : null })}
          />
          Save a report of every sent fax when it finishes
        </label>
        {settings.reportFolder !== null ? (
          <label className="field">
            <span>Save reports to</span>
            <input
              className="input"
              key={settings.reportFolder}
              defaultValue={settings.reportFolder}
              onBlur={(event) => event.target.value !== settings.reportFolder && void save({ reportFolder: event.target.value })}
              spellCheck={false}
            />
            <span className="field-hint">Reports are plain PDFs (not encrypted): choose a folder only people who may see the faxes can open.</span>
          </label>
        ) : null}
      </div>

      <div className="card">
        <h2>Files and privacy</h2>
        <div className="form-grid">
          <label className="field">
            <span>Save PDFs and exports to</span>
            <input className="input" defaultValue={settings.downloadFolder} onBlur={(event) => event.target.value !== settings.downloadFolder && void save({ downloadFolder: event.target.value })} spellCheck={false} />
          </label>
          <label className="field">
            <span>Keep downloaded fax documents up to</span>
            <select className="select" value={settings.pdfCacheMaxMb} onChange={(event) => void save({ pdfCacheMaxMb: Number(event.target.value) })}>
              {[64, 256, 512, 1024, 4096].map((mb) => (
                <option key={mb} value={mb}>
                  {mb >= 1024 ? `${mb / 1024} GB` : `${mb} MB`} (encrypted)
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>

      <LockSettings settings={settings} save={save} />

      {confirmSignOut ? (
        <ConfirmDialog
          title="Sign out?"
          confirmLabel="Sign out"
          onCancel={() => setConfirmSignOut(false)}
          onConfirm={() => {
            setConfirmSignOut(false);
            void signOut();
          }}
        >
          <p>The API key is removed from the system keychain. Drafts and faxes waiting in the outbox are kept and go out when you connect again.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
