import { useCallback, useEffect, useState, type SyntheticEvent } from 'react';
import type { CreatedWebhook, WebhookView } from '../../../preload/models';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Dialog } from '../components/Dialog';
import { EmptyState, SkeletonLines } from '../components/EmptyState';
import { ErrorNotice } from '../components/ErrorNotice';
import { Icon } from '../components/Icon';
import { copyText } from '../data/app-info';
import { capabilitiesOf } from '../data/capabilities';
import { connectionStore } from '../data/connection';
import { createWebhook, deleteWebhook, deletionChecksMs, loadWebhooks } from '../data/directory';
import type { IpcError } from '../data/ipc';
import { useStore } from '../data/store';
import { toast, toastError } from '../data/toasts';
import { t } from '../i18n';
import type { MessageId } from '../../../preload/i18n/translator';
import { policiesStore } from '../data/policies';
import { SetByOrganization } from '../components/SetByOrganization';

const eventKinds: Array<[string, MessageId]> = [
  ['fax.received', 'webhooks.aFaxArrives'],
  ['fax.delivered', 'webhooks.aFaxWasDelivered'],
  ['fax.partial', 'webhooks.someRecipientsFailed'],
  ['fax.failed', 'webhooks.everyRecipientFailed'],
];

export function WebhooksView() {
  const connection = useStore(connectionStore);
  const policies = useStore(policiesStore);
  const canWrite = capabilitiesOf(connection)?.canCreateWebhooks ?? false;
  const [items, setItems] = useState<WebhookView[] | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>(eventKinds.map(([kind]) => kind));
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<WebhookView | null>(null);
  const [formError, setFormError] = useState<IpcError | null>(null);
  /** Endpoints the service accepted to delete (202) and may still list for a moment: shown as being deleted. */
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(new Set());

  const load = useCallback(() => {
    void loadWebhooks().then((result) => (result.ok ? (setItems(result.value), setError(null)) : setError(result.error)));
  }, []);
  useEffect(load, [load]);
  // Those still listed are shown as being deleted; while there are any, the list is read again now and then.
  const stillDeleting = new Set([...deleting].filter((id) => items?.some((hook) => hook.id === id) ?? true));
  const deletingKey = [...stillDeleting].sort().join(' ');
  useEffect(() => {
    if (deletingKey === '') return;
    const timers = deletionChecksMs.map((delay) => setTimeout(load, delay));
    return () => timers.forEach(clearTimeout);
  }, [deletingKey, load]);

  const urlProblem = url.trim() !== '' && !url.trim().toLowerCase().startsWith('https://') ? t('keyForm.theAddressMustStart') : null;

  const create = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (urlProblem || !url.trim()) return;
    const result = await createWebhook({ url: url.trim(), events, ...(description.trim() ? { description: description.trim() } : {}) });
    if (!result.ok) {
      setFormError(result.error);
      return;
    }
    setFormError(null);
    setCreated(result.value);
    setUrl('');
    setDescription('');
    load();
  };

  return (
    <section className="view" aria-labelledby="webhooks-title">
      <div className="view-header">
        <h1 id="webhooks-title">{t('webhooks.webhooks')}</h1>
      </div>
      <p className="view-subtitle">{t('webhooks.endpointsYourOtherSystems')}</p>
      {error ? <ErrorNotice error={error} /> : null}
      {items === null && !error ? <SkeletonLines /> : null}
      {items && items.length === 0 ? <EmptyState icon="webhooks" title={t('webhooks.noWebhookEndpoints')} /> : null}
      {items && items.length > 0 ? (
        <div className="card card-flush">
          <table className="table" aria-label={t('webhooks.webhookEndpoints')} data-testid="webhooks-table">
            <thead>
              <tr>
                <th>{t('webhooks.address')}</th>
                <th>{t('webhooks.events')}</th>
                <th>{t('webhooks.description')}</th>
                <th>
                  <span className="visually-hidden">{t('webhooks.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((hook) => (
                <tr key={hook.id} data-testid="webhook-row" data-deleting={stillDeleting.has(hook.id) || undefined}>
                  <td className="mono wrap-anywhere">
                    {hook.url}
                  </td>
                  <td>{hook.events.join(', ')}</td>
                  <td>{hook.description ?? ''}</td>
                  <td className="cell-end">
                    {stillDeleting.has(hook.id) ? (
                      <span className="chip chip-info" role="status">{t('webhooks.deletingChip')}</span>
                    ) : canWrite ? (
                      <button type="button" className="button button-small button-danger" disabled={!policies.webhooksAdmin} onClick={() => setConfirmDelete(hook)} aria-label={t('webhooks.delete2', { url: hook.url })}>
                        <Icon name="trash" size={14} />{' '}{t('webhooks.delete')}</button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {canWrite ? (
        <form className="card" onSubmit={(event) => void create(event)} aria-labelledby="new-webhook">
          <h2 id="new-webhook">{t('webhooks.newEndpoint')}</h2>
          <label className="field">
            <span>{t('webhooks.address')}</span>
            <input className="input" type="url" value={url} onChange={(event) => setUrl(event.target.value)} placeholder={t('webhooks.httpsEhrExampleOrg')} aria-invalid={urlProblem ? true : undefined} spellCheck={false} required />
            {urlProblem ? <span className="field-error">{urlProblem}</span> : null}
          </label>
          <fieldset className="stack plain-fieldset">
            <legend className="field-label">{t('webhooks.events')}</legend>
            {eventKinds.map(([kind, label]) => (
              <label key={kind} className="checkbox">
                <input type="checkbox" checked={events.includes(kind)} onChange={(event) => setEvents((current) => (event.target.checked ? [...current, kind] : current.filter((item) => item !== kind)))} />
                {t(label)} <code>{kind}</code>
              </label>
            ))}
          </fieldset>
          <label className="field">
            <span>{t('webhooks.description')}</span>
            <input className="input" value={description} onChange={(event) => setDescription(event.target.value)} maxLength={500} />
          </label>
          {formError ? <ErrorNotice error={formError} title={t('webhooks.notCreated')} /> : null}
          <div className="row">
            <button type="submit" className="button button-primary" disabled={!url.trim() || urlProblem !== null || events.length === 0 || !policies.webhooksAdmin}>{t('webhooks.createEndpoint')}</button>
            {policies.webhooksAdmin ? null : <SetByOrganization text={t('policy.turnedOff')} />}
          </div>
        </form>
      ) : (
        <p className="field-hint">{t('webhooks.thisApiKeyMay')}</p>
      )}
      {created ? (
        <Dialog
          title={t('webhooks.endpointCreatedCopyThe')}
          onClose={() => setCreated(null)}
          footer={
            <button type="button" className="button button-primary" onClick={() => setCreated(null)}>{t('webhooks.iHaveStoredThe')}</button>
          }
        >
          <div className="notice notice-warning" role="alert">
            <span className="notice-title">{t('webhooks.thisSecretIsShown')}</span>
            <p>{t('webhooks.theFaxServiceWill')}</p>
          </div>
          {created.secret ? (
            <div className="secret-box">
              <code data-testid="webhook-secret">{created.secret}</code>
              <button
                type="button"
                className="button button-small"
                onClick={() => void copyText(created.secret ?? '', t('webhooks.theSecret'))}
              >
                <Icon name="copy" size={14} />{' '}{t('requestId.copy')}</button>
            </div>
          ) : (
            <p>{t('webhooks.theFaxServiceDid')}</p>
          )}
        </Dialog>
      ) : null}
      {confirmDelete ? (
        <ConfirmDialog
          title={t('webhooks.deleteThisEndpoint')}
          confirmLabel={t('webhooks.delete')}
          onCancel={() => setConfirmDelete(null)}
          onConfirm={() => {
            const target = confirmDelete;
            setConfirmDelete(null);
            void deleteWebhook(target.id).then((result) => {
              if (!result.ok) {
                toastError(result.error);
                return;
              }
              if (result.value.pending) {
                toast('success', t('webhooks.beingDeleted'));
                setDeleting((current) => new Set([...current, target.id]));
              } else {
                toast('success', t('webhooks.theEndpointWasDeleted'));
                setItems((current) => current?.filter((hook) => hook.id !== target.id) ?? current);
              }
              load();
            });
          }}
        >
          <p>
            <code>{confirmDelete.url}</code>{' '}{t('webhooks.willReceiveNoMore')}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
