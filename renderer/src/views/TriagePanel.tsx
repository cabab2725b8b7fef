import { useEffect, useState, type SyntheticEvent } from 'react';
import type { FaxDetail } from '../../../preload/models';
import type { PersonView, TriageNoteView } from '../../../preload/office';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { markHandled } from '../data/handling';
import { addNote, assignFax, claimFax, labelsStore, listNotes, listPeople, officeStore, releaseFax, removeNote, setFaxLabels, takeOverFax, useTriage } from '../data/office';
import type { IpcError } from '../data/ipc';
import { useStore } from '../data/store';
import { toast, toastError } from '../data/toasts';
import { clockTime, dateTime } from '../format';
import { t } from '../i18n';
import { removalWords } from './office-words';

/**
 * A received fax's shared triage in an office: who is on it (claim, release, take over), who it is for, handled
 * for the office, and the notes thread. Everything goes through this desk's journal, so it works offline too.
 *
 * It follows the hub while it is open: the triage comes from the store main's news keeps (so another desk taking
 * it over changes the buttons at once), and the notes are read again when their count changes; a note being typed
 * stays. A person removed from the office is told so here, and offered nothing to share.
 */
export function TriagePanel({ detail }: { detail: FaxDetail }) {
  const office = useStore(officeStore);
  if (office.joined && office.state === 'removed') {
    return (
      <section className="handling triage" aria-label={t('office.sharedTriage')}>
        <p className="notice notice-warning" role="status" data-testid="office-removed">{removalWords(office)}</p>
      </section>
    );
  }
  return <SharedTriagePanel detail={detail} />;
}

function SharedTriagePanel({ detail }: { detail: FaxDetail }) {
  const office = useStore(officeStore);
  const labels = useStore(labelsStore);
  const triage = useTriage(detail.id, detail.triage);
  const [notes, setNotes] = useState<TriageNoteView[] | null>(null);
  const [people, setPeople] = useState<PersonView[]>([]);
  const [draft, setDraft] = useState('');
  const [confirmTakeOver, setConfirmTakeOver] = useState(false);
  const [removingNote, setRemovingNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const me = office.joined ? office.me.login : null;
  const administers = office.joined && office.role === 'admin';
  const claimedBy = triage?.claimedBy ?? null;
  // The office's mark: the triage's when the hub (or this desk's waiting action) says anything of the fax.
  const handled = triage ? triage.handledBy !== null : detail.handled === true || detail.handling?.handledAt != null;
  const noteCount = triage?.notes ?? 0;

  useEffect(() => {
    let current = true;
    void listNotes(detail.id).then((result) => {
      if (current) setNotes(result.ok ? result.value : []);
    });
    return () => {
      current = false;
    };
  }, [detail.id, noteCount]);

  useEffect(() => {
    void listPeople().then((result) => {
      if (result.ok) setPeople(result.value.filter((person) => !person.removed));
    });
  }, []);

  const run = async (work: () => Promise<string | null>) => {
    setBusy(true);
    try {
      const said = await work();
      if (said) toast('info', said);
    } finally {
      setBusy(false);
    }
  };

  const claim = () =>
    run(async () => {
      const result = await claimFax(detail.id);
      if (!result.ok) {
        toastError(result.error);
        return null;
      }
      if (result.value.kind === 'taken') return t('office.alreadyClaimed', { name: result.value.by.name, time: clockTime(result.value.since) });
      if (result.value.kind === 'queued') return t('office.claimQueued');
      return null;
    });

  const simple = (work: () => Promise<IpcError | null>) =>
    run(async () => {
      const refused = await work();
      if (refused) toastError(refused);
      return null;
    });

  /** The thread as the hub has it after this person's own change (a refusal keeps what is shown). */
  const rereadNotes = async () => {
    const result = await listNotes(detail.id);
    if (result.ok) setNotes(result.value);
  };

  const sendNote = (event: SyntheticEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (text === '') return;
    // The box empties as the note goes (it is journaled on this desk at once); a refusal puts the words back.
    setDraft('');
    void run(async () => {
      const refused = await addNote(detail.id, text);
      if (refused) {
        setDraft((typed) => (typed === '' ? text : typed));
        toastError(refused);
        return null;
      }
      await rereadNotes();
      return null;
    });
  };

  const removeUnreadableNote = (noteId: string) =>
    run(async () => {
      const refused = await removeNote(detail.id, noteId);
      if (refused) {
        toastError(refused);
        return null;
      }
      toast('success', t('office.noteRemoved'));
      await rereadNotes();
      return null;
    });

  const carried = new Set((triage?.labels ?? []).map((label) => label.id));
  // The office's labels, and a removed one only while this fax still carries it (so it can be taken off).
  const offered = labels.filter((label) => !label.removed || carried.has(label.id));
  const toggleLabel = (labelId: string) => {
    const next = carried.has(labelId) ? [...carried].filter((id) => id !== labelId) : [...carried, labelId];
    void simple(() => setFaxLabels(detail.id, next));
  };

  const claimWords = claimedBy === null ? t('office.nobodyOnIt') : claimedBy.login === me ? t('office.youAreOnIt', { time: clockTime(triage?.claimedAt ?? 0) }) : t('office.personIsOnIt', { name: claimedBy.name, time: clockTime(triage?.claimedAt ?? 0) });

  return (
    <section className="handling triage" aria-label={t('office.sharedTriage')}>
      <div className="row">
        <span className="field-hint" role="status" data-testid="claim-status">
          {claimWords}
          {triage?.pending ? ` · ${t('office.notSharedYet')}` : ''}
        </span>
        {claimedBy === null ? (
          <button type="button" className="button button-primary" disabled={busy} onClick={() => void claim()}>{t('office.claim')}</button>
        ) : claimedBy.login === me ? (
          <button type="button" className="button" disabled={busy} onClick={() => void simple(() => releaseFax(detail.id))}>{t('office.release')}</button>
        ) : (
          <button type="button" className="button" disabled={busy} onClick={() => setConfirmTakeOver(true)}>{t('office.takeOver')}</button>
        )}
      </div>
      <div className="row">
        <label className="field field-inline">
          <span>{t('office.assignTo')}</span>
          <select className="input" value={triage?.assignee?.login ?? ''} disabled={busy} onChange={(event) => void simple(() => assignFax(detail.id, event.target.value === '' ? null : event.target.value))}>
            <option value="">{t('office.nobody')}</option>
            {people.map((person) => (
              <option key={person.login} value={person.login}>{person.me ? t('office.youNamed', { name: person.name }) : person.name}</option>
            ))}
          </select>
        </label>
        <button type="button" className={`button${handled ? '' : ' button-primary'}`} aria-pressed={handled} disabled={busy} onClick={() => void simple(() => markHandled([detail.id], !handled))}>
          {handled ? t('handling.markNotHandled') : t('handling.markHandled')}
        </button>
        {triage?.handledBy ? <span className="field-hint">{triage.handledBy.login === me ? t('office.handledByYou') : t('office.handledBy', { name: triage.handledBy.name })}</span> : null}
      </div>
      {offered.length > 0 ? (
        <div className="toggle-group label-toggles" role="group" aria-label={t('office.labelsOfThisFax')}>
          {offered.map((label) => (
            <button type="button" key={label.id} aria-pressed={carried.has(label.id)} disabled={busy} onClick={() => toggleLabel(label.id)}>
              {label.removed ? t('office.labelRemoved', { name: label.name }) : label.name}
            </button>
          ))}
        </div>
      ) : null}
      <div className="notes-thread" aria-label={t('office.notes')}>
        <h3 className="subhead">{t('office.notes')}</h3>
        {notes === null ? <p className="field-hint">{t('replyParts.loading')}</p> : null}
        {notes !== null && notes.length === 0 ? <p className="field-hint">{t('office.noNotesYet')}</p> : null}
        <ol className="notes-list">
          {(notes ?? []).map((note) => (
            <li key={note.id} className="note">
              <span className="note-author">{note.author.login === me ? t('office.you') : note.author.name}</span>{' '}
              <time className="field-hint" dateTime={new Date(note.at).toISOString()}>{dateTime(note.at)}</time>
              {note.text === null ? <p className="field-hint" data-testid="note-unreadable">{t('office.noteUnreadable')}</p> : <p>{note.text}</p>}
              {/* Only a note nobody can read is offered for removal, to its author and the administrator. */}
              {note.text === null && (note.author.login === me || administers) ? (
                <button type="button" className="button button-small" disabled={busy} data-testid="remove-unreadable-note" onClick={() => setRemovingNote(note.id)}>
                  {t('office.removeUnreadableNote')}
                </button>
              ) : null}
            </li>
          ))}
        </ol>
        <form className="row" onSubmit={sendNote}>
          <label className="visually-hidden" htmlFor={`note-${detail.id}`}>{t('office.addANote')}</label>
          <input id={`note-${detail.id}`} className="input" value={draft} maxLength={5000} onChange={(event) => setDraft(event.target.value)} placeholder={t('handling.eGCalledBack')} />
          <button type="submit" className="button" disabled={busy || draft.trim() === ''}>{t('office.addNote')}</button>
        </form>
      </div>
      {removingNote !== null ? (
        <ConfirmDialog
          title={t('office.removeUnreadableNoteTitle')}
          confirmLabel={t('office.removeUnreadableNote')}
          onCancel={() => setRemovingNote(null)}
          onConfirm={() => {
            const noteId = removingNote;
            setRemovingNote(null);
            void removeUnreadableNote(noteId);
          }}
        >
          <p>{t('office.removeUnreadableNoteBody')}</p>
        </ConfirmDialog>
      ) : null}
      {confirmTakeOver && claimedBy ? (
        <ConfirmDialog
          title={t('office.takeOverTitle')}
          confirmLabel={t('office.takeOver')}
          onCancel={() => setConfirmTakeOver(false)}
          onConfirm={() => {
            setConfirmTakeOver(false);
            void simple(() => takeOverFax(detail.id));
          }}
        >
          {t('office.takeOverBody', { name: claimedBy.name, time: clockTime(triage?.claimedAt ?? 0) })}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
