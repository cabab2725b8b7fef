import { describe, expect, it } from 'vitest';
import { isAllowedExternalUrl } from '../../../main/security/external-url';

describe('isAllowedExternalUrl', () => {
  it('allows https links to allowlisted hosts', () => {
    expect(isAllowedExternalUrl('https://github.com/some/page')).toBe(true);
    expect(isAllowedExternalUrl('https://GitHub.com/x')).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'file:///etc/passwd',
    'file://server/share/x.exe',
    'smb://attacker/share',
    'http://github.com/x',
    'https://evil.example/x',
    'https://github.com.evil.example/x',
    'https://user:pass@github.com/x',
    'https://github.com:8443/x',
    'ms-msdt:/id PCWDiagnostic',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'not a url',
    '',
  ])('refuses %s', (url) => {
    expect(isAllowedExternalUrl(url)).toBe(false);
  });
});
