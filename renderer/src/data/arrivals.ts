/**
 * "A new fax arrived." in the corner: faxes that arrive while the message is on screen count up in it ("3 new
 * faxes arrived.") instead of stacking the same words four times over the detail.
 */
import { t } from '../i18n';
import { gatheredToast } from './toasts';

export function announceArrival(): void {
  gatheredToast('fax-arrived', null, (arrived) => t('start.newFaxesArrived', { count: arrived.length }));
}
