import { useState } from 'react';
import type { RuleActionView } from '../../../preload/automation';
import type { FaxDetail } from '../../../preload/models';
import { retryRuleActions } from '../data/automation';
import { toast } from '../data/toasts';
import { dateTime } from '../format';
import { t } from '../i18n';

function line(action: RuleActionView): string {
  const when = action.doneAt !== null ? dateTime(new Date(action.doneAt).toISOString()) : '';
  const save = action.action === 'save';
  switch (action.state) {
    case 'done':
      return save ? t('ruleActions.savedTo', { target: action.target ?? '', when }) : t('ruleActions.printedOn', { target: action.target ?? '', when });
    case 'failed':
      return save ? t('ruleActions.savingFailed', { attempts: action.attempts, problem: action.problem ?? '' }) : t('ruleActions.printingFailed', { attempts: action.attempts, problem: action.problem ?? '' });
    case 'skipped':
      return save ? t('ruleActions.notSaved', { problem: action.problem ?? '' }) : t('ruleActions.notPrinted', { problem: action.problem ?? '' });
    case 'pending':
      return save ? t('ruleActions.waitingToSave') : t('ruleActions.waitingToPrint');
  }
}

/** What the inbound rules did with a received fax: saved where, printed on which printer, or why not yet. */
export function RuleActionsPanel({ detail }: { detail: FaxDetail }) {
  const [busy, setBusy] = useState(false);
  const actions = detail.ruleActions ?? [];
  if (actions.length === 0) return null;
  const failed = actions.some((action) => action.state === 'failed');
  const retry = async () => {
    setBusy(true);
    const problem = await retryRuleActions(detail.id);
    setBusy(false);
    if (problem) toast('error', problem.message);
  };
  return (
    <section className="rule-actions" aria-label={t('ruleActions.rules')}>
      <ul>
        {actions.map((action) => (
          <li key={action.ruleId} className={action.state === 'failed' ? 'field-error' : undefined}>{line(action)}</li>
        ))}
      </ul>
      {failed ? (
        <button type="button" className="button" onClick={() => void retry()} disabled={busy}>{t('ruleActions.tryAgainNow')}</button>
      ) : null}
    </section>
  );
}
