/** The crash page's one action: main copies the diagnostics (it holds everything; the page holds nothing). */
import { faxApi } from './ipc';
import { t } from '../i18n';

export async function copyDiagnostics(): Promise<string> {
  const result = await faxApi().runCommand({ command: 'copyDiagnostics' });
  return result.ok ? t('crashPage.theDiagnosticsAreOn') : t('appInfo.copyingFailed', { message: result.error.message });
}
