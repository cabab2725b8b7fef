import type { FaxDirection, FaxStatus } from '../../../preload/models';
import { statusLabel } from '../format';

/** A fax's or recipient's state: known words in plain language, any other word verbatim, coloured by its meaning. */
export function StatusChip({ status, direction, text, testId }: { status: FaxStatus; direction: FaxDirection; text?: string; testId?: string }) {
  const { label, tone } = statusLabel(direction, status);
  // `text`: the state said more exactly ("2/3 delivered" for a fax to three), in the status's colour; the status is its tooltip.
  return (
    <span className={`chip ${tone === 'neutral' ? '' : `chip-${tone}`}`} title={text === undefined ? undefined : label} data-testid={testId}>
      {text ?? label}
    </span>
  );
}
