// Spec section "States and transitions" (with the sandbox's carrier: outcome by the number's last three digits).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocx, onePagePdf, startTestSandbox, type FaxJson, type TestSandbox } from './testkit';
import { timelineOf } from './carrier';

let t: TestSandbox;
let key: string;
let accountId: string;
beforeAll(async () => {
  t = await startTestSandbox();
  ({ key, accountId } = await t.fullAccess());
});
afterAll(async () => t.close());

async function send(numbers: string[], file = onePagePdf, filename = 'doc.pdf'): Promise<number> {
  const response = await t.send(key, [...numbers.map((value) => ({ name: 'to', value })), { name: 'files', filename, content: file }]);
  expect(response.status).toBe(202);
  return (response.json as { data: FaxJson }).data.id;
}

async function fax(id: number): Promise<FaxJson> {
  return ((await t.api(key, 'GET', `/faxes/${id}`)).json as { data: FaxJson }).data;
}

async function events(): Promise<Array<{ type: string; fax_id: number; standard: { data: { recipients: unknown[] } } }>> {
  return (await t.control<{ data: Array<{ type: string; fax_id: number; standard: { data: { recipients: unknown[] } } }> }>('GET', `/accounts/${accountId}/events`)).json.data;
}

describe('States and transitions', () => {
  it('[T1][T6] an accepted fax starts queued (202 means accepted, not arrived)', async () => {
    const id = await send(['+14155550100']);
    expect((await fax(id)).status).toBe('queued');
  });

  it('[T2] queued → sending → delivered, on the clock; fax.delivered once', async () => {
    const id = await send(['+14155550100']);
    await t.advance(1.1);
    expect((await fax(id)).status).toBe('sending');
    await t.advance(10);
    const done = await fax(id);
    expect(done.status).toBe('delivered');
    expect(done.recipients[0]).toMatchObject({ status: 'delivered', error: null });
    expect((await events()).filter((event) => event.fax_id === id).map((event) => event.type)).toEqual(['fax.delivered']);
  });

  it('[T2] without advancing the clock, a 1-page fax to a good number is delivered within ~5 seconds of the service\'s clock', async () => {
    // The carrier's timeline, on the clock that runs with real time unless a test moves it: how soon is its design,
    // not this machine's speed (a wall-clock bound on the wait below failed on a busy machine).
    expect(timelineOf({ accepted_ms: 0, has_docx: 0, pages: 1 }).finalAt).toBeLessThan(5000);
    const id = await send(['+14155550177']);
    const started = Date.now();
    let status = '';
    while (Date.now() - started < 60_000) {
      status = (await fax(id)).status;
      if (status === 'delivered') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe('delivered');
  });

  it.each([
    ['486', 'line_busy'],
    ['408', 'no_answer'],
    ['415', 'not_a_fax_machine'],
  ])('[T3] a number ending in %s fails with reason %s in recipients[].error; fax.failed', async (suffix, reason) => {
    const id = await send([`+1415555${suffix.padStart(4, '0')}`]);
    await t.advance(30);
    const done = await fax(id);
    expect(done.status).toBe('failed');
    expect(done.recipients[0]).toMatchObject({ status: 'failed', error: reason });
    expect((await events()).filter((event) => event.fax_id === id).map((event) => event.type)).toEqual(['fax.failed']);
  });

  it('[T4] a DOCX attachment passes through converting before sending', async () => {
    const id = await send(['+14155550100'], makeDocx({ pages: 2 }), 'letter.docx');
    expect((await fax(id)).status).toBe('queued');
    await t.advance(0.6);
    expect((await fax(id)).status).toBe('converting');
    await t.advance(1);
    expect((await fax(id)).status).toBe('sending');
    await t.advance(30);
    expect((await fax(id)).status).toBe('delivered');
  });

  it('[T5] multi-recipient: delivered when all succeed, failed when all fail, partial when mixed — one event each', async () => {
    const all = await send(['+14155550100', '+14155550101']);
    const none = await send(['+14155550486', '+14155550408']);
    const mixed = await send(['+14155550100', '+14155550486', '+14155550415']);
    await t.advance(60);
    expect((await fax(all)).status).toBe('delivered');
    expect((await fax(none)).status).toBe('failed');
    const partial = await fax(mixed);
    expect(partial.status).toBe('partial');
    expect(partial.recipients.map((recipient) => recipient.error)).toEqual([null, 'line_busy', 'not_a_fax_machine']);
    const recorded = await events();
    expect(recorded.filter((event) => event.fax_id === all).map((event) => event.type)).toEqual(['fax.delivered']);
    expect(recorded.filter((event) => event.fax_id === none).map((event) => event.type)).toEqual(['fax.failed']);
    const partialEvents = recorded.filter((event) => event.fax_id === mixed);
    expect(partialEvents.map((event) => event.type)).toEqual(['fax.partial']);
    expect(partialEvents[0]?.standard.data.recipients).toHaveLength(3);
  });
});
