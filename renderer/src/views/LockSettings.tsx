/** The app lock in Settings: the idle time, the local PIN (set, change, remove) and "lock now". */
import { useState, type SyntheticEvent } from 'react';
import type { Settings, SettingsPatch } from '../../../preload/models';
import { clearPin, lockNow, lockStore, setPin as savePin } from '../data/lock';
import { useStore } from '../data/store';
import { toast } from '../data/toasts';

export function LockSettings({ settings, save }: { settings: Settings; save: (patch: SettingsPatch) => Promise<void> }) {
  const lock = useStore(lockStore);
  const [pin, setPin] = useState('');
  const [currentPin, setCurrentPin] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const pinSet = lock?.unlockWith === 'pin';

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const refused = await savePin(pin, pinSet ? currentPin : null);
    setPin('');
    setCurrentPin('');
    setProblem(refused?.message ?? null);
    if (!refused) toast('success', pinSet ? 'The PIN was changed.' : 'The PIN is set: it unlocks the app from now on.');
  };

  const remove = async () => {
    const refused = await clearPin(currentPin);
    setCurrentPin('');
    setProblem(refused?.message ?? null);
    if (!refused) toast('info', 'The PIN was removed: the API key unlocks the app now.');
  };

  return (
    <div className="card">
      <div className="card-header">
        <h2>App lock</h2>
        <button type="button" className="button" onClick={() => void lockNow()} aria-keyshortcuts="Control+L">
          Lock now
        </button>
      </div>
      <label className="field">
        <span>Lock the app after</span>
        <select className="select" value={settings.autoLockMinutes} onChange={(event) => void save({ autoLockMinutes: Number(event.target.value) })}>
          {[1, 5, 10, 15, 30, 60, 120, 240].map((minutes) => (
            <option key={minutes} value={minutes}>
              {minutes} minute{minutes === 1 ? '' : 's'} without use
            </option>
          ))}
        </select>
        <span className="field-hint">
          Locking hides every fax and drops opened documents from memory. {pinSet ? 'Your PIN unlocks it.' : 'Without a PIN, the API key unlocks it.'}
        </span>
      </label>
      <form className="form-grid" onSubmit={(event) => void submit(event)} aria-label={pinSet ? 'Change the PIN' : 'Set a PIN'}>
        {pinSet ? (
          <label className="field">
            <span>Current PIN</span>
            <input className="input" type="password" inputMode="numeric" autoComplete="off" value={currentPin} onChange={(event) => setCurrentPin(event.target.value)} />
          </label>
        ) : null}
        <label className="field">
          <span>{pinSet ? 'New PIN' : 'PIN (4 to 12 digits)'}</span>
          <input className="input" type="password" inputMode="numeric" autoComplete="off" value={pin} onChange={(event) => setPin(event.target.value)} aria-describedby={problem ? 'pin-problem' : undefined} />
        </label>
        <div className="row">
          <button type="submit" className="button button-primary" disabled={pin === ''}>
            {pinSet ? 'Change PIN' : 'Set PIN'}
          </button>
          {pinSet ? (
            <button type="button" className="button" disabled={currentPin === ''} onClick={() => void remove()}>
              Remove PIN
            </button>
          ) : null}
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
