/** What the About view shows of the running app, and copying text (request ids, a webhook secret) through main. */
import type { AppInfo } from '../../../preload/models';
import { faxApi, type IpcResult } from './ipc';
import { toast } from './toasts';
import { t } from '../i18n';

export function loadAppInfo(): Promise<IpcResult<AppInfo>> {
  return faxApi().getAppInfo();
}

/** Copies through main (the window itself has no clipboard permission); says whether it worked. */
export async function copyText(text: string, what: string): Promise<void> {
  const result = await faxApi().copyText({ text });
  if (result.ok) toast('success', t('appInfo.copied', { what }));
  else toast('error', t('appInfo.copyingFailed', { message: result.error.message }));
}
