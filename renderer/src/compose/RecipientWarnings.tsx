/**
 * What the misdirected-fax guard found about the draft's recipients: each finding with its fix ("Use Northside
 * Clinic") or "Number is right", which confirms it for this draft. Quiet when all is well.
 */
import type { RecipientWarning, RecipientWarningKind } from '../../../preload/models';
import { displayNumber } from '../../../preload/fax-number';
import type { ComposeState } from '../data/compose';
import { applySuggestion, confirmWarning } from '../data/recipient-guard';
import { t } from '../i18n';
import type { MessageId } from '../../../preload/i18n/translator';

export const warningTitles: Record<RecipientWarningKind, MessageId> = {
  new_number: 'recipientWarnings.newNumber',
  near_miss: 'recipientWarnings.oneDigitAwayFrom',
  name_mismatch: 'recipientWarnings.nameAndNumberDo',
  number_changed: 'recipientWarnings.contactSNumberChanged',
};

/** The findings still to confirm, as a list (Send's and Forward's "check before sending"). */
export function FindingsList({ warnings }: { warnings: readonly RecipientWarning[] }) {
  return (
    <ul className="confirm-list">
      {warnings.map((warning) => (
        <li key={warning.key}>
          <strong>{t(warningTitles[warning.kind])}:</strong> {warning.message}
        </li>
      ))}
    </ul>
  );
}

/** What the findings' buttons do: compose's draft by default; Forward keeps its own list. */
export interface FindingActions {
  fix(warning: RecipientWarning): void;
  confirm(warning: RecipientWarning): void;
}

const composeFindingActions: FindingActions = { fix: applySuggestion, confirm: confirmWarning };

export function RecipientWarnings({ warnings, state, actions = composeFindingActions }: { warnings: readonly RecipientWarning[]; state: Pick<ComposeState, 'confirmedWarnings'>; actions?: FindingActions }) {
  if (warnings.length === 0) return null;
  return (
    <ul className="guard-warnings" aria-label={t('recipientWarnings.checkTheseRecipients')} data-testid="guard-warnings">
      {warnings.map((warning) => {
        const confirmed = state.confirmedWarnings.includes(warning.key);
        return (
          <li key={warning.key} className={`guard-warning${confirmed ? ' confirmed' : ''}`} data-kind={warning.kind}>
            <div>
              <strong>{t(warningTitles[warning.kind])}</strong>
              <p>{warning.message}</p>
            </div>
            <div className="row row-tight">
              {warning.suggestion ? (
                <button type="button" className="button button-small button-primary" onClick={() => actions.fix(warning)}>{t('recipientWarnings.useName', { name: warning.suggestion.name ?? displayNumber(warning.suggestion.number) })}
                </button>
              ) : null}
              {confirmed ? (
                <span className="chip chip-success">{t('recipientWarnings.checked')}</span>
              ) : (
                <button type="button" className="button button-small" onClick={() => actions.confirm(warning)}>
                  {warning.kind === 'name_mismatch' ? t('recipientWarnings.keepThisNumber') : t('recipientWarnings.numberIsRight')}
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
