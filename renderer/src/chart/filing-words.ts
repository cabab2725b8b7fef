/** Filing's words: why a fax waits, how a candidate agreed with the fax, where and by what it was filed. */
import type { ChartSummary, FieldAgreement, FilingReason, FilingView } from '../../../preload/chart';
import type { MessageId } from '../../../preload/i18n/translator';
import { t } from '../i18n';
import { calendarDate, clockTime } from '../format';

const reasons: Record<FilingReason, MessageId> = {
  'patient-unsure': 'chart.reasonPatientUnsure',
  'two-candidates': 'chart.reasonTwoCandidates',
  'look-alike': 'chart.reasonLookAlike',
  'new-patient': 'chart.reasonNewPatient',
  'no-patient-read': 'chart.reasonNoPatientRead',
  'kind-unsure': 'chart.reasonKindUnsure',
  'not-automatic': 'chart.reasonNotAutomatic',
  'ehr-refused': 'chart.reasonEhrRefused',
  'several-parts': 'chart.reasonSeveralParts',
};

export const reasonWords = (reason: FilingReason): string => t(reasons[reason]);

const nameLevels: Record<string, MessageId> = {
  exact: 'chart.nameExact',
  nickname: 'chart.nameNickname',
  middle: 'chart.nameMiddle',
  spelling: 'chart.nameSpelling',
  former: 'chart.nameFormer',
  part: 'chart.namePart',
  misread: 'chart.nameMisread',
  initial: 'chart.nameInitial',
  differ: 'chart.nameDiffers',
};
const birthLevels: Record<string, MessageId> = {
  exact: 'chart.birthExact',
  swapped: 'chart.birthSwapped',
  misread: 'chart.birthMisread',
  differ: 'chart.birthDiffers',
};
const idLevels: Record<string, MessageId> = {
  exact: 'chart.idExact',
  misread: 'chart.idMisread',
  differ: 'chart.idDiffers',
};

/** "name exact, birth date exact, MRN one digit off": what agreed and what did not, in the app's language. */
export function agreementWords(agreement: readonly FieldAgreement[], locale: string): string {
  const parts = agreement.flatMap((field) => {
    const table = field.field === 'name' ? nameLevels : field.field === 'birthDate' ? birthLevels : idLevels;
    const id = table[field.level];
    if (!id) return [];
    if (field.field === 'id' && (field.pairing === 'member' || field.pairing === 'member-as-mrn' || field.pairing === 'mrn-as-member')) return [t(id, { what: t('chart.memberId') })];
    return [field.field === 'id' ? t(id, { what: t('chart.mrn') }) : t(id)];
  });
  return new Intl.ListFormat(locale, { style: 'long', type: 'unit' }).format(parts);
}

export function birthWords(birthDate: string | null): string {
  return birthDate === null ? t('chart.bornUnknown') : t('chart.born', { date: calendarDate(birthDate) });
}

/** "Filed · Gonzalez, Maria — by a rule, 10:31" and the like, for the fax detail and the rows. */
export function filedWords(filing: FilingView): string {
  const by = filing.elsewhere ? (filing.filedBy === 'rule' ? t('chart.byRuleElsewhere') : t('chart.byPersonElsewhere')) : filing.filedBy === 'rule' ? t('chart.byRule') : t('chart.byPerson');
  return t('chart.filedLine', { name: filing.patient?.name ?? '', by, at: filing.filedAt === null ? '' : clockTime(filing.filedAt) });
}

/** A row's chip for its filing: "Filed · Gonzalez, Maria", "To file", "Filing…"; a filing taken back has none. */
export function filingChip(chart: ChartSummary): { text: string; tone?: 'success' | 'info' } | null {
  if (chart.state === 'filed') return { text: chart.patient === null ? t('chart.rowFiled') : t('chart.rowFiledTo', { name: chart.patient }), tone: 'success' };
  if (chart.state === 'to_file') return { text: t('chart.toFile'), tone: 'info' };
  if (chart.state === 'queued') return { text: t('chart.rowFiling') };
  return null;
}
