/**
 * Shown instead of the whole app while it is locked: nothing else is mounted, so no fax, list or rendered page
 * stays on screen or in memory. The PIN (or the API key when no PIN is set) goes to main and is not kept here.
 */
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import type { LockState } from '../../../preload/models';
import { Icon } from '../components/Icon';
import { unlock } from '../data/lock';
import { t } from '../i18n';

function useSecondsUntil(at: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

export function LockScreen({ lock }: { lock: LockState }) {
  const [secret, setSecret] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [retryAt, setRetryAt] = useState<number | null>(lock.retryAt);
  const wait = useSecondsUntil(retryAt);
  const input = useRef<HTMLInputElement>(null);
  // A forgotten PIN: the API key unlocks instead (and removes the PIN).
  const [byKey, setByKey] = useState(false);
  const withPin = lock.unlockWith === 'pin' && !byKey;

  useEffect(() => {
    input.current?.focus();
  }, [busy, byKey]);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (secret === '' || wait > 0) return;
    const value = secret;
    setSecret('');
    setBusy(true);
    const result = await unlock(withPin ? { pin: value } : { apiKey: value });
    setBusy(false);
    if (result.ok) return;
    setMessage(result.error.message);
    setRetryAt(result.error.retryAt ?? null);
  };

  return (
    <div className="lock-screen" role="main" aria-labelledby="lock-title">
      <form className="card lock-card" onSubmit={(event) => void submit(event)}>
        <span className="brand-mark lock-mark" aria-hidden="true">
          <Icon name="lock" size={20} />
        </span>
        <h1 id="lock-title">{t('lockScreen.faxDesktopIsLocked')}</h1>
        <p className="view-subtitle">
          {withPin ? t('lockScreen.enterYourPinTo') : byKey ? t('lockScreen.enterTheKeyInstead') : t('lockScreen.enterTheApiKey')}{' '}{t('lockScreen.draftsAndFaxesIn')}</p>
        <label className="field">
          <span>{withPin ? t('lockScreen.pin') : t('keyForm.apiKey')}</span>
          <input
            ref={input}
            className="input"
            type="password"
            inputMode={withPin ? 'numeric' : 'text'}
            autoComplete="off"
            spellCheck={false}
            value={secret}
            onChange={(event) => setSecret(event.target.value)}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? 'unlock-error' : undefined}
            disabled={busy}
            data-testid="unlock-input"
          />
        </label>
        {message ? (
          <p className="field-error" id="unlock-error" role="alert">
            {wait > 0 ? message.replace(/Try again in \d+ seconds\./, t('lockScreen.tryAgainInSeconds', { wait })) : message}
          </p>
        ) : null}
        {byKey ? <p className="field-hint">{t('lockScreen.keyRemovesPin')}</p> : null}
        <button type="submit" className="button button-primary" disabled={busy || secret === '' || wait > 0}>
          {busy ? t('lockScreen.checking') : t('lockScreen.unlock')}
        </button>
        {lock.unlockWith === 'pin' && lock.keyFallback ? (
          <button
            type="button"
            className="button button-ghost"
            onClick={() => {
              setByKey(!byKey);
              setSecret('');
              setMessage(null);
            }}
          >
            {byKey ? t('lockScreen.usePin') : t('lockScreen.forgotPin')}
          </button>
        ) : null}
      </form>
    </div>
  );
}
