/**
 * The renderer's Content-Security-Policy. Sent as a header by the app:// protocol (Electron) and by the
 * harness's static server, and repeated in index.html. Nothing inline, no eval, no network: the renderer
 * reaches main through the bridge only, and 'self' is the app's own packaged files.
 */
export const rendererCspDirectives: Readonly<Record<string, string>> = {
  'default-src': "'none'",
  'script-src': "'self'",
  'style-src': "'self'",
  'img-src': "'self' blob:",
  'font-src': "'self'",
  // pdf.js loads its standard font data from the app's own files; no other origin is reachable.
  'connect-src': "'self'",
  'worker-src': "'self'",
  'base-uri': "'none'",
  'form-action': "'none'",
  'frame-ancestors': "'none'",
  'frame-src': "'none'",
  'object-src': "'none'",
  'media-src': "'none'",
  'manifest-src': "'none'",
};

export const rendererCsp = Object.entries(rendererCspDirectives)
  .map(([directive, value]) => `${directive} ${value}`)
  .join('; ');

/** Headers sent with every renderer file. */
export const rendererSecurityHeaders: Readonly<Record<string, string>> = {
  'Content-Security-Policy': rendererCsp,
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Referrer-Policy': 'no-referrer',
};
