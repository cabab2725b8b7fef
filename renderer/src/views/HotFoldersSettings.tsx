import { useEffect, useState } from 'react';
import type { Automation, FaxPrinterState, HotFolder, HotFolderStatus } from '../../../preload/automation';
import { automationStore, changeFaxPrinter, faxPrinterStore, hotFolderStatusStore, loadFaxPrinters, recipientsFromText, recipientsText } from '../data/automation';
import { useAutomationItemForm } from '../hooks/useAutomationItemForm';
import { FaxPrinterRow } from './FaxPrinterRow';
import { useStore } from '../data/store';
import { t } from '../i18n';

function newFolder(): HotFolder {
  return { id: crypto.randomUUID(), enabled: true, path: '', mode: 'send', recipients: [], subject: '', coverId: '' };
}

function statusLine(status: HotFolderStatus | undefined): string {
  if (!status) return t('hotFolderSettings.notWatchedYet');
  if (status.state === 'off') return t('hotFolderSettings.off');
  if (status.state === 'unavailable') return status.problem ?? t('hotFolderSettings.unavailable');
  return t('hotFolderSettings.watching', { taken: status.taken, failed: status.failed, waiting: status.waiting });
}

/** One hot folder's form: saved as a whole with the others (main checks the set). */
function HotFolderForm({ folder, status, automation, printers, isNew, onDone }: { folder: HotFolder; status: HotFolderStatus | undefined; automation: Automation; printers: FaxPrinterState | null; isNew: boolean; onDone: () => void }) {
  const [draft, setDraft] = useState(folder);
  const [recipients, setRecipients] = useState(recipientsText(folder.recipients));
  const labelId = `hot-folder-${folder.id}`;
  const { problem, saving, save, remove } = useAutomationItemForm({
    items: automation.hotFolders,
    withItems: (hotFolders) => ({ ...automation, hotFolders }),
    id: folder.id,
    isNew,
    saved: 'hotFolderSettings.saved',
    onDone,
  });
  const submit = () => save(async () => ({ ...draft, recipients: await recipientsFromText(recipients) }));
  // A printer left behind would drop jobs into a folder nobody watches: it goes first, or the folder stays.
  const hasPrinter = printers?.printers.some((printer) => printer.hotFolderId === folder.id) ?? false;
  const removeFolder = () => remove(hasPrinter ? () => changeFaxPrinter('remove', folder.id) : undefined);

  return (
    <form className="hot-folder" aria-labelledby={labelId} onSubmit={(event) => { event.preventDefault(); void submit(); }}>
      <h3 id={labelId}>{folder.path || t('hotFolderSettings.newHotFolder')}</h3>
      {!isNew ? <p className="field-hint" role="status">{statusLine(status)}</p> : null}
      <div className="form-grid">
        <label className="field">
          <span>{t('hotFolderSettings.folder')}</span>
          <input className="input" value={draft.path} onChange={(event) => setDraft({ ...draft, path: event.target.value })} spellCheck={false} required />
        </label>
        <label className="field">
          <span>{t('hotFolderSettings.whatHappensToA')}</span>
          <select className="select" value={draft.mode} onChange={(event) => setDraft({ ...draft, mode: event.target.value === 'review' ? 'review' : 'send' })}>
            <option value="send">{t('hotFolderSettings.faxItToThese')}</option>
            <option value="review">{t('hotFolderSettings.openItInA')}</option>
          </select>
        </label>
        {draft.mode === 'send' ? (
          <>
            <label className="field">
              <span>{t('hotFolderSettings.recipients')}</span>
              <input className="input" value={recipients} onChange={(event) => setRecipients(event.target.value)} spellCheck={false} />
              <span className="field-hint">{t('hotFolderSettings.faxNumbersOrContact')}</span>
            </label>
            <label className="field">
              <span>{t('hotFolderSettings.subject')}</span>
              <input className="input" value={draft.subject} maxLength={200} onChange={(event) => setDraft({ ...draft, subject: event.target.value })} />
            </label>
          </>
        ) : null}
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={draft.enabled} onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })} />
        {t('hotFolderSettings.watchThisFolder')}
      </label>
      {problem ? <p className="field-error" role="alert">{problem}</p> : null}
      <div className="row">
        <button type="submit" className="button button-primary" disabled={saving}>{t('hotFolderSettings.save')}</button>
        {isNew ? (
          <button type="button" className="button" onClick={onDone}>{t('confirmDialog.cancel')}</button>
        ) : (
          <button type="button" className="button" onClick={() => void removeFolder()}>{t('hotFolderSettings.remove')}</button>
        )}
      </div>
      {!isNew ? <FaxPrinterRow hotFolderId={folder.id} state={printers} /> : null}
    </form>
  );
}

export function HotFoldersSettings() {
  const automation = useStore(automationStore);
  const statuses = useStore(hotFolderStatusStore);
  const printers = useStore(faxPrinterStore);
  const [adding, setAdding] = useState<HotFolder | null>(null);
  const folderIds = automation?.hotFolders.map((folder) => folder.id).join() ?? '';
  useEffect(() => {
    if (folderIds) void loadFaxPrinters();
  }, [folderIds]);
  if (!automation) return null;
  return (
    <div className="card" aria-labelledby="hot-folders-title">
      <div className="card-header">
        <h2 id="hot-folders-title">{t('hotFolderSettings.hotFolders')}</h2>
        <button type="button" className="button" onClick={() => setAdding(newFolder())} disabled={adding !== null}>{t('hotFolderSettings.addAHotFolder')}</button>
      </div>
      <p className="field-hint">{t('hotFolderSettings.aFileSavedInto')}</p>
      {automation.hotFolders.map((folder) => (
        <HotFolderForm key={`${folder.id}:${JSON.stringify(folder)}`} folder={folder} status={statuses.find((status) => status.id === folder.id)} automation={automation} printers={printers} isNew={false} onDone={() => undefined} />
      ))}
      {/* Once saved, the new item is in the list above: its form there takes over (never two forms for one item). */}
      {adding && !automation.hotFolders.some((item) => item.id === adding.id) ? <HotFolderForm folder={adding} status={undefined} automation={automation} printers={printers} isNew onDone={() => setAdding(null)} /> : null}
    </div>
  );
}
