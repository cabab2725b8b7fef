/**
 * What a received fax is, read on this desk: its kind (a suggestion until a person confirms it, or changes it), and
 * whom and what it is about — each field with how surely it was read; an unsure one says "needs a look". Pressing a
 * field shows where on the page it was read; the pencil beside it lets a person correct it (or give one not read).
 * A batch of several documents says so and points to the page tools.
 */
import { useEffect, useState } from 'react';
import { learnableFields, type FaxIntake, type IntakeField, type IntakeFieldName } from '../../../preload/intake';
import { Icon } from '../components/Icon';
import { FieldCorrection } from './FieldCorrection';
import type { FaxId } from '../../../preload/fax-id';
import { intakeKindsStore, loadIntakeKinds, setFaxKind } from '../data/intake';
import { useStore } from '../data/store';
import { t } from '../i18n';
import { fieldName, kindName } from './intake-words';

export interface IntakeSpot {
  page: number;
  box: [number, number, number, number];
}

function fieldValue(field: IntakeField): string {
  return field.name === 'urgency' ? t('intake.urgent') : field.value;
}

function CorrectButton({ name, onClick }: { name: IntakeFieldName; onClick: () => void }) {
  return (
    <button type="button" className="icon-button intake-correct" onClick={onClick} aria-label={t('intake.correctField', { field: fieldName(name) })} title={t('intake.correctField', { field: fieldName(name) })}>
      <Icon name="compose" size={14} />
    </button>
  );
}

export function IntakePanel({ faxId, intake, onShow, onSplit }: { faxId: FaxId; intake: FaxIntake; onShow: (spot: IntakeSpot) => void; onSplit: () => void }) {
  const kinds = useStore(intakeKindsStore);
  const [busy, setBusy] = useState(false);
  const [correcting, setCorrecting] = useState<IntakeFieldName | null>(null);
  useEffect(() => {
    if (kinds.builtIn.length === 0) void loadIntakeKinds();
  }, [kinds.builtIn.length]);
  const offered = [...new Set([...kinds.builtIn, ...kinds.office, intake.kind.kind])];
  const give = async (kind: string) => {
    setBusy(true);
    try {
      await setFaxKind(faxId, kind);
    } finally {
      setBusy(false);
    }
  };
  const { kind } = intake;
  // The fields neither read nor found as a label: a person may give one the fax has (the sender's form teaches it).
  const notShown = learnableFields.filter((name) => !intake.fields.some((field) => field.name === name) && !intake.unread?.some((label) => label.name === name));
  const giving = correcting !== null && notShown.includes(correcting) ? correcting : null;
  const how = kind.source === 'person' ? t('intake.byPerson') : kind.sure ? t('intake.fromRules', { confidence: kind.confidence }) : t('intake.suggested', { confidence: kind.confidence });
  return (
    <section className="intake-panel" aria-labelledby={`intake-${faxId}`} data-testid="intake-panel">
      <h3 id={`intake-${faxId}`} className="visually-hidden">{t('intake.aboutThisFax')}</h3>
      <div className="row row-small-gap intake-kind">
        <label className="row row-small-gap">
          <span className="field-hint">{t('intake.kindLabel')}</span>
          <select className="input" value={kind.kind} disabled={busy} onChange={(event) => void give(event.target.value)} data-testid="intake-kind">
            {offered.map((choice) => (
              <option key={choice} value={choice}>{kindName(choice)}</option>
            ))}
          </select>
        </label>
        <span className={kind.sure ? 'field-hint' : 'field-hint intake-unsure'} data-testid="intake-kind-how">{how}</span>
        {kind.source !== 'person' && !kind.sure ? (
          <button type="button" className="button button-small" disabled={busy} onClick={() => void give(kind.kind)} data-testid="intake-confirm">{t('intake.confirm')}</button>
        ) : null}
      </div>
      {intake.fields.length === 0 && !intake.unread?.length && giving === null ? <p className="field-hint">{t('intake.nothingRead')}</p> : (
        <ul className="intake-fields" aria-label={t('intake.aboutThisFax')}>
          {intake.fields.map((field) => (
            <li key={field.name} className={field.needsLook ? 'intake-field needs-look' : 'intake-field'} data-testid={`intake-field-${field.name}`} data-needs-look={field.needsLook}>
              {correcting === field.name ? (
                <FieldCorrection faxId={faxId} name={field.name} value={field.name === 'urgency' ? field.value : fieldValue(field)} onDone={() => setCorrecting(null)} />
              ) : (
                <>
                  <button
                    type="button"
                    className="intake-field-button"
                    onClick={() => onShow({ page: field.page, box: field.box })}
                    aria-label={`${fieldName(field.name)}: ${fieldValue(field)} — ${field.byPerson ? t('intake.correctedByPerson') : field.learned ? t('intake.learnedWhy') : field.needsLook ? t('intake.unsureReading', { confidence: field.confidence }) : t('intake.sureReading', { confidence: field.confidence })}. ${t('intake.showSpot', { field: fieldName(field.name), page: field.page })}`}
                    title={t('intake.showSpot', { field: fieldName(field.name), page: field.page })}
                  >
                    <span className="field-hint">{fieldName(field.name)}</span> <span className="intake-value">{fieldValue(field)}</span>
                    {field.needsLook ? <span className="chip chip-danger intake-look">{t('intake.needsLook')}</span> : null}
                    {field.byPerson ? <span className="chip intake-look">{t('intake.correctedByPerson')}</span> : null}
                    {field.learned && !field.byPerson ? (
                      <span className="chip intake-look" title={t('intake.learnedWhy')} data-testid="intake-learned">
                        {t('intake.learned')}
                      </span>
                    ) : null}
                  </button>
                  <CorrectButton name={field.name} onClick={() => setCorrecting(field.name)} />
                </>
              )}
            </li>
          ))}
          {(intake.unread ?? []).map((label) => (
            <li key={`unread-${label.name}`} className="intake-field not-read" data-testid={`intake-unread-${label.name}`}>
              {correcting === label.name ? (
                <FieldCorrection faxId={faxId} name={label.name} value="" onDone={() => setCorrecting(null)} />
              ) : (
                <>
                  <button type="button" className="intake-field-button" onClick={() => onShow({ page: label.page, box: label.box })} title={t('intake.showSpot', { field: fieldName(label.name), page: label.page })}>
                    <span className="field-hint">{fieldName(label.name)}</span> <span className="intake-value intake-not-read">{t('intake.notRead')}</span>
                  </button>
                  <CorrectButton name={label.name} onClick={() => setCorrecting(label.name)} />
                </>
              )}
            </li>
          ))}
          {giving !== null ? (
            <li className="intake-field" data-testid={`intake-giving-${giving}`}>
              <FieldCorrection faxId={faxId} name={giving} value="" onDone={() => setCorrecting(null)} />
            </li>
          ) : null}
        </ul>
      )}
      {notShown.length > 0 && giving === null ? (
        <select className="input intake-give" value="" aria-label={t('intake.giveField')} onChange={(event) => setCorrecting(event.target.value as IntakeFieldName)} data-testid="intake-give">
          <option value="">{t('intake.giveField')}</option>
          {notShown.map((name) => (
            <option key={name} value={name}>{fieldName(name)}</option>
          ))}
        </select>
      ) : null}
      {intake.parts.length > 1 ? (
        <p className="field-hint row row-small-gap" data-testid="intake-batch">
          {t('intake.batchParts', { count: intake.parts.length })}
          <button type="button" className="button button-small" onClick={onSplit}>{t('intake.openPageTools')}</button>
        </p>
      ) : null}
    </section>
  );
}
