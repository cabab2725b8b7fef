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
import { createWebhook, deleteWebhook, loadWebhooks } from '../data/directory';
import type { IpcError } from '../data/ipc';
import { useStore } from '../data/store';
import { toast, toastError } from '../data/toasts';

const eventKinds: Array<[string, string]> = [
  ['fax.received', 'A fax arrives'],
  ['fax.delivered', 'A fax was delivered to every recipient'],
  ['fax.partial', 'Some recipients failed'],
  ['fax.failed', 'Every recipient failed'],
];

export function WebhooksView() {
  const connection = useStore(connectionStore);
  const canWrite = capabilitiesOf(connection)?.canCreateWebhooks ?? false;
  const [items, setItems] = useState<WebhookView[] | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>(eventKinds.map(([kind]) => kind));
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<WebhookView | null>(null);
  const [formError, setFormError] = useState<IpcError | null>(null);

  const load = useCallback(() => {
    void loadWebhooks().then((result) => (result.ok ? (setItems(result.value), setError(null)) : setError(result.error)));
  }, []);
  useEffect(load, [load]);

  const urlProblem = url.trim() !== '' && !url.trim().toLowerCase().startsWith('https://') ? 'The address must start with https:// — plain http is refused.' : null;

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
        <h1 id="webhooks-title">Webhooks</h1>
      </div>
      <p className="view-subtitle">Endpoints your other systems run to hear about faxes. Deliveries are signed; check the signature with the secret shown once at creation.</p>
      {error ? <ErrorNotice error={error} /> : null}
      {items === null && !error ? <SkeletonLines /> : null}
      {items && items.length === 0 ? <EmptyState icon="webhooks" title="No webhook endpoints" /> : null}
      {items && items.length > 0 ? (
        <div className="card card-flush">
          <table className="table" aria-label="Webhook endpoints" data-testid="webhooks-table">
            <thead>
              <tr>
                <th>Address</th>
                <th>Events</th>
                <th>Description</th>
                <th>
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((hook) => (
                <tr key={hook.id} data-testid="webhook-row">
                  <td className="mono wrap-anywhere">
                    {hook.url}
                  </td>
                  <td>{hook.events.join(', ')}</td>
                  <td>{hook.description ?? ''}</td>
                  <td className="cell-end">
                    {canWrite ? (
                      <button type="button" className="button button-small button-danger" onClick={() => setConfirmDelete(hook)} aria-label={`Delete ${hook.url}`}>
                        <Icon name="trash" size={14} /> Delete
                      </button>
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
          <h2 id="new-webhook">New endpoint</h2>
          <label className="field">
            <span>Address</span>
            <input className="input" type="url" value={url} onChange={(event) => setUrl(event.target.value)} placeholder="https://ehr.example.org/fax-events" aria-invalid={urlProblem ? true : undefined} spellCheck={false} required />
            {urlProblem ? <span className="field-error">{urlProblem}</span> : null}
          </label>
          <fieldset className="stack plain-fieldset">
            <legend className="field-label">Events</legend>
            {eventKinds.map(([kind, label]) => (
              <label key={kind} className="checkbox">
                <input type="checkbox" checked={events.includes(kind)} onChange={(event) => setEvents((current) => (event.target.checked ? [...current, kind] : current.filter((item) => item !== kind)))} />
                {label} <code>{kind}</code>
              </label>
            ))}
          </fieldset>
          <label className="field">
            <span>Description</span>
            <input className="input" value={description} onChange={(event) => setDescription(event.target.value)} maxLength={500} />
          </label>
          {formError ? <ErrorNotice error={formError} title="Not created" /> : null}
          <div className="row">
            <button type="submit" className="button button-primary" disabled={!url.trim() || urlProblem !== null || events.length === 0}>
              Create endpoint
            </button>
          </div>
        </form>
      ) : (
        <p className="field-hint">This API key may list webhooks but not create or delete them (it lacks webhooks:write).</p>
      )}
      {created ? (
        <Dialog
          title="Endpoint created — copy the secret now"
          onClose={() => setCreated(null)}
          footer={
            <button type="button" className="button button-primary" onClick={() => setCreated(null)}>
              I have stored the secret
            </button>
          }
        >
          <div className="notice notice-warning" role="alert">
            <span className="notice-title">This secret is shown once</span>
            <p>The Fax Service will not show it again and Fax Desktop does not keep it. Store it where your endpoint can use it to verify signatures.</p>
          </div>
          {created.secret ? (
            <div className="secret-box">
              <code data-testid="webhook-secret">{created.secret}</code>
              <button
                type="button"
                className="button button-small"
                onClick={() => void copyText(created.secret ?? '', 'The secret')}
              >
                <Icon name="copy" size={14} /> Copy
              </button>
            </div>
          ) : (
            <p>The Fax Service did not return a secret.</p>
          )}
        </Dialog>
      ) : null}
      {confirmDelete ? (
        <ConfirmDialog
          title="Delete this endpoint?"
          confirmLabel="Delete"
          onCancel={() => setConfirmDelete(null)}
          onConfirm={() => {
            const target = confirmDelete;
            setConfirmDelete(null);
            void deleteWebhook(target.id).then((result) => {
              if (result.ok) {
                toast('success', 'The endpoint was deleted.');
                load();
              } else toastError(result.error);
            });
          }}
        >
          <p>
            <code>{confirmDelete.url}</code> will receive no more events. This cannot be undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
