// Replies tracked as the office sees them: "Expect a reply" when sending, "Awaiting reply" in the outbox, the
// answer linked as it arrives ("Reply to FX-…", "Replied"), Unlink and Link by hand, "Overdue" with its notice,
// and a number's faxes in both directions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppFixture } from './app-fixture';
import { corpusFile, dropFiles } from './drop';
import { addRecipient, sendFromCompose } from './send';

let app: AppFixture;
let sentReference = '';
beforeAll(async () => {
  app = await startApp();
  await app.page.getByTestId('fax-row').first().waitFor();
});
afterAll(async () => app.close());

const rowOf = (text: string) => app.page.getByTestId('fax-row').filter({ hasText: text });

/** Sends a one-page fax to `number`, expecting a reply within the chosen time ("Within 3 days"). */
async function sendExpectingReply(number: string, within: string): Promise<void> {
  const page = app.page;
  await page.getByRole('button', { name: 'New fax' }).click();
  await dropFiles(page, [corpusFile('empty.pdf')]);
  await page.getByTestId('file-card').first().waitFor();
  await addRecipient(page, number);
  await page.getByLabel('Expect a reply').selectOption({ label: within });
  await sendFromCompose(page);
}

describe('replies tracked', () => {
  it('a fax sent expecting a reply shows "Awaiting reply"; the answer from that number is linked both ways', async () => {
    const page = app.page;
    await sendExpectingReply('+1 415 555 0104', 'Within 3 days');
    const sent = rowOf('Awaiting reply');
    await expect.poll(() => sent.count(), { timeout: 15_000 }).toBe(1);
    await sent.click();
    await expect.poll(async () => (await page.getByTestId('reply-state').textContent()) ?? '').toMatch(/^Awaiting reply expected by /);
    sentReference = ((await page.locator('.detail-header .mono').textContent()) ?? '').trim();

    await app.t.control('POST', `/accounts/${app.demo.accountId}/inbound`, { pages: 1, from: '+14155550104', sender_name: 'City Lab Services' });
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => rowOf('Replied').count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('button', { name: 'Inbox' }).click();
    const answer = rowOf(`Reply to ${sentReference}`);
    await expect.poll(() => answer.count(), { timeout: 15_000 }).toBe(1);
  });

  it('a link can be removed and set by hand; the sent fax follows', async () => {
    const page = app.page;
    await page.getByRole('button', { name: 'Inbox' }).click();
    await rowOf(`Reply to ${sentReference}`).click();
    await page.getByTestId('reply-to').getByRole('button', { name: 'Unlink' }).click();
    await expect.poll(() => rowOf(`Reply to ${sentReference}`).count()).toBe(0);
    await page.getByTestId('reply-to').getByRole('button', { name: 'Link to a sent fax…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Link as the reply to a sent fax' });
    await dialog.getByRole('radio', { name: new RegExp(sentReference) }).check();
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();
    await expect.poll(() => rowOf(`Reply to ${sentReference}`).count()).toBe(1);
  });

  it('the faxes with a number, sent and received, newest first', async () => {
    const page = app.page;
    await page.getByRole('button', { name: 'Inbox' }).click();
    await rowOf(`Reply to ${sentReference}`).click();
    await page.getByRole('button', { name: 'All faxes with this number' }).click();
    const dialog = page.getByRole('dialog', { name: /^Faxes with / });
    // The list is read from main once the dialog opens.
    await expect.poll(() => dialog.getByRole('listitem').count()).toBe(2);
    const items = await dialog.getByRole('listitem').allTextContents();
    expect(items).toHaveLength(2);
    expect(items[0]).toMatch(/^Received/);
    expect(items[1]).toMatch(new RegExp(`^Sent .*${sentReference}`));
    await dialog.getByRole('button', { name: new RegExp(sentReference) }).click();
    await expect.poll(async () => ((await page.locator('.detail-header .mono').textContent()) ?? '').trim()).toBe(sentReference);
  });

  it('a reply past its due time: "Overdue" in the outbox, and a notice says so', async () => {
    const page = app.page;
    const services = await app.harness.core.services();
    // A second fax expecting a reply whose time has passed (the app's clock is real; the due time is set in main).
    await sendExpectingReply('+1 415 555 0105', 'Within 1 day');
    await expect.poll(() => rowOf('Awaiting reply').count(), { timeout: 15_000 }).toBe(1);
    const faxId = (await rowOf('Awaiting reply').getAttribute('data-fax-id')) ?? '';
    services.cache.replies.expect(faxId, Date.now() - 1000);
    services.replies.checkOverdue();
    await page.getByText(/A reply is overdue: no reply yet to fax /).waitFor();
    await expect.poll(() => rowOf('Overdue').count()).toBe(1);
  });
});
