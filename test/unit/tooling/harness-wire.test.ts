/**
 * The harness's wire to the page: a plain-data reply travels as one JSON string (Playwright checks a structured
 * value node by node, a cost Electron's IPC does not have), bytes are restored either way, and a reply JSON would
 * change goes structured.
 */
import { describe, expect, it } from 'vitest';
import { blobThreshold, decodeReply, encodeReply } from '../../harness/wire';
import { at } from '../../helpers/clock';

const noBlob = (): Promise<Uint8Array> => Promise.reject(new Error('no blob expected'));

describe('harness replies', () => {
  it('plain data goes as one JSON string and comes back equal', async () => {
    const reply = { ok: true, value: { items: [{ id: '1', triage: { claimedBy: { login: 'maria', name: 'Maria' }, labels: [] }, pages: 3, note: null }], total: 1 } };
    const encoded = encodeReply(reply, null);
    expect(Object.keys(encoded as object)).toEqual(['__faxJson']);
    expect(await decodeReply(encoded, noBlob)).toEqual(reply);
  });

  it('bytes inside a plain reply come back as bytes: small ones inline, big ones by the side channel', async () => {
    const small = new Uint8Array([0, 1, 2, 250]);
    const big = new Uint8Array(blobThreshold).fill(7);
    const offered: Uint8Array[] = [];
    const encoded = encodeReply({ ok: true, value: { head: small, pdf: big } }, (bytes) => {
      offered.push(bytes);
      return '/blob/1';
    });
    expect(Object.keys(encoded as object)).toEqual(['__faxJson']);
    const decoded = (await decodeReply(encoded, (path) => Promise.resolve(path === '/blob/1' ? (offered[0] ?? new Uint8Array()) : new Uint8Array()))) as { value: { head: Uint8Array; pdf: Uint8Array } };
    expect([...decoded.value.head]).toEqual([0, 1, 2, 250]);
    expect(decoded.value.pdf.byteLength).toBe(blobThreshold);
  });

  it('what JSON would change goes structured: a Date, undefined in a list, a non-finite number, nothing at all', async () => {
    const when = new Date(at('10:02'));
    for (const reply of [{ when }, { list: [1, undefined] }, { ratio: Number.POSITIVE_INFINITY }]) {
      const encoded = encodeReply(reply, null);
      expect(Object.keys(encoded as object)).not.toEqual(['__faxJson']);
      expect(await decodeReply(encoded, noBlob)).toEqual(reply);
    }
    expect(encodeReply(undefined, null)).toBeUndefined();
  });
});
