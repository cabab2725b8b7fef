// Drafts as a receptionist meets them: a draft left hours ago (another patient's subject and file) comes back under
// Ctrl+N only with "Draft from … — Continue / Start new"; "Start new" keeps it under "Drafts set aside"; "Fax"
// from a contact starts a new fax and offers the old draft back; a fax held by the service ("sending paused") is
// taken back to a draft with Edit, and Discard asks first.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onePagePdf } from '../fax-service/testkit';
import { screenshot, startApp, type AppFixture } from './app-fixture';
import { addRecipient, sendFromCompose } from './send';
import { dropFiles } from './drop';

let app: AppFixture;
beforeAll(async () => {
  app = await startApp({ viewport: { width: 1024, height: 768 } });
  await app.page.getByTestId('fax-row').first().waitFor();
  await app.page.getByRole('button', { name: 'Contacts' }).click();
  await app.page.getByText('Carla Diaz').first().waitFor();
});
afterAll(async () => app.close());

const chips = () => app.page.getByTestId('recipient-chip').allTextContents();

describe('drafts', () => {
  it('a draft from three hours ago comes back under Ctrl+N with the question; Start new keeps it aside; Open brings it back', async () => {
    const page = app.page;
    const letter = path.join(app.userDataDir, 'doe-referral.pdf');
    fs.writeFileSync(letter, onePagePdf);
    const staged = (await app.harness.core.dispatch('stageFiles', { paths: [letter] })) as { ok: true; value: { staged: unknown[] } };
    const threeHoursAgo = Date.now() - 3 * 3_600_000;
    await app.harness.core.dispatch('saveDraft', { id: 'old-draft', recipients: [{ number: '+14155550103', name: 'Carla Diaz' }], subject: 'Referral for J. Doe', notes: '', coverId: '', files: staged.value.staged, updatedAt: threeHoursAgo });
    await page.reload();
    await page.getByTestId('fax-row').first().waitFor();
    await page.locator('body').press('Control+n');
    const notice = page.getByTestId('draft-notice');
    await expect.poll(() => notice.textContent()).toMatch(/^Draft from .*\. This fax was started earlier and not sent\./);
    await expect(notice.textContent()).resolves.toContain('Referral for J. Doe · Carla Diaz · 1 recipient, 1 file');
    await expect(page.getByTestId('send-blocker').textContent()).resolves.toBe('Choose “Continue this draft” or “Start a new fax” above first.');
    await screenshot(page, 'compose-draft-from-earlier-1024');
    await notice.getByRole('button', { name: 'Start a new fax' }).click();
    await expect.poll(chips).toEqual([]);
    await expect(page.getByLabel('Subject').inputValue()).resolves.toBe('');
    await expect.poll(() => notice.getAttribute('data-kind')).toBe('setAside');
    const aside = page.getByTestId('drafts-aside');
    await aside.getByText('1 draft set aside').click();
    await aside.getByRole('button', { name: 'Open' }).click();
    await expect.poll(() => page.getByLabel('Subject').inputValue()).toBe('Referral for J. Doe');
    await expect.poll(chips).toEqual([expect.stringContaining('Carla Diaz')]);
    await expect.poll(() => page.getByTestId('file-card').count()).toBe(1);
  });

  it('"Fax" from a contact with a draft in progress starts a new fax; "Back to that draft" takes the contact along', async () => {
    const page = app.page;
    await page.getByRole('button', { name: 'Contacts' }).click();
    await page.getByRole('button', { name: 'Fax Dev Patel' }).click();
    await page.getByRole('heading', { name: 'New fax' }).waitFor();
    await expect.poll(chips).toEqual([expect.stringContaining('Dev Patel')]);
    await expect(page.getByLabel('Subject').inputValue()).resolves.toBe('');
    await expect(page.getByTestId('file-card').count()).resolves.toBe(0);
    await page.getByTestId('draft-notice').getByRole('button', { name: 'Back to that draft' }).click();
    await expect.poll(() => page.getByLabel('Subject').inputValue()).toBe('Referral for J. Doe');
    await expect.poll(chips).toEqual([expect.stringContaining('Carla Diaz'), expect.stringContaining('Dev Patel')]);
    await expect.poll(() => page.getByTestId('drafts-aside').count()).toBe(0);
  });

  it('a fax held because sending is paused: Discard asks first; Edit takes it back to a draft with everything in it', async () => {
    const page = app.page;
    // Start clean: the draft above is emptied.
    await page.locator('body').press('Control+n');
    while ((await page.getByTestId('recipient-chip').count()) > 0) await page.getByTestId('recipient-chip').first().getByRole('button').click();
    await page.getByLabel('Subject').fill('');
    while ((await page.getByTestId('file-card').count()) > 0) await page.getByTestId('file-card').first().getByRole('button', { name: /^Remove (?!blank)/ }).click();
    await app.t.control('PATCH', `/accounts/${app.demo.accountId}`, { pages_used: 560 });
    await addRecipient(page, '+1 415 555 0104');
    await page.getByLabel('Subject').fill('Prior authorization');
    await page.getByLabel('Notes').fill('Please sign page 2.');
    await dropFiles(page, [{ name: 'auth.pdf', type: 'application/pdf', bytes: onePagePdf }]);
    await page.getByTestId('file-card').first().waitFor();
    await sendFromCompose(page);
    const item = page.getByTestId('outbox-item').filter({ hasText: 'Prior authorization' });
    await expect.poll(() => item.getAttribute('data-state'), { timeout: 20_000 }).toBe('held');
    // The 402 makes the app read the account: the "paused" banner shows without opening Account.
    const paused = page.getByRole('alert').filter({ hasText: 'Sending and receiving are paused' });
    await paused.waitFor({ timeout: 20_000 });
    await item.getByRole('button', { name: 'Discard' }).click();
    const ask = page.getByRole('dialog', { name: 'Discard this fax?' });
    await expect(ask.textContent()).resolves.toContain('use Edit instead');
    await screenshot(page, 'outbox-discard-asks-1024');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await item.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'New fax' }).waitFor();
    await expect.poll(() => page.getByLabel('Subject').inputValue()).toBe('Prior authorization');
    await expect(page.getByLabel('Notes').inputValue()).resolves.toBe('Please sign page 2.');
    await expect.poll(chips).toEqual([expect.stringContaining('+14155550104')]);
    await expect(page.getByTestId('file-card').textContent()).resolves.toContain('auth.pdf');
    await page.getByRole('button', { name: /^Outbox/ }).click();
    await expect.poll(() => page.getByTestId('outbox-item').filter({ hasText: 'Prior authorization' }).count()).toBe(0);
    // Topped up; the edited fax goes, and the banner goes with the send that showed sending works (no visit to Account).
    await app.t.control('PATCH', `/accounts/${app.demo.accountId}`, { pages_used: 186 });
    await page.locator('body').press('Control+n');
    await sendFromCompose(page);
    await paused.waitFor({ state: 'detached', timeout: 20_000 });
  });
});
