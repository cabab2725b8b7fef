/** Settings → Signature and stamp: what fill & sign keeps on this computer, and forgetting it. */
import { useEffect, useState } from 'react';
import type { SignatureInk, StampImage } from '../../../preload/models';
import { forgetSignature, forgetStamp, loadSavedSignature, loadSavedStamp } from '../data/fill-sign';
import { toast } from '../data/toasts';
import { t } from '../i18n';

export function SignatureSettings() {
  const [signature, setSignature] = useState<SignatureInk | null>(null);
  const [stamp, setStamp] = useState<StampImage | null>(null);
  useEffect(() => {
    let current = true;
    void loadSavedSignature().then((found) => current && setSignature(found));
    void loadSavedStamp().then((found) => current && setStamp(found));
    return () => {
      current = false;
    };
  }, []);

  return (
    <div className="card" aria-labelledby="signature-settings-title">
      <h2 id="signature-settings-title">{t('settings.signatureAndStamp')}</h2>
      <p className="field-hint" data-testid="kept-marks">
        {t('settings.keptMarks', { signature: signature ? ('typed' in signature ? 'typed' : 'drawn') : 'none', stamp: stamp ? 'kept' : 'none' })}
      </p>
      <div className="row">
        <button
          type="button"
          className="button button-small"
          disabled={!signature}
          onClick={() =>
            void forgetSignature().then(() => {
              setSignature(null);
              toast('success', t('settings.signatureForgotten'));
            })
          }
        >
          {t('settings.forgetSignature')}
        </button>
        <button
          type="button"
          className="button button-small"
          disabled={!stamp}
          onClick={() =>
            void forgetStamp().then(() => {
              setStamp(null);
              toast('success', t('settings.stampForgotten'));
            })
          }
        >
          {t('settings.forgetStamp')}
        </button>
      </div>
    </div>
  );
}
