/** The crash page's one action: main copies the diagnostics (it holds everything; the page holds nothing). */
import { faxApi } from './ipc';

export async function copyDiagnostics(): Promise<string> {
  const result = await faxApi().runCommand({ command: 'copyDiagnostics' });
  return result.ok ? 'The diagnostics are on the clipboard.' : `Copying failed: ${result.error.message}`;
}
