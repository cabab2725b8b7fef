/** The app lock in Settings: the idle time, the local PIN (set, change, remove) and "lock now". */
import { useState, type SyntheticEvent } from 'react';
import type { Settings, SettingsPatch } from '../../../preload/models';
import { clearPin, lockNow, lockStore, setPin as savePin } from '../data/lock';
import { policiesStore } from '../data/policies';
import { useStore } from '../data/store';
import { SetByOrganization } from '../components/SetByOrganization';
import { toast } from '../data/toasts';
import { t } from '../i18n';

export function LockSettings({ settings, save }: { settings: Settings; save: (patch: SettingsPatch) => Promise<void> }) {
  const lock = useStore(lockStore);
  const policies = useStore(policiesStore);
  const [pin, setPin] = useState('');
  const [repeat, setRepeat] = useState('');
  const [currentPin, setCurrentPin] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const pinSet = lock?.unlockWith === 'pin';

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const refused = await savePin(pin, repeat, pinSet ? currentPin : null);
    setPin('');
    setRepeat('');
    setCurrentPin('');
    setProblem(refused?.message ?? null);
    if (!refused) toast('success', pinSet ? t('lockSettings.thePinWasChanged') : t('lockSettings.thePinIsSet'));
  };

  const remove = async () => {
    const refused = await clearPin(currentPin);
    setCurrentPin('');
    setProblem(refused?.message ?? null);
    if (!refused) toast('info', t('lockSettings.thePinWasRemoved'));
  };

  return (
    <div className="card">
      <div className="card-header">
        <h2>{t('lockSettings.appLock')}</h2>
        <button type="button" className="button" onClick={() => void lockNow()} aria-keyshortcuts="Control+L">{t('lockSettings.lockNow')}</button>
      </div>
      <label className="field">
        <span>{t('lockSettings.lockTheAppAfter')}</span>
        <select className="select" value={settings.autoLockMinutes} onChange={(event) => void save({ autoLockMinutes: Number(event.target.value) })}>
          {[1, 5, 10, 15, 30, 60, 120, 240].filter((minutes) => policies.autoLockMaxMinutes === null || minutes <= policies.autoLockMaxMinutes || minutes === settings.autoLockMinutes).map((minutes) => (
            <option key={minutes} value={minutes}>{t('lockSettings.minute', { minutes })}</option>
          ))}
        </select>
        {policies.autoLockMaxMinutes !== null ? <SetByOrganization text={t('policy.lockAtMost', { max: policies.autoLockMaxMinutes })} /> : null}
        <span className="field-hint">{t('lockSettings.lockingHidesEveryFax')}{' '}{pinSet ? t('lockSettings.yourPinUnlocksIt') : t('lockSettings.withoutAPinThe')}
        </span>
      </label>
      {policies.pinRequired && !pinSet ? (
        <p className="notice notice-warning" role="status" data-testid="pin-required">
          {t('policy.setAPinNow')}
        </p>
      ) : null}
      <form className="form-grid" onSubmit={(event) => void submit(event)} aria-label={pinSet ? t('lockSettings.changeThePin') : t('lockSettings.setAPin')}>
        {pinSet ? (
          <label className="field">
            <span>{t('lockSettings.currentPin')}</span>
            <input className="input" type="password" inputMode="numeric" autoComplete="off" value={currentPin} onChange={(event) => setCurrentPin(event.target.value)} />
          </label>
        ) : null}
        <label className="field">
          <span>{pinSet ? t('lockSettings.newPin') : t('lockSettings.pin4To12')}</span>
          <input className="input" type="password" inputMode="numeric" autoComplete="off" value={pin} onChange={(event) => setPin(event.target.value)} aria-describedby={problem ? 'pin-problem' : undefined} />
        </label>
        <label className="field">
          <span>{t('lockSettings.repeatPin')}</span>
          <input className="input" type="password" inputMode="numeric" autoComplete="off" value={repeat} onChange={(event) => setRepeat(event.target.value)} aria-describedby={problem ? 'pin-problem' : undefined} />
        </label>
        <div className="row">
          <button type="submit" className="button button-primary" disabled={pin === '' || repeat === ''}>
            {pinSet ? t('lockSettings.changePin') : t('lockSettings.setPin')}
          </button>
          {pinSet && !policies.pinRequired ? (
            <button type="button" className="button" disabled={currentPin === ''} onClick={() => void remove()}>{t('lockSettings.removePin')}</button>
          ) : null}
          {policies.pinRequired ? <SetByOrganization text={t('policy.pinRequired')} /> : null}
        </div>
      </form>
      {problem ? (
        <p className="field-error" id="pin-problem" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
