/** The cover sheet: chosen by name when the Fax Service lists them, typed as an id when it does not. */
import type { AccountView } from '../../../preload/models';
import { setField } from '../data/compose';
import { coverSheetName, coverSheetProblem, listedCoverSheets } from '../data/cover-sheets';
import { t } from '../i18n';

export function CoverSheetField({ coverId, account }: { coverId: string; account: AccountView | null }) {
  const sheets = listedCoverSheets(account);
  const problem = coverSheetProblem(coverId, account);
  if (sheets === null) {
    return (
      <label className="field">
        <span>{t('compose.coverSheet')}</span>
        <input className="input" value={coverId} onChange={(event) => setField('coverId', event.target.value)} placeholder={t('compose.none')} spellCheck={false} />
        <span className="field-hint">{t('coverSheets.typeTheId')}</span>
      </label>
    );
  }
  const unknown = coverId.trim() !== '' && !sheets.some((sheet) => sheet.id === coverId.trim());
  return (
    <label className="field">
      <span>{t('compose.coverSheet')}</span>
      <select className="input" value={coverId.trim()} onChange={(event) => setField('coverId', event.target.value)} aria-invalid={problem ? true : undefined} data-testid="cover-sheet">
        <option value="">{t('compose.none')}</option>
        {sheets.map((sheet) => (
          <option key={sheet.id} value={sheet.id}>
            {coverSheetName(sheet)}
          </option>
        ))}
        {unknown ? <option value={coverId.trim()}>{t('coverSheets.unknownOption', { id: coverId.trim() })}</option> : null}
      </select>
      {problem ? <span className="field-error">{problem}</span> : <span className="field-hint">{t('coverSheets.addsOnePage')}</span>}
    </label>
  );
}
