import { useState } from 'react';
import type { RuleActionView } from '../../../preload/automation';
import type { FaxDetail } from '../../../preload/models';
import { retryRuleActions } from '../data/automation';
import { toast } from '../data/toasts';
import { dateTime } from '../format';
import { t } from '../i18n';

function line(action: RuleActionView): string {
  const when = action.doneAt !== null ? dateTime(new Date(action.doneAt).toISOString()) : '';
  const problem = action.problem ?? '';
  if (action.action === 'save' || action.action === 'print') {
    const save = action.action === 'save';
    switch (action.state) {
      case 'done':
        return save ? t('ruleActions.savedTo', { target: action.target ?? '', when }) : t('ruleActions.printedOn', { target: action.target ?? '', when });
      case 'failed':
        return save ? t('ruleActions.savingFailed', { attempts: action.attempts, problem }) : t('ruleActions.printingFailed', { attempts: action.attempts, problem });
      case 'skipped':
        return save ? t('ruleActions.notSaved', { problem }) : t('ruleActions.notPrinted', { problem });
      case 'pending':
        return save ? t('ruleActions.waitingToSave') : t('ruleActions.waitingToPrint');
    }
  }
  // Label, person, notification: what the rule did, in one set of words.
  const done = action.action === 'label' ? t('ruleActions.labelled', { when }) : action.action === 'assign' ? t('ruleActions.assigned', { when }) : t('ruleActions.notified', { when });
  switch (action.state) {
    case 'done':
      return done;
    case 'failed':
      return t('ruleActions.ruleFailed', { attempts: action.attempts, problem });
    case 'skipped':
      return t('ruleActions.ruleNotDone', { problem });
    case 'pending':
      return t('ruleActions.ruleWaiting');
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
