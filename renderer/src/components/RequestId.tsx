/** A Fax Service request id, to quote to support, with a button that copies it. */
import { copyText } from '../data/app-info';
import { t } from '../i18n';

export function RequestId({ id, hint = false, label = true }: { id: string; hint?: boolean; label?: boolean }) {
  return (
    <span className="request-id">
      {label ? `${t('requestId.requestId')} ` : null}
      <code>{id}</code>
      {hint ? ` — ${t('requestId.quoteItWhenContacting')}` : null}
      <button type="button" className="button button-ghost button-small" onClick={() => void copyText(id, t('requestId.theRequestId'))} aria-label={t('requestId.copyRequestId', { id })}>{t('requestId.copy')}</button>
    </span>
  );
}
