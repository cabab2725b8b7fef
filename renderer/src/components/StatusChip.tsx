import type { FaxStatus } from '../../../preload/models';
import { statusLabel } from '../format';

export function StatusChip({ status }: { status: FaxStatus }) {
  const { label, tone } = statusLabel(status);
  return <span className={`chip ${tone === 'neutral' ? '' : `chip-${tone}`}`}>{label}</span>;
}
