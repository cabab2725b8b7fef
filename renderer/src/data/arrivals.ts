/**
 * "A new fax arrived." in the corner: faxes that arrive while the message is on screen count up in it ("3 new
 * faxes arrived.") instead of stacking the same words four times over the detail.
 */
import { t } from '../i18n';
import { keyedToast, toastShown } from './toasts';

const key = 'fax-arrived';
let arrived = 0;

export function announceArrival(): void {
  arrived = toastShown(key) ? arrived + 1 : 1;
  keyedToast(key, 'info', t('start.newFaxesArrived', { count: arrived }));
}
