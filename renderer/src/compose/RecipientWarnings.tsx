/**
 * What the misdirected-fax guard found about the draft's recipients: each finding with its fix ("Use Northside
 * Clinic") or "Number is right", which confirms it for this draft. Quiet when all is well.
 */
import type { RecipientWarning, RecipientWarningKind } from '../../../preload/models';
import { displayNumber } from '../../../preload/fax-number';
import type { ComposeState } from '../data/compose';
import { applySuggestion, confirmWarning } from '../data/recipient-guard';

export const warningTitles: Record<RecipientWarningKind, string> = {
  new_number: 'New number',
  near_miss: 'One digit away from a number you know',
  name_mismatch: 'Name and number do not match',
  number_changed: 'Contact’s number changed',
};

/** The findings still to confirm, as a list (Send's and Forward's "check before sending"). */
export function FindingsList({ warnings }: { warnings: readonly RecipientWarning[] }) {
  return (
    <ul className="confirm-list">
      {warnings.map((warning) => (
        <li key={warning.key}>
          <strong>{warningTitles[warning.kind]}:</strong> {warning.message}
        </li>
      ))}
    </ul>
  );
}

export function RecipientWarnings({ warnings, state }: { warnings: readonly RecipientWarning[]; state: ComposeState }) {
  if (warnings.length === 0) return null;
  return (
    <ul className="guard-warnings" aria-label="Check these recipients" data-testid="guard-warnings">
      {warnings.map((warning) => {
        const confirmed = state.confirmedWarnings.includes(warning.key);
        return (
          <li key={warning.key} className={`guard-warning${confirmed ? ' confirmed' : ''}`} data-kind={warning.kind}>
            <div>
              <strong>{warningTitles[warning.kind]}</strong>
              <p>{warning.message}</p>
            </div>
            <div className="row row-tight">
              {warning.suggestion ? (
                <button type="button" className="button button-small button-primary" onClick={() => applySuggestion(warning)}>
                  Use {warning.suggestion.name ?? displayNumber(warning.suggestion.number)}
                </button>
              ) : null}
              {confirmed ? (
                <span className="chip chip-success">Checked</span>
              ) : (
                <button type="button" className="button button-small" onClick={() => confirmWarning(warning)}>
                  {warning.kind === 'name_mismatch' ? 'Keep this number' : 'Number is right'}
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
