/**
 * The office key wrapped to a joining desk's own key pair: it opens only with that desk's private key, for that
 * person, and a changed byte anywhere makes it open to nothing; the safety code both screens show.
 */
import crypto from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDeskPublicKey, newDeskKeyPair, safetyCode, unwrapOfficeKey, wrapOfficeKey } from '../../../main/hub/desk-key';

describe('the office key wrapped to a desk', () => {
  const desk = newDeskKeyPair();
  const officeKey = crypto.randomBytes(32);
  const wrapped = wrapOfficeKey(officeKey, desk.publicKey, 'tom_baker');

  it('opens with the desk\'s private key for its person, and with nothing else', () => {
    expect(unwrapOfficeKey(wrapped, desk.privateKeyPem, 'tom_baker')?.equals(officeKey)).toBe(true);
    expect(wrapped.includes(officeKey)).toBe(false);
    expect(unwrapOfficeKey(wrapped, newDeskKeyPair().privateKeyPem, 'tom_baker')).toBeNull();
    expect(unwrapOfficeKey(wrapped, desk.privateKeyPem, 'mallory')).toBeNull();
    // Wrapped twice, never the same bytes (a fresh ephemeral key and nonce each time).
    expect(wrapOfficeKey(officeKey, desk.publicKey, 'tom_baker').equals(wrapped)).toBe(false);
  });

  it('a changed, cut or lengthened wrapping opens to nothing', () => {
    fc.assert(
      fc.property(fc.nat({ max: wrapped.length - 1 }), fc.integer({ min: 1, max: 255 }), (at, flip) => {
        const changed = Buffer.from(wrapped);
        changed[at] = (changed[at] ?? 0) ^ flip;
        expect(unwrapOfficeKey(changed, desk.privateKeyPem, 'tom_baker')).toBeNull();
      }),
      { numRuns: 300, seed: 38_004 },
    );
    expect(unwrapOfficeKey(wrapped.subarray(0, wrapped.length - 1), desk.privateKeyPem, 'tom_baker')).toBeNull();
    expect(unwrapOfficeKey(Buffer.concat([wrapped, Buffer.from([0])]), desk.privateKeyPem, 'tom_baker')).toBeNull();
    expect(unwrapOfficeKey(Buffer.alloc(0), desk.privateKeyPem, 'tom_baker')).toBeNull();
  });

  it('only an X25519 public key is taken as a desk key', () => {
    expect(isDeskPublicKey(desk.publicKey)).toBe(true);
    const ed = crypto.generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'der' });
    for (const junk of [Buffer.alloc(44), crypto.randomBytes(44), ed, Buffer.alloc(0)]) expect(isDeskPublicKey(junk)).toBe(false);
    expect(() => wrapOfficeKey(officeKey, crypto.randomBytes(44), 'tom_baker')).toThrow();
  });
});

describe('the safety code', () => {
  it('is six digits in two groups, the same for the same person and key, another for another key or person', () => {
    const desk = newDeskKeyPair();
    const code = safetyCode('tom_baker', desk.publicKey);
    expect(code).toMatch(/^\d{3} \d{3}$/);
    expect(safetyCode('tom_baker', Buffer.from(desk.publicKey))).toBe(code);
    // Other keys, or the same key for other people: codes spread (a repeat is one in a million each).
    const otherKeys = new Set(Array.from({ length: 200 }, () => safetyCode('tom_baker', newDeskKeyPair().publicKey)));
    expect(otherKeys.size).toBeGreaterThan(195);
    const otherPeople = new Set(Array.from({ length: 200 }, (_, index) => safetyCode(`person_${index}`, desk.publicKey)));
    expect(otherPeople.size).toBeGreaterThan(195);
  });
});
