import { describe, expect, it } from 'vitest';
import { isAllowedExternalUrl } from '../../../main/security/external-url';

describe('isAllowedExternalUrl', () => {
  it('allows exactly the app\'s own links', () => {
    expect(isAllowedExternalUrl('https://www.electronjs.org/docs/latest/tutorial/security')).toBe(true);
    expect(isAllowedExternalUrl('https://github.com/fax-desktop/fax-desktop/')).toBe(true);
    expect(isAllowedExternalUrl('https://github.com/some/other/page')).toBe(false);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'file:///etc/passwd',
    'file://server/share/x.exe',
    'smb://attacker/share',
    'http://github.com/x',
    'https://evil.example/x',
    'https://github.com.evil.example/fax-desktop/fax-desktop',
    'https://user:pass@github.com/fax-desktop/fax-desktop',
    'https://github.com:8443/fax-desktop/fax-desktop',
    'http://github.com/fax-desktop/fax-desktop',
    'ms-msdt:/id PCWDiagnostic',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'not a url',
    '',
  ])('refuses %s', (url) => {
    expect(isAllowedExternalUrl(url)).toBe(false);
  });
});
