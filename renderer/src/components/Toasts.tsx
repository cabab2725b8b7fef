import { dismissToast, toastStore } from '../data/toasts';
import { useStore } from '../data/store';
import { Icon } from './Icon';
import { RequestId } from './RequestId';
import { t } from '../i18n';

/** Messages in the corner; one with a request id stays until dismissed. */
export function Toasts() {
  const toasts = useStore(toastStore);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.tone}`} data-testid="toast" data-sticky={toast.sticky}>
          <div className="toast-body">
            {toast.text}
            {toast.action ? (
              <div className="toast-action">
                <button
                  type="button"
                  className="button button-small"
                  onClick={() => {
                    dismissToast(toast.id);
                    toast.action?.run();
                  }}
                >
                  {toast.action.label}
                </button>
              </div>
            ) : null}
            {toast.requestId ? (
              <div className="notice-meta">
                <RequestId id={toast.requestId} />
              </div>
            ) : null}
          </div>
          <button type="button" className="icon-button toast-close" onClick={() => dismissToast(toast.id)} aria-label={t('toasts.dismiss')}>
            <Icon name="close" size={14} />
          </button>
        </div>
      ))}
    </div>
  );
}
