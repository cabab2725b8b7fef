/**
 * What compose says about drafts: a draft from earlier comes with "Draft from 10:42 — Continue / Start new" (it may
 * be another patient's fax), a draft set aside for a new fax is one click away, and the drafts set aside are listed
 * to open or discard (after a confirmation).
 */
import { useEffect, useState } from 'react';
import type { Draft } from '../../../preload/models';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ErrorNotice } from '../components/ErrorNotice';
import type { ComposeState } from '../data/compose';
import { continueDraft, discardDraftAside, draftsAsideStore, loadDraftsAside, resumeDraftAside, startNewFax } from '../data/drafts';
import type { IpcError } from '../data/ipc';
import { useStore } from '../data/store';
import { clockTime } from '../format';
import { t } from '../i18n';

function summary(draft: Pick<Draft, 'recipients' | 'files' | 'subject'>): string {
  const who = draft.recipients.map((recipient) => recipient.name ?? recipient.number).join(', ');
  const counts = t('drafts.summary', { recipients: draft.recipients.length, files: draft.files.length });
  return [draft.subject.trim() || t('drafts.untitled'), who, counts].filter((part) => part !== '').join(' · ');
}

export function DraftNotice({ state }: { state: ComposeState }) {
  const [error, setError] = useState<IpcError | null>(null);
  const notice = state.notice;
  if (notice === null) return error ? <ErrorNotice error={error} /> : null;
  if (notice.kind === 'resumed') {
    return (
      <div className="notice notice-warning" role="status" data-testid="draft-notice" data-kind="resumed">
        <p>
          <strong>{t('drafts.resumedTitle', { time: clockTime(notice.at) })}</strong> {t('drafts.resumedBody')}
        </p>
        <p className="field-hint">
          {summary({ recipients: state.recipients.map((recipient) => ({ number: recipient.e164 ?? recipient.input, ...(recipient.name ? { name: recipient.name } : {}) })), files: state.files, subject: state.subject })}
        </p>
        <div className="row">
          <button type="button" className="button button-small" onClick={continueDraft}>{t('drafts.continue')}</button>
          <button type="button" className="button button-small button-primary" onClick={() => void startNewFax().then(setError)}>{t('drafts.startNew')}</button>
        </div>
        {error ? <ErrorNotice error={error} /> : null}
      </div>
    );
  }
  return (
    <div className="notice notice-info" role="status" data-testid="draft-notice" data-kind="setAside">
      <p>
        <strong>{t('drafts.setAsideTitle', { time: clockTime(notice.at) })}</strong> {t('drafts.setAsideBody')}
      </p>
      <div className="row">
        <button type="button" className="button button-small" onClick={() => void resumeDraftAside(notice.draftId, { bringRecipients: true }).then(setError)}>{t('drafts.backToIt')}</button>
      </div>
      {error ? <ErrorNotice error={error} /> : null}
    </div>
  );
}

export function DraftsAside() {
  const drafts = useStore(draftsAsideStore);
  const [discarding, setDiscarding] = useState<Draft | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  useEffect(() => {
    void loadDraftsAside();
  }, []);
  if (drafts.length === 0) return null;
  return (
    <details className="card drafts-aside" data-testid="drafts-aside">
      <summary>{t('drafts.asideHeading', { count: drafts.length })}</summary>
      <ul className="drafts-aside-list">
        {drafts.map((draft) => (
          <li key={draft.id} data-testid="draft-aside">
            <div>
              <strong>{clockTime(draft.updatedAt)}</strong> <span>{summary(draft)}</span>
            </div>
            <div className="row row-tight">
              <button type="button" className="button button-small" onClick={() => void resumeDraftAside(draft.id).then(setError)}>{t('drafts.open')}</button>
              <button type="button" className="button button-small button-danger" onClick={() => setDiscarding(draft)}>{t('drafts.discard')}</button>
            </div>
          </li>
        ))}
      </ul>
      {error ? <ErrorNotice error={error} /> : null}
      {discarding ? (
        <ConfirmDialog
          title={t('drafts.discardTitle')}
          confirmLabel={t('drafts.discardConfirm')}
          onCancel={() => setDiscarding(null)}
          onConfirm={() => {
            const draft = discarding;
            setDiscarding(null);
            void discardDraftAside(draft.id).then(setError);
          }}
        >
          <p>{t('drafts.discardBody', { time: clockTime(discarding.updatedAt), summary: summary(discarding) })}</p>
        </ConfirmDialog>
      ) : null}
    </details>
  );
}
