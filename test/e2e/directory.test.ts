// Contacts search, the account meter and webhook administration in Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, startApp, type AppFixture } from './app-fixture';

let app: AppFixture;
beforeAll(async () => {
  app = await startApp();
  await app.page.getByTestId('fax-row').first().waitFor();
});
afterAll(async () => app.close());

describe('contacts, account, webhooks', () => {
  it('contacts: searched on the service with q, paged, and one click starts a fax', async () => {
    const page = app.page;
    await page.getByRole('button', { name: 'Contacts' }).click();
    await expect.poll(() => page.getByTestId('contact-row').count()).toBe(10);
    await expect(page.getByTestId('contacts-range').textContent()).resolves.toBe('1–10 of 10');
    await page.getByLabel('Search contacts').fill('radiology');
    await expect.poll(() => page.getByTestId('contact-row').count()).toBe(1);
    await expect(page.getByTestId('contact-row').textContent()).resolves.toContain('Carla Diaz');
    const requests = (await app.t.control<{ data: Array<{ path: string; query: Record<string, string> }> }>('GET', `/accounts/${app.demo.accountId}/requests`)).json.data;
    expect(requests.some((request) => request.path === '/v1/contacts' && request.query.q === 'radiology')).toBe(true);
    await page.getByRole('button', { name: 'Fax Carla Diaz' }).click();
    await page.getByRole('heading', { name: 'New fax' }).waitFor();
    await expect(page.getByTestId('recipient-chip').textContent()).resolves.toContain('Carla Diaz');
  });

  it('account: plan, cycle and a usage meter that warns near and past the allowance', async () => {
    const page = app.page;
    await page.getByRole('button', { name: 'Account & usage' }).click();
    await expect.poll(() => page.getByTestId('usage-text').textContent()).toBe('37 % of the allowance');
    await expect(page.getByTestId('pages-used').textContent()).resolves.toBe('186');
    await expect(page.getByTestId('page-limit').textContent()).resolves.toBe('500');
    await expect(page.getByTestId('usage-meter').getAttribute('aria-valuenow')).resolves.toBe('186');
    await expect(page.getByTestId('usage-warning').count()).resolves.toBe(0);
    await app.t.control('PATCH', `/accounts/${app.demo.accountId}`, { pages_used: 470 });
    await page.getByRole('button', { name: 'Contacts' }).click();
    await page.getByRole('button', { name: 'Account & usage' }).click();
    await expect.poll(() => page.getByTestId('usage-warning').textContent()).toContain('Almost at the allowance');
    await app.t.control('PATCH', `/accounts/${app.demo.accountId}`, { pages_used: 560 });
    await page.getByRole('button', { name: 'Contacts' }).click();
    await page.getByRole('button', { name: 'Account & usage' }).click();
    await expect.poll(() => page.getByTestId('usage-warning').textContent()).toContain('Sending and receiving are paused');
    await expect(page.getByRole('alert').filter({ hasText: 'usage reached 110 %' }).first().isVisible()).resolves.toBe(true);
    await screenshot(page, 'account-paused-light');
    await app.t.control('PATCH', `/accounts/${app.demo.accountId}`, { pages_used: 186 });
  });

  it('webhooks: create with https only, the secret shown once with a copy button, delete with confirmation', async () => {
    const page = app.page;
    await page.getByRole('button', { name: 'Webhooks' }).click();
    await page.getByLabel('Address').fill('http://ehr.example.org/hooks');
    await expect(page.getByText('The address must start with https://').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Create endpoint' }).isDisabled()).resolves.toBe(true);
    await page.getByLabel('Address').fill('https://ehr.example.org/hooks');
    await page.getByLabel('Description').fill('EHR bridge');
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: /copy the secret now/ });
    await dialog.waitFor();
    const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await expect(dialog.getByText('This secret is shown once').isVisible()).resolves.toBe(true);
    await expect(dialog.getByRole('button', { name: 'Copy' }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'webhook-secret-light');
    await dialog.getByRole('button', { name: 'I have stored the secret' }).click();
    await expect.poll(() => page.getByTestId('webhook-row').count()).toBe(1);
    // Gone for good: the list never shows it again.
    await expect(page.content()).resolves.not.toContain(secret);
    await page.getByRole('button', { name: 'Delete https://ehr.example.org/hooks' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this endpoint?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByTestId('webhook-row').count()).toBe(0);
    const hooks = (await app.t.api(app.demo.apiKey, 'GET', '/webhooks')).json as { data: { total: number } };
    expect(hooks.data.total).toBe(0);
  });
});
