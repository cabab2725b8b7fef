import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import type { PersonView } from '../../../preload/office';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Dialog } from '../components/Dialog';
import { ErrorNotice } from '../components/ErrorNotice';
import { JoinCodeQr } from '../components/JoinCodeQr';
import { OfficeLabels } from './OfficeLabels';
import { copyText } from '../data/app-info';
import type { IpcError } from '../data/ipc';
import { addPerson, confirmJoining, resetPerson, exportAudit, listPeople, officeStore, removePerson } from '../data/office';
import { OfficeJoining } from './OfficeJoining';
import { NoOffice } from './NoOffice';
import { RefusedOffice } from './RefusedOffice';
import { LeaveOfficeConfirm } from './LeaveOfficeConfirm';
import { holdExplanation } from './office-words';
import { dateTime } from '../format';
import { useStore } from '../data/store';
import { useResult } from '../hooks/useResult';
import { toast } from '../data/toasts';
import { t } from '../i18n';

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** Settings → Office: join an office with a code or create one; once in, its people, the audit export, leaving. */
export function OfficeSettings() {
  const office = useStore(officeStore);
  return (
    <div className="card" aria-labelledby="office-settings-title">
      <div className="card-header">
        <h2 id="office-settings-title">{t('office.office')}</h2>
        {office.joined ? (
          <span className={`chip ${office.state === 'connected' ? 'chip-success' : office.state === 'refused' || office.state === 'removed' ? 'chip-danger' : 'chip-warning'}`} data-testid="office-state">
            {t(office.state === 'connected' ? 'office.hubConnected' : office.state === 'offline' ? 'office.hubOffline' : office.state === 'removed' ? 'office.statusRemoved' : office.state === 'refused' ? 'office.statusPasswordRefused' : 'office.hubConnecting')}
          </span>
        ) : null}
      </div>
      {!office.joined ? office.joining ? <OfficeJoining joining={office.joining} /> : <NoOffice /> : office.state === 'removed' || office.state === 'refused' ? <RefusedOffice /> : <JoinedOffice />}
    </div>
  );
}

function JoinedOffice() {
  const office = useStore(officeStore);
  const [loaded, reload] = useResult(listPeople);
  const people: PersonView[] = loaded.state === 'ready' ? loaded.value : [];
  const [error, setError] = useState<IpcError | null>(null);
  const [newPerson, setNewPerson] = useState({ login: '', name: '', validHours: 24 });
  const [joinCode, setJoinCode] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PersonView | null>(null);
  const [confirming, setConfirming] = useState<{ person: PersonView; safetyCode: string } | null>(null);
  const [resetting, setResetting] = useState<PersonView | null>(null);
  const waitingToJoin = office.joined ? office.waitingToJoin : 0;
  // A desk asking to join is told as a change to the office: the list is read again to show its safety code (not on
  // the first render — the list was just read).
  const seenWaiting = useRef(waitingToJoin);
  useEffect(() => {
    if (seenWaiting.current === waitingToJoin) return;
    seenWaiting.current = waitingToJoin;
    reload();
  }, [waitingToJoin, reload]);
  const [leaving, setLeaving] = useState(false);
  const [range, setRange] = useState({ from: today(), to: today() });

  if (!office.joined) return null;
  const admin = office.role === 'admin';

  const add = async (event: SyntheticEvent) => {
    event.preventDefault();
    const result = await addPerson(newPerson.login.trim(), newPerson.name.trim(), newPerson.validHours);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(null);
    setJoinCode(result.value.joinCode);
    setNewPerson({ login: '', name: '', validHours: 24 });
    reload();
  };

  const held = holdExplanation(office);
  return (
    <>
      {/* The person's name and their sign-in alike on every desk (the name once the office's people were read). */}
      <p data-testid="office-summary">
        {office.me.name === office.me.login
          ? t('office.signedInAs', { name: office.me.login, host: office.host, database: office.database })
          : t('office.signedInAsNamed', { name: office.me.name, login: office.me.login, host: office.host, database: office.database })}
      </p>
      {held ? (
        <p className="notice notice-warning" role="status" data-testid="office-hold">{held}</p>
      ) : office.pending > 0 ? (
        <p className="field-hint">{t('office.pendingActions', { count: office.pending })}</p>
      ) : null}
      {office.problem ? <p className="notice notice-error" role="alert">{office.problem}</p> : null}
      {error ? <ErrorNotice error={error} /> : null}
      {loaded.state === 'failed' ? <ErrorNotice error={loaded.error} /> : null}

      <h3 className="subhead">{t('office.people')}</h3>
      <ul className="people-list">
        {people.map((person) => (
          <li key={person.login} className="row">
            <span>
              {person.name} <span className="field-hint">({person.login}{person.role === 'admin' ? `, ${t('office.administrator')}` : ''}{person.removed ? `, ${t('office.removed')}` : ''})</span>
            </span>
            {person.joining ? <JoiningPersonState joining={person.joining} /> : null}
            {admin && person.joining?.safetyCode ? (
              <button type="button" className="button button-small button-primary" onClick={() => setConfirming({ person, safetyCode: person.joining?.safetyCode ?? '' })}>
                {t('office.confirmJoin')}
              </button>
            ) : null}
            {admin && !person.me && !person.removed && person.role !== 'admin' && !person.joining ? (
              <button type="button" className="button button-small" aria-label={t('office.newJoinCodeNamed', { name: person.name })} onClick={() => setResetting(person)}>
                {t('office.newJoinCode')}
              </button>
            ) : null}
            {admin && !person.me && !person.removed ? (
              <button type="button" className="button button-small button-danger" aria-label={t('office.removeNamed', { name: person.name })} onClick={() => setRemoving(person)}>{t('office.remove')}</button>
            ) : null}
          </li>
        ))}
      </ul>
      {admin ? (
        <form className="row" onSubmit={(event) => void add(event)}>
          <label className="field">
            <span>{t('office.personName')}</span>
            <input className="input" value={newPerson.name} required onChange={(event) => setNewPerson({ ...newPerson, name: event.target.value })} />
          </label>
          <label className="field">
            <span>{t('office.personLogin')}</span>
            <input className="input" value={newPerson.login} required pattern="[a-z][a-z0-9_]{2,39}" onChange={(event) => setNewPerson({ ...newPerson, login: event.target.value })} />
          </label>
          <label className="field">
            <span>{t('office.codeValidFor')}</span>
            <select className="input" value={newPerson.validHours} onChange={(event) => setNewPerson({ ...newPerson, validHours: Number(event.target.value) })}>
              {[1, 24, 168].map((hours) => (
                <option key={hours} value={hours}>{t('office.codeValidHours', { hours })}</option>
              ))}
            </select>
          </label>
          <button type="submit" className="button">{t('office.addPerson')}</button>
        </form>
      ) : null}

      <OfficeLabels admin={admin} />

      <h3 className="subhead">{t('office.auditTrail')}</h3>
      {office.trail ? (
        <p className="notice notice-error" role="alert" data-testid="office-trail-not-as-seen">
          {t('office.trailNotAsSeen', { missing: office.trail.missing, rewritten: office.trail.rewritten })}
        </p>
      ) : null}
      <div className="row">
        <label className="date-field">
          <span className="field-hint">{t('faxList.from')}</span>
          <input className="input" type="date" value={range.from} onChange={(event) => setRange({ ...range, from: event.target.value })} />
        </label>
        <label className="date-field">
          <span className="field-hint">{t('faxList.to')}</span>
          <input className="input" type="date" value={range.to} onChange={(event) => setRange({ ...range, to: event.target.value })} />
        </label>
        <button
          type="button"
          className="button"
          disabled={!range.from || !range.to || range.from > range.to}
          onClick={() =>
            void exportAudit(range.from, range.to).then((refused) => {
              if (refused) setError(refused);
              else toast('success', t('office.auditExported'));
            })
          }
        >
          {t('office.exportAudit')}
        </button>
      </div>

      <div className="row">
        <button type="button" className="button button-danger" onClick={() => setLeaving(true)}>{t('office.leaveTheOffice')}</button>
      </div>

      {joinCode ? (
        <Dialog title={t('office.joinCodeTitle')} onClose={() => setJoinCode(null)}>
          <p>{t('office.joinCodeOnce')}</p>
          <JoinCodeQr code={joinCode} />
          <textarea className="input join-code" readOnly rows={5} value={joinCode} data-testid="join-code" />
          <div className="row">
            <button type="button" className="button button-primary" onClick={() => void copyText(joinCode, t('office.joinCode'))}>{t('office.copyJoinCode')}</button>
            <button type="button" className="button" onClick={() => setJoinCode(null)}>{t('office.done')}</button>
          </div>
        </Dialog>
      ) : null}
      {resetting ? (
        <ConfirmDialog
          title={t('office.newJoinCodeTitle', { name: resetting.name })}
          confirmLabel={t('office.newJoinCodeYes')}
          onCancel={() => setResetting(null)}
          onConfirm={() => {
            const login = resetting.login;
            setResetting(null);
            void resetPerson(login, 24).then((result) => {
              if (!result.ok) setError(result.error);
              else setJoinCode(result.value.joinCode);
              reload();
            });
          }}
        >
          {t('office.newJoinCodeBody', { name: resetting.name })}
        </ConfirmDialog>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t('office.confirmJoinTitle', { name: confirming.person.name })}
          confirmLabel={t('office.confirmJoinYes')}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            const { person, safetyCode } = confirming;
            setConfirming(null);
            void confirmJoining(person.login, safetyCode).then((refused) => {
              if (refused) setError(refused);
              reload();
            });
          }}
        >
          <p>{t('office.confirmJoinBody', { name: confirming.person.name })}</p>
          <p className="safety-code" data-testid="office-confirm-safety-code">{confirming.safetyCode}</p>
          <p className="field-hint">{t('office.confirmJoinWarning')}</p>
        </ConfirmDialog>
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={t('office.removeTitle', { name: removing.name })}
          confirmLabel={t('office.remove')}
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            const login = removing.login;
            setRemoving(null);
            void removePerson(login).then((refused) => {
              if (refused) setError(refused);
              reload();
            });
          }}
        >
          {t('office.removeBody')}
        </ConfirmDialog>
      ) : null}
      {leaving ? <LeaveOfficeConfirm onClose={() => setLeaving(false)} onRefused={setError} /> : null}
    </>
  );
}

/** A person added but not confirmed: the safety code their desk asked with, or that their code is not used yet. */
function JoiningPersonState({ joining }: { joining: NonNullable<PersonView['joining']> }) {
  return (
    <span className="field-hint" data-testid="office-person-joining">
      {joining.safetyCode
        ? t('office.personWaitingToJoin', { code: joining.safetyCode })
        : joining.expiresAt === null
          ? t('office.personCodeUnused')
          : t('office.personCodeUnusedUntil', { until: dateTime(joining.expiresAt) })}
    </span>
  );
}
