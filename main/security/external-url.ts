/**
 * The only links that may leave the app for the user's browser: a fixed list of https pages. A URL from content
 * (a PDF, a fax field, window.open) opens only if it is exactly one of them — javascript:, file:, smb:, http:,
 * custom schemes and every other address are refused.
 */
export const externalLinks = {
  electronSecurity: 'https://www.electronjs.org/docs/latest/tutorial/security',
  projectHome: 'https://github.com/fax-desktop/fax-desktop',
} as const;

export type ExternalLink = keyof typeof externalLinks;

export function externalLinkFor(candidate: string): ExternalLink | null {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port !== '') return null;
  const normalised = `${url.origin}${url.pathname}`.replace(/\/$/, '');
  const match = (Object.entries(externalLinks) as Array<[ExternalLink, string]>).find(([, known]) => known.replace(/\/$/, '') === normalised);
  return match ? match[0] : null;
}

export function isAllowedExternalUrl(candidate: string): boolean {
  return externalLinkFor(candidate) !== null;
}
