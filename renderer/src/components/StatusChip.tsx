import type { FaxDirection, FaxStatus } from '../../../preload/models';
import { statusLabel } from '../format';

/** A fax's or recipient's state: known words in plain language, any other word verbatim, coloured by its meaning. */
export function StatusChip({ status, direction }: { status: FaxStatus; direction: FaxDirection }) {
  const { label, tone } = statusLabel(direction, status);
  return <span className={`chip ${tone === 'neutral' ? '' : `chip-${tone}`}`}>{label}</span>;
}
