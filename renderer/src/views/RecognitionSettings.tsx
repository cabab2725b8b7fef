/** Settings → Reading faxes: text recognition on this computer, for received (and optionally sent) faxes. */
import { useEffect, useState } from 'react';
import type { RecognitionStatus, Settings, SettingsPatch } from '../../../preload/models';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { forgetRecognizedText, loadRecognitionStatus } from '../data/faxes';
import { toast } from '../data/toasts';
import { t } from '../i18n';
import { OfficeKindsSettings } from '../intake/OfficeKindsSettings';

export function RecognitionSettings({ settings, save }: { settings: Settings; save: (patch: SettingsPatch) => Promise<void> }) {
  const [status, setStatus] = useState<RecognitionStatus | null>(null);
  const [confirming, setConfirming] = useState(false);
  const forget = async () => {
    setConfirming(false);
    const result = await forgetRecognizedText();
    if (!result.ok) {
      toast('error', result.error.message);
      return;
    }
    toast('success', t('settings.recognizedTextForgotten', { count: result.value.forgotten }));
    setStatus(await loadRecognitionStatus());
  };
  useEffect(() => {
    let current = true;
    const read = () => void loadRecognitionStatus().then((found) => current && setStatus(found));
    read();
    // The count moves while faxes are read in the background.
    const timer = setInterval(read, 5000);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [settings.recognizeText, settings.recognizeSentFaxes]);

  return (
    <div className="card" aria-labelledby="recognition-settings-title">
      <h2 id="recognition-settings-title">{t('settings.readingFaxes')}</h2>
      <label className="checkbox">
        <input type="checkbox" checked={settings.recognizeText} onChange={(event) => void save({ recognizeText: event.target.checked })} />
        {t('settings.readReceivedFaxes')}
      </label>
      <p className="field-hint">{t('settings.readReceivedFaxesHint')}</p>
      <label className="checkbox">
        <input type="checkbox" checked={settings.recognizeSentFaxes} disabled={!settings.recognizeText} onChange={(event) => void save({ recognizeSentFaxes: event.target.checked })} />
        {t('settings.readSentFaxesToo')}
      </label>
      {status ? (
        <p className="field-hint" role="status" data-testid="recognition-status">
          {t('settings.recognitionCounts', { read: status.read, failed: status.failed, reading: status.reading ? 'true' : 'false' })}
        </p>
      ) : null}
      <button type="button" className="button button-small" disabled={!status || status.read + status.failed === 0} onClick={() => setConfirming(true)}>{t('settings.forgetRecognizedText')}</button>
      {confirming ? (
        <ConfirmDialog title={t('settings.forgetRecognizedTextTitle')} confirmLabel={t('settings.forgetRecognizedTextConfirm')} onCancel={() => setConfirming(false)} onConfirm={() => void forget()}>
          <p>{t('settings.forgetRecognizedTextExplained')}</p>
        </ConfirmDialog>
      ) : null}
      {settings.recognizeText ? <OfficeKindsSettings /> : null}
    </div>
  );
}
