/**
 * Which links may leave the app for the user's browser: https only, to hosts on this list. Anything else
 * (javascript:, file:, smb:, http:, custom schemes, other hosts) is refused — a PDF or fax field can carry
 * a link, and opening arbitrary URLs is a classic Electron escape.
 */
export const externalHostAllowlist: readonly string[] = ['github.com', 'www.electronjs.org'];

export function isAllowedExternalUrl(candidate: string, allowlist: readonly string[] = externalHostAllowlist): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  if (url.port !== '') return false;
  return allowlist.includes(url.hostname.toLowerCase());
}
