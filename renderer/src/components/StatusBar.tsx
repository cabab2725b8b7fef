import { navigate } from '../data/navigation';
import { statusStore, statusWords } from '../data/status';
import { useStore } from '../data/store';
import { syncNow } from '../data/sync';
import { restartToUpdate, updateStore } from '../data/updates';
import { clockTime } from '../format';
import { t } from '../i18n';
import { notHandledStore } from '../data/handling';
import { officeStore } from '../data/office';
import { setFilters } from '../data/list-filters';
import { backgroundProblemsStore, problemSection } from '../data/background';
import type { BackgroundProblem } from '../../../preload/automation';
import type { MessageId } from '../../../preload/i18n/translator';
import { holdExplanation, hubStatusWords, removalWords } from '../views/office-words';

const dotTone = { ok: '', idle: 'idle', warn: 'warn', bad: 'bad' } as const;

const problemTitles: Readonly<Record<BackgroundProblem['area'], MessageId>> = {
  hotFolder: 'background.hotFolderAway',
  rules: 'background.rulesFailing',
  reports: 'background.reportsWaiting',
};

/** Opens Settings at the section that explains the problem and can fix it. */
function showProblem(problem: BackgroundProblem): void {
  if (!navigate('settings')) return;
  requestAnimationFrame(() => {
    const heading = document.getElementById(problemSection[problem.area]);
    if (!heading) return;
    heading.scrollIntoView({ block: 'start' });
    // Keyboard users land where the problem is explained.
    heading.tabIndex = -1;
    heading.focus();
  });
}

function problemDetail(problem: BackgroundProblem): string {
  const reason = problem.reason ?? '';
  return problem.retryAt === null ? reason : `${reason} ${t('background.retryAt', { time: clockTime(problem.retryAt) })}`;
}

/** The strip at the bottom: what the app is doing with the Fax Service, as main says (data/status.ts). */
export function StatusBar() {
  const status = useStore(statusStore);
  const update = useStore(updateStore);
  const notHandled = useStore(notHandledStore);
  const problems = useStore(backgroundProblemsStore);
  const office = useStore(officeStore);
  const { text, tone } = statusWords(status);
  const canSync = status.kind !== 'starting' && status.kind !== 'signed_out' && status.kind !== 'key_rejected' && status.kind !== 'connecting';
  return (
    <footer className="status-bar">
      <span role="status" aria-live="polite" data-testid="status-text" data-kind={status.kind}>
        <span className={`status-dot ${dotTone[tone]}`} />
        {text}
      </span>
      {canSync ? (
        <button type="button" className="button button-ghost button-small" onClick={() => void syncNow()}>{t('statusBar.syncNow')}</button>
      ) : null}
      {notHandled > 0 ? (
        <button
          type="button"
          className="button button-ghost button-small"
          data-testid="not-handled"
          onClick={() => {
            setFilters('inbound', { notHandledOnly: true });
            navigate('inbox');
          }}
        >
          {t('statusBar.notHandled', { notHandled })}
        </button>
      ) : null}
      {problems.map((problem) => (
        <button
          key={problem.area}
          type="button"
          className="button button-ghost button-small status-problem"
          data-testid={`background-problem-${problem.area}`}
          title={problemDetail(problem)}
          onClick={() => showProblem(problem)}
        >
          <span className="status-dot warn" />
          {t(problemTitles[problem.area], { count: problem.count })}
        </button>
      ))}
      {office.joined ? (
        <button
          type="button"
          className="button button-ghost button-small"
          data-testid="office-hub-status"
          data-state={office.state}
          title={removalWords(office) ?? office.problem ?? holdExplanation(office) ?? undefined}
          onClick={() => navigate('settings')}
        >
          <span className={`status-dot ${office.state === 'connected' && office.hold === null ? '' : office.state === 'refused' || office.state === 'removed' ? 'bad' : 'warn'}`} />
          {hubStatusWords(office)}
        </button>
      ) : null}
      {office.joined && office.waitingToJoin > 0 ? (
        <button type="button" className="button button-ghost button-small" data-testid="office-waiting-to-join" onClick={() => navigate('settings')}>
          <span className="status-dot warn" />
          {t('statusBar.waitingToJoin', { count: office.waitingToJoin })}
        </button>
      ) : null}
      {!office.joined && office.joining ? (
        <button type="button" className="button button-ghost button-small" data-testid="office-joining-status" onClick={() => navigate('settings')}>
          <span className={`status-dot ${office.joining.problem === null ? 'warn' : 'bad'}`} />
          {office.joining.problem === null ? t('statusBar.joiningWaits', { code: office.joining.safetyCode }) : t('statusBar.joiningStopped')}
        </button>
      ) : null}
      {update.status === 'ready' ? (
        <span className="status-update" data-testid="update-ready">
          {update.waitingForUpload ? t('statusBar.versionInstallsWhenThe', { version: update.version }) : t('statusBar.versionIsReady', { version: update.version })}
          {update.waitingForUpload ? null : (
            <button type="button" className="button button-small" onClick={() => void restartToUpdate()}>{t('statusBar.restartToUpdate')}</button>
          )}
        </span>
      ) : null}
    </footer>
  );
}
