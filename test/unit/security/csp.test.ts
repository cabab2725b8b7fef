import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rendererCsp, rendererCspDirectives } from '../../../main/security/csp';

describe('renderer CSP', () => {
  it("starts from default-src 'none' and never allows eval, inline code or remote origins", () => {
    expect(rendererCspDirectives['default-src']).toBe("'none'");
    expect(rendererCsp).not.toMatch(/unsafe-eval|unsafe-inline|unsafe-hashes|https?:|data:|\*/);
    expect(rendererCspDirectives['script-src']).toBe("'self'");
    expect(rendererCspDirectives['object-src']).toBe("'none'");
    expect(rendererCspDirectives['base-uri']).toBe("'none'");
  });

  it('is repeated in index.html (every directive that a meta tag can carry)', () => {
    const html = fs.readFileSync('renderer/index.html', 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBeDefined();
    const metaDirectives = new Map((meta ?? '').split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name ?? '', values.join(' ')];
    }));
    for (const [directive, value] of Object.entries(rendererCspDirectives)) {
      if (directive === 'frame-ancestors') continue; // ignored in <meta>, only the header carries it
      expect(metaDirectives.get(directive), directive).toBe(value);
    }
  });
});
