/** A Fax Service request id, to quote to support, with a button that copies it. */
import { copyText } from '../data/app-info';

export function RequestId({ id, hint = false, label = true }: { id: string; hint?: boolean; label?: boolean }) {
  return (
    <span className="request-id">
      {label ? 'Request id ' : null}
      <code>{id}</code>
      {hint ? ' — quote it when contacting support.' : null}
      <button type="button" className="button button-ghost button-small" onClick={() => void copyText(id, 'The request id')} aria-label={`Copy request id ${id}`}>
        Copy
      </button>
    </span>
  );
}
