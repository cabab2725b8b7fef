import { describe, expect, it } from 'vitest';
import { isTrustedSender } from '../../../main/security/trusted-sender';

const trusted = new Set([7]);
const origin = 'app://fax';

describe('isTrustedSender', () => {
  it('accepts the top frame of our window at our origin', () => {
    expect(isTrustedSender({ webContentsId: 7, frameUrl: 'app://fax/index.html', isTopFrame: true }, trusted, origin)).toBe(true);
  });

  it.each([
    ['a foreign webContents', { webContentsId: 8, frameUrl: 'app://fax/index.html', isTopFrame: true }],
    ['a subframe', { webContentsId: 7, frameUrl: 'app://fax/index.html', isTopFrame: false }],
    ['another origin', { webContentsId: 7, frameUrl: 'https://evil.example/', isTopFrame: true }],
    ['a look-alike host', { webContentsId: 7, frameUrl: 'app://fax.evil/index.html', isTopFrame: true }],
    ['file://', { webContentsId: 7, frameUrl: 'file:///index.html', isTopFrame: true }],
    ['a destroyed frame', { webContentsId: 7, frameUrl: null, isTopFrame: true }],
    ['an unparsable url', { webContentsId: 7, frameUrl: '::::', isTopFrame: true }],
  ])('refuses %s', (_label, facts) => {
    expect(isTrustedSender(facts, trusted, origin)).toBe(false);
  });
});
