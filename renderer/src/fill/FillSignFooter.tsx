import type { FaxDetail } from '../../../preload/models';
import { settingsStore } from '../data/settings';
import { t } from '../i18n';
import { faxBackChoices, type FaxBackChoice } from './fax-back-choices';

/**
 * Fill & sign's actions: close, save a copy, send it to someone, or fax it back — to the number the page asks for
 * and to the line it came from, each named, when the two differ (the page's first: it is what the sender asked).
 */
export function FillSignFooter({ detail, busy, onClose, onSave, onSendTo, onFaxBack }: {
  detail: Pick<FaxDetail, 'counterpart' | 'counterpartName' | 'senderName' | 'intakeDetail'>;
  busy: boolean;
  onClose: () => void;
  onSave: () => void;
  onSendTo: () => void;
  onFaxBack: (to: FaxBackChoice | null) => void;
}) {
  const choices = faxBackChoices(detail, settingsStore.get()?.defaultCountry ?? null);
  const both = choices.length > 1;
  const label = (choice: FaxBackChoice) =>
    !both ? t('fillSign.faxBackTo', { number: choice.shown }) : choice.source === 'page' ? t('fillSign.faxBackToPage', { number: choice.shown }) : t('fillSign.faxBackToLine', { number: choice.shown });
  return (
    <>
      <button type="button" className="button" onClick={onClose}>{t('pageTools.close')}</button>
      <button type="button" className="button" disabled={busy} onClick={onSave}>{t('pageTools.saveAsPdf')}</button>
      <button type="button" className="button" disabled={busy} onClick={onSendTo}>{t('fillSign.sendTo')}</button>
      {choices.length === 0 ? (
        <button type="button" className="button button-primary" disabled={busy} onClick={() => onFaxBack(null)}>{t('fillSign.faxBack')}</button>
      ) : (
        choices.map((choice, index) => (
          <button key={choice.source} type="button" className={`button${index === 0 ? ' button-primary' : ''}`} disabled={busy} data-testid={`fax-back-${choice.source}`} onClick={() => onFaxBack(choice)}>
            {label(choice)}
          </button>
        ))
      )}
    </>
  );
}
