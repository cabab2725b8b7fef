/**
 * One fax in "To file": why it waits, whom the fax names (as read, an unsure value marked), the patients who could
 * fit — numbered, with what agreed — and the page with the patient's spot marked. A number key picks a patient,
 * Enter files to the one picked; "Someone else" looks a patient up by name and birth date.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import type { FilingCandidate } from '../../../preload/chart';
import type { ToFileRow } from '../../../preload/contract-chart';
import type { FaxDetail } from '../../../preload/models';
import { fileFax, findPatients } from '../data/chart';
import { loadFax } from '../data/faxes';
import { navigate } from '../data/navigation';
import { currentLocale, say, t } from '../i18n';
import { fieldName } from '../intake/intake-words';
import { formText } from './form-text';
import { PdfViewer } from '../pdf/PdfViewer';
import { agreementWords, birthWords, reasonWords } from './filing-words';

const shownFields = ['patient', 'dob', 'mrn', 'memberId'] as const;

export function ToFileDetail({ row }: { row: ToFileRow }) {
  const faxId = row.fax.id;
  const [detail, setDetail] = useState<FaxDetail | null>(null);
  const [picked, setPicked] = useState<number | null>(row.filing.candidates.length === 1 ? 0 : null);
  const [busy, setBusy] = useState(false);
  const [looking, setLooking] = useState(false);
  const [found, setFound] = useState<FilingCandidate[] | null>(null);
  const nameInput = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    let current = true;
    void loadFax(faxId, false).then((result) => current && result.ok && setDetail(result.value));
    return () => {
      current = false;
    };
  }, [faxId]);
  const candidates = found ?? row.filing.candidates;
  const fields = detail?.intakeDetail?.fields ?? [];
  const patientField = fields.find((field) => field.name === 'patient');
  const highlights = useMemo(() => (patientField ? [{ page: patientField.page, boxes: [patientField.box] }] : []), [patientField]);
  const show = useMemo(() => (patientField ? { page: patientField.page } : null), [patientField]);
  const pdfSource = useMemo(() => ({ faxId }), [faxId]);

  const file = useCallback(
    async (index: number) => {
      const candidate = candidates[index];
      if (!candidate || busy) return;
      setBusy(true);
      try {
        // Filed, the fax leaves the list and the next one comes up in its place.
        await fileFax(faxId, candidate);
      } finally {
        setBusy(false);
      }
    },
    [candidates, busy, faxId],
  );
  const lookUp = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    try {
      const result = await findPatients(faxId, formText(form, 'name'), formText(form, 'birthDate'));
      if (result) {
        setFound(result);
        setPicked(result.length === 1 ? 0 : null);
      }
    } finally {
      setBusy(false);
    }
  };
  // The keys work wherever the focus is in the view (on the list of faxes, on the page), but never while typing or
  // on a button (Enter there presses the button).
  useEffect(() => {
    const listen = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, button, [role=dialog]') || event.altKey || event.ctrlKey || event.metaKey) return;
      if (/^[1-9]$/.test(event.key) && Number(event.key) <= candidates.length) {
        event.preventDefault();
        setPicked(Number(event.key) - 1);
      } else if (event.key === 'Enter' && picked !== null) {
        event.preventDefault();
        void file(picked);
      } else if (event.key.toLowerCase() === 'f') {
        event.preventDefault();
        setLooking(true);
        requestAnimationFrame(() => nameInput.current?.focus());
      }
    };
    document.addEventListener('keydown', listen);
    return () => document.removeEventListener('keydown', listen);
  }, [candidates.length, picked, file]);

  return (
    <div className="to-file-detail" data-testid="to-file-detail">
      <div className="to-file-facts">
        <p className="to-file-why" role="status" data-testid="to-file-why">
          {row.filing.reason ? reasonWords(row.filing.reason) : null}
          {row.filing.problem ? <span className="field-hint"> {say(row.filing.problem)}</span> : null}
        </p>
        <dl className="to-file-read" aria-label={t('chart.asRead')}>
          {shownFields.map((name) => {
            const field = fields.find((candidate) => candidate.name === name);
            return (
              <div key={name} className={field?.needsLook ? 'needs-look' : undefined}>
                <dt>{fieldName(name)}</dt>
                <dd>{field ? field.value : t('chart.notRead')}{field?.needsLook ? ` (${t('intake.needsLook')})` : ''}</dd>
              </div>
            );
          })}
        </dl>
        <fieldset className="to-file-candidates">
          <legend>{candidates.length > 0 ? t('chart.whoIsIt') : t('chart.nobodyFits')}</legend>
          <ol>
            {candidates.map((candidate, index) => (
              <li key={candidate.patient.id}>
                <label className={picked === index ? 'to-file-candidate picked' : 'to-file-candidate'} data-testid="to-file-candidate">
                  <input type="radio" name={`candidate-${faxId}`} checked={picked === index} onChange={() => setPicked(index)} />
                  <span className="kbd" aria-hidden="true">{index + 1}</span>
                  <span className="to-file-candidate-name">{candidate.patient.name}</span>
                  <span className="field-hint">{birthWords(candidate.patient.birthDate)}{candidate.patient.mrn ? ` · ${t('chart.mrn')} ${candidate.patient.mrn}` : ''}</span>
                  <span className="field-hint to-file-agreement">{agreementWords(candidate.agreement, currentLocale())}</span>
                </label>
              </li>
            ))}
          </ol>
        </fieldset>
        <div className="row" role="toolbar" aria-label={t('chart.fileActions')}>
          <button type="button" className="button button-primary" disabled={busy || picked === null} onClick={() => picked !== null && void file(picked)} aria-keyshortcuts="Enter">
            {picked !== null && candidates[picked] ? t('chart.fileTo', { name: candidates[picked].patient.name }) : t('chart.pickAPatient')}
          </button>
          <button type="button" className="button" aria-expanded={looking} onClick={() => setLooking((open) => !open)} aria-keyshortcuts="F">{t('chart.someoneElse')}</button>
          <button type="button" className="button" onClick={() => navigate('inbox', faxId)}>{t('chart.openFax')}</button>
        </div>
        {looking ? (
          <form className="row to-file-lookup" onSubmit={(event) => void lookUp(event)} aria-label={t('chart.lookUpPatient')}>
            <label>
              <span className="field-label">{t('chart.name')}</span>
              <input ref={nameInput} className="input" name="name" autoComplete="off" defaultValue={fields.find((field) => field.name === 'patient')?.value ?? ''} />
            </label>
            <label>
              <span className="field-label">{t('chart.birthDate')}</span>
              <input className="input" name="birthDate" autoComplete="off" placeholder={t('chart.birthDateExample')} defaultValue={fields.find((field) => field.name === 'dob')?.value ?? ''} />
            </label>
            <button type="submit" className="button" disabled={busy}>{t('chart.find')}</button>
          </form>
        ) : null}
      </div>
      <PdfViewer source={pdfSource} label={t('faxDetail.faxReference', { reference: row.fax.reference ?? faxId })} highlights={highlights} show={show} />
    </div>
  );
}
