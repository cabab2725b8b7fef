/**
 * The fax detail's line about the chart: where and when the fax was filed and by what (a rule, a person), with
 * "Take back"; that it waits in "To file" and why; or that it is being filed (and why it is tried again). One line:
 * the document below keeps the room.
 */
import { useEffect, useState } from 'react';
import type { FilingView } from '../../../preload/chart';
import type { FaxId } from '../../../preload/fax-id';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { chartOn, loadFiling, retryFiling, withdrawFiling } from '../data/chart';
import { faxesVersionStore } from '../data/faxes';
import { navigate } from '../data/navigation';
import { useStore } from '../data/store';
import { clockTime } from '../format';
import { say, t } from '../i18n';
import { filedWords, reasonWords } from './filing-words';

export function FilingLine({ faxId }: { faxId: FaxId }) {
  const [filing, setFiling] = useState<FilingView | null>(null);
  const [confirming, setConfirming] = useState(false);
  const version = useStore(faxesVersionStore);
  useEffect(() => {
    let current = true;
    if (chartOn()) void loadFiling(faxId).then((result) => current && result.ok && setFiling(result.value));
    return () => {
      current = false;
    };
  }, [faxId, version]);
  if (!filing) return null;
  return (
    <p className="field-hint filing-line row row-small-gap" data-testid="filing-line">
      {filing.state === 'filed' ? (
        <>
          <span>{filedWords(filing)}</span>
          {filing.elsewhere ? null : <button type="button" className="button button-small" onClick={() => setConfirming(true)}>{t('chart.takeBack')}</button>}
        </>
      ) : filing.state === 'to_file' ? (
        <>
          <span>{t('chart.waitsToFile', { why: filing.reason ? reasonWords(filing.reason) : '' })}</span>
          <button type="button" className="button button-small" onClick={() => navigate('tofile')}>{t('chart.chooseInToFile')}</button>
        </>
      ) : filing.state === 'queued' ? (
        <>
          <span>{t('chart.beingFiled', { name: filing.patient?.name ?? '' })}{filing.problem ? ` — ${say(filing.problem)}` : ''}{filing.nextTryAt !== null ? ` ${t('chart.nextTry', { time: clockTime(filing.nextTryAt) })}` : ''}</span>
          {filing.problem ? <button type="button" className="button button-small" onClick={() => void retryFiling(faxId).then((view) => view && setFiling(view))}>{t('chart.tryNow')}</button> : null}
        </>
      ) : (
        <span>{t('chart.takenBackLine')}</span>
      )}
      {confirming ? (
        <ConfirmDialog title={t('chart.takeBackTitle')} confirmLabel={t('chart.takeBack')} onCancel={() => setConfirming(false)} onConfirm={() => {
          setConfirming(false);
          void withdrawFiling(faxId).then((view) => view && setFiling(view));
        }}>
          <p>{t('chart.takeBackExplained', { name: filing.patient?.name ?? '' })}</p>
        </ConfirmDialog>
      ) : null}
    </p>
  );
}
