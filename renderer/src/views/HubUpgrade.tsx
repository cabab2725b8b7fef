import { useState, type SyntheticEvent } from 'react';
import { ErrorNotice } from '../components/ErrorNotice';
import type { IpcError } from '../data/ipc';
import { upgradeOfficeHub } from '../data/office';
import { toast } from '../data/toasts';
import { t } from '../i18n';

/**
 * For IT, on the administrator's desk: the hub's schema is older than this app's, and only the server's setup
 * account may upgrade it (no person's account owns the office's tables). The account is used once and not kept.
 */
export function HubUpgrade() {
  const [setupUser, setSetupUser] = useState('');
  const [setupPassword, setSetupPassword] = useState('');
  const [error, setError] = useState<IpcError | null>(null);
  const [busy, setBusy] = useState(false);

  const upgrade = async (event: SyntheticEvent) => {
    event.preventDefault();
    setBusy(true);
    const failed = await upgradeOfficeHub({ setupUser: setupUser.trim(), setupPassword });
    setSetupPassword('');
    setError(failed);
    setBusy(false);
    if (failed === null) toast('success', t('office.hubUpgraded'));
  };

  return (
    <form className="office-setup-account" onSubmit={(event) => void upgrade(event)} data-testid="hub-upgrade">
      <h3 className="subhead">{t('office.upgradeHub')}</h3>
      <p className="field-hint">{t('office.upgradeHubHint')}</p>
      {error ? <ErrorNotice error={error} /> : null}
      <label className="field">
        <span>{t('office.setupUser')}</span>
        <input className="input" value={setupUser} required autoComplete="off" onChange={(event) => setSetupUser(event.target.value)} />
      </label>
      <label className="field">
        <span>{t('office.setupPassword')}</span>
        <input className="input" type="password" value={setupPassword} required autoComplete="off" onChange={(event) => setSetupPassword(event.target.value)} />
      </label>
      <button type="submit" className="button button-primary" disabled={busy || setupUser.trim() === '' || setupPassword === ''}>{t('office.upgradeHub')}</button>
    </form>
  );
}
