/**
 * The cover sheet of a fax, by name where the Fax Service lists its cover sheets (with the account; the spec names
 * only `cover_id`), by typed id where it does not. An id that is not among the listed ones is explained before
 * sending — the service would refuse the fax.
 */
import type { AccountView, CoverSheet } from '../../../preload/models';
import { t } from '../i18n';

/** The listed cover sheets, or null when the service does not list them. */
export function listedCoverSheets(account: AccountView | null): CoverSheet[] | null {
  const sheets = account?.coverSheets;
  return sheets === undefined || sheets === null ? null : sheets;
}

export function coverSheetName(sheet: CoverSheet): string {
  return sheet.name ?? sheet.id;
}

/** Why the draft's cover sheet cannot be sent, or null (none chosen, one of the listed, or the list is unknown). */
export function coverSheetProblem(coverId: string, account: AccountView | null): string | null {
  const id = coverId.trim();
  const sheets = listedCoverSheets(account);
  if (id === '' || sheets === null || sheets.some((sheet) => sheet.id === id)) return null;
  return sheets.length === 0 ? t('coverSheets.accountHasNone', { id }) : t('coverSheets.notOneOfThese', { id, names: sheets.map(coverSheetName).join(', ') });
}
