/**
 * Removes protected health information and secrets from anything about to be logged. Logging is the one place
 * where text leaves the app's control (support bundles, crash reports), so the redactor errs on the side of
 * removing too much.
 */

/** Fields whose value is PHI or a secret whatever it looks like: the value is replaced, the key kept. */
const sensitiveFieldNames = new Set([
  'apikey',
  'api_key',
  'key',
  'secret',
  'token',
  'authorization',
  'password',
  'pin',
  'to',
  'to_name',
  'from',
  'number',
  'fax_number',
  'faxnumber',
  'name',
  'subject',
  'notes',
  'filename',
  'file_name',
  'file',
  'path',
  'paths',
  'url',
  'body',
  'document',
  'recipients',
  'sender_name',
  'email',
]);

const replacements: ReadonlyArray<[RegExp, string]> = [
  // Authorization header values and bare bearer tokens.
  [/\b(?:Bearer|Basic)\s+[^\s"',;]+/gi, '[credential]'],
  // key=value pairs in query strings or messages that name a secret.
  [/\b(api[_-]?key|key|token|secret|password|signature|v1)=([^\s&"',;]+)/gi, '$1=[redacted]'],
  // E.164 and other phone-like numbers: + and 7–15 digits, possibly grouped.
  [/\+\d[\d\s().-]{5,18}\d/g, '[number]'],
  // Long bare digit runs (a number without its +).
  [/\b\d{8,15}\b/g, '[number]'],
  // Home directories on every platform (the user's name is PHI-adjacent, and paths reveal file names).
  [/(?:\/home\/|\/Users\/|[A-Za-z]:\\Users\\)[^\s"']+/g, '[path]'],
  // Any other absolute path with a file extension.
  [/(?:\/[^\s/"']+)+\.[A-Za-z0-9]{1,5}\b/g, '[path]'],
  // File names of the kinds we fax or store.
  [/[^\s/\\"']+\.(?:pdf|docx?|jpe?g|png|tiff?|csv|txt|json)\b/gi, '[file]'],
  // Long random tokens: API keys, idempotency keys, secrets (20+ chars of base64/hex-ish alphabet with a digit).
  [/\b(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{20,}\b/g, '[token]'],
  // Email addresses.
  [/[^\s@"']+@[^\s@"']+\.[A-Za-z]{2,}/g, '[email]'],
];

export function redactText(text: string): string {
  let result = text;
  for (const [pattern, replacement] of replacements) result = result.replace(pattern, replacement);
  return result;
}

/** Redacts a structured value: sensitive fields are dropped wholesale, all strings are scrubbed. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (depth > 6) return '[deep]';
  if (typeof value === 'string') return redactText(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) return value;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Error) return redactError(value);
  if (value instanceof Uint8Array || value instanceof ArrayBuffer) return `[${value.byteLength} bytes]`;
  if (Array.isArray(value)) return value.slice(0, 20).map((item) => redactValue(item, depth + 1));
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      out[key] = sensitiveFieldNames.has(key.toLowerCase()) ? '[redacted]' : redactValue(item, depth + 1);
    }
    return out;
  }
  return `[${typeof value}]`;
}

export function redactError(error: Error): Record<string, unknown> {
  const details: Record<string, unknown> = { error: error.name, message: redactText(error.message) };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') details.code = code;
  // What support asks for (diagnostics keep these): the HTTP status and the service's request id.
  const { status, requestId } = error as { status?: unknown; requestId?: unknown };
  if (typeof status === 'number') details.status = status;
  if (typeof requestId === 'string') details.requestId = redactText(requestId);
  if (error.stack) {
    // Stack frames: keep function names and the app-relative module, drop absolute paths.
    details.stack = error.stack
      .split('\n')
      .slice(1, 8)
      .map((line) => redactText(line.trim()))
      .join(' | ');
  }
  return details;
}
