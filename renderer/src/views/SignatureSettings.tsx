/** Settings → Signature and stamp: what fill & sign keeps on this computer, and forgetting it. */
import { useEffect, useState } from 'react';
import type { SignatureInk, StampImage } from '../../../preload/models';
import { forgetSignature, forgetStamp, loadSavedSignature, loadSavedStamp } from '../data/fill-sign';
import { toast } from '../data/toasts';
import { t } from '../i18n';

function ForgetButton({ label, kept, forget, onForgotten, done }: { label: string; kept: boolean; forget: () => Promise<void>; onForgotten: () => void; done: string }) {
  return (
    <button
      type="button"
      className="button button-small"
      disabled={!kept}
      onClick={() =>
        void forget().then(() => {
          onForgotten();
          toast('success', done);
        })
      }
    >
      {label}
    </button>
  );
}

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
        <ForgetButton label={t('settings.forgetSignature')} kept={signature !== null} forget={forgetSignature} onForgotten={() => setSignature(null)} done={t('settings.signatureForgotten')} />
        <ForgetButton label={t('settings.forgetStamp')} kept={stamp !== null} forget={forgetStamp} onForgotten={() => setStamp(null)} done={t('settings.stampForgotten')} />
      </div>
    </div>
  );
}
