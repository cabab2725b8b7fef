import { useState } from 'react';
import { ErrorNotice } from '../components/ErrorNotice';
import type { IpcError } from '../data/ipc';
import { listWaiting, officeStore, retryOffice } from '../data/office';
import { HubUpgrade } from './HubUpgrade';
import { LeaveOfficeConfirm } from './LeaveOfficeConfirm';
import { removalWords } from './office-words';
import { dateTime } from '../format';
import { useStore } from '../data/store';
import { useResult } from '../hooks/useResult';
import { t } from '../i18n';

/**
 * The hub refused this desk: removed from the office (or its password changed). What happened in words, the
 * actions that never reached the hub (kept to look at, not sent any more), asking again, and leaving.
 */
export function RefusedOffice() {
  const office = useStore(officeStore);
  const [waiting] = useResult(listWaiting);
  const [error, setError] = useState<IpcError | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!office.joined) return null;
  const shown = waiting.state === 'ready' ? waiting.value : [];
  return (
    <>
      <p className="notice notice-error" role="alert" data-testid="office-refused">{removalWords(office) ?? office.problem}</p>
      {error ? <ErrorNotice error={error} /> : null}
      {office.needsUpgrade && office.role === 'admin' ? <HubUpgrade /> : null}
      {shown.length > 0 ? (
        <>
          <h3 className="subhead">{t('office.waitingTitle')}</h3>
          <p className="field-hint">{t('office.waitingHint')}</p>
          <ul className="people-list" data-testid="office-waiting">
            {shown.map((action, index) => (
              <li key={`${action.faxId}-${index}`}>
                {t('office.waitingKind', { kind: action.kind })} · <span className="mono">{action.reference ?? action.faxId}</span> · <time dateTime={new Date(action.at).toISOString()}>{dateTime(action.at)}</time>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="row">
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void retryOffice().then((refused) => {
              setError(refused);
              setBusy(false);
            });
          }}
        >
          {t('office.tryAgain')}
        </button>
        <button type="button" className="button button-danger" onClick={() => setLeaving(true)}>{t('office.leaveTheOffice')}</button>
      </div>
      {leaving ? <LeaveOfficeConfirm onClose={() => setLeaving(false)} onRefused={setError} /> : null}
    </>
  );
}
