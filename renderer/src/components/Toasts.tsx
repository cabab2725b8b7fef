import { toastStore } from '../state/app-state';
import { useStore } from '../state/store';

export function Toasts() {
  const toasts = useStore(toastStore);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.tone}`}>
          {toast.text}
          {toast.requestId ? (
            <div className="notice-meta">
              Request id <code>{toast.requestId}</code>
            </div>
          ) : null}
        </div>
      ))}
    </div>
  );
}
