import { useState } from 'react';
import type { JoiningView } from '../../../preload/office';
import type { IpcError } from '../../../preload/ipc-result';
import { ErrorNotice } from '../components/ErrorNotice';
import { leaveOffice } from '../data/office';
import { dateTime } from '../format';
import { t } from '../i18n';

/**
 * This desk asked to join and waits for the administrator: the safety code to read to them (their screen shows the
 * same), until when they can confirm, and what went wrong when they did not (refused, or too late).
 */
export function OfficeJoining({ joining }: { joining: JoiningView }) {
  const [error, setError] = useState<IpcError | null>(null);
  return (
    <>
      {joining.problem === null ? (
        <>
          <p data-testid="office-joining">{t('office.joiningAsked', { database: joining.database, host: joining.host })}</p>
          <p className="safety-code" data-testid="office-safety-code" aria-label={t('office.safetyCodeLabel', { code: joining.safetyCode })}>
            {joining.safetyCode}
          </p>
          <p className="field-hint">{t('office.joiningWaits', { until: dateTime(joining.expiresAt) })}</p>
        </>
      ) : (
        <p className="notice notice-error" role="alert" data-testid="office-joining-problem">
          {t(joining.problem === 'refused' ? 'office.joiningRefused' : 'office.joiningExpired')}
        </p>
      )}
      {error ? <ErrorNotice error={error} /> : null}
      <div className="row">
        <button type="button" className="button" onClick={() => void leaveOffice().then(setError)}>
          {t(joining.problem === null ? 'office.joiningCancel' : 'office.joiningDismiss')}
        </button>
      </div>
    </>
  );
}
