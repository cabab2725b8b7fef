// The whole app against a Fax Service with 64-bit fax ids (the sandbox with its ids above 2^53, where neighbours
// round to one double: 9007199254740993 and …992, …995 and …996). Every fax is synced into its own row, opens with its own
// detail and PDF, is marked read and handled on its own, sent faxes are followed by their exact id, and small ids
// keep working (the other integration tests).
import { describe, expect, it } from 'vitest';
import type { FaxDetail, FaxListPage, SubmissionView } from '../../preload/models';
import { onePagePdf } from '../fax-service/testkit';
import { value } from '../helpers/ipc-value';
import { useSandbox } from '../helpers/sandbox-fixture';
import { waitUntil } from '../helpers/wait';

const fixture = useSandbox({ idBase: 2n ** 53n });

describe('64-bit fax ids, end to end', () => {
  it('four received faxes, some of them one double: four rows, each opened by its own id', async () => {
    const app = await fixture.connect();
    const created: string[] = [];
    for (const sender of ['Lab A', 'Lab B', 'Lab C', 'Lab D']) {
      const { json } = await fixture.t.control<{ fax_id_text: string }>('POST', `/accounts/${app.accountId}/inbound`, { pages: 1, sender_name: sender });
      created.push(json.fax_id_text);
    }
    expect(created.every((id) => BigInt(id) > 2n ** 53n)).toBe(true);
    expect(new Set(created.map(Number)).size).toBeLessThan(created.length); // as doubles, some are one number
    await value(await app.call('syncNow'));
    const inbox = value<FaxListPage>(await app.call('listFaxes', { direction: 'inbound', offset: 0, limit: 10 }));
    expect(inbox.items.map((fax) => fax.id)).toEqual([...created].reverse());
    for (const [index, id] of created.entries()) {
      const detail = value<FaxDetail>(await app.call('getFax', { id, refresh: true }));
      expect(detail).toMatchObject({ id, senderName: `Lab ${'ABCD'.charAt(index)}` });
      const opened = value<{ size: number; head: Uint8Array }>(await app.call('openFaxPdf', { id }));
      expect(Buffer.from(opened.head).subarray(0, 5).toString()).toBe('%PDF-');
    }
    const requested = (await fixture.t.control<{ data: Array<{ path: string }> }>('GET', `/accounts/${app.accountId}/requests`)).json.data.map((request) => request.path);
    for (const id of created) expect(requested).toEqual(expect.arrayContaining([`/v1/faxes/${id}`, `/v1/faxes/${id}/pdf`]));
    // Marks land on the one fax they were made on.
    value(await app.call('markHandled', { ids: [created[1]], handled: true }));
    const marked = value<FaxListPage>(await app.call('listFaxes', { direction: 'inbound', notHandledOnly: true, offset: 0, limit: 10 }));
    expect(marked.items.map((fax) => fax.id).sort()).toEqual([created[0], created[2], created[3]].sort());
  });

  it('a fax sent from the app is accepted under its exact id and followed to its final state by it', async () => {
    const app = await fixture.connect();
    const services = await app.core.services();
    const file = `${app.dataDir}/letter.pdf`;
    (await import('node:fs')).writeFileSync(file, onePagePdf);
    const staged = value<{ staged: Array<{ id: string }> }>(await app.call('stageFiles', { paths: [file] }));
    const sent = value<SubmissionView>(await app.call('sendFax', { recipients: [{ number: '+14155550100' }], fileIds: staged.staged.map((item) => item.id) }));
    const accepted = await waitUntil(() => services.outbox.record(sent.id), (record) => record?.state === 'accepted', { what: 'accepted' });
    const faxId = accepted?.faxId ?? '';
    expect(BigInt(faxId) > 2n ** 53n).toBe(true);
    await fixture.t.advance(120);
    await value(await app.call('syncNow'));
    await waitUntil(() => services.cache.faxes.detail(faxId)?.status, (status) => status === 'delivered', { what: 'delivered' });
    expect(services.cache.faxes.count()).toBe(1);
  });
});
