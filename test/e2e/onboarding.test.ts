// Onboarding in Chromium: a user types a key into the app — a good one, a revoked one, a scope-limited one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../fax-service/testkit';
import { screenshot, startApp, type AppFixture } from './app-fixture';

let t: TestSandbox;
const apps: AppFixture[] = [];
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await t.close();
});

async function signedOutApp(): Promise<AppFixture> {
  const app = await startApp({ signedIn: false, sandbox: t });
  apps.push(app);
  await app.page.getByRole('heading', { name: 'Connect Fax Desktop' }).waitFor();
  return app;
}

async function typeKey(app: AppFixture, key: string): Promise<void> {
  await app.page.getByLabel('API key').fill(key);
  await app.page.getByRole('button', { name: 'Test and connect' }).click();
}

describe('onboarding', () => {
  it('a good key: connected, account and scopes shown, the key field emptied, then the inbox', async () => {
    const app = await signedOutApp();
    await expect(app.page.getByLabel('Fax Service address').inputValue()).resolves.toBe(t.sandbox.baseUrl);
    await typeKey(app, app.demo.apiKey);
    await app.page.getByText('The key works and is stored in the system keychain.').waitFor();
    const summary = app.page.getByTestId('connection-summary');
    await expect(summary.textContent()).resolves.toMatch(/team/);
    await expect(summary.textContent()).resolves.toMatch(/186 of 500 pages/);
    await expect(app.page.getByTestId('missing-scopes').count()).resolves.toBe(0);
    await screenshot(app.page, 'onboarding-connected-light');
    // At 1024 px the permissions table stays inside its card (a long scope and "Not known (…)" wrap).
    await app.page.setViewportSize({ width: 1024, height: 768 });
    const spill = await app.page.evaluate(() => {
      const table = document.querySelector<HTMLElement>('[data-testid=connection-summary] table');
      const card = table?.closest<HTMLElement>('.card');
      if (!table || !card) return null;
      return Math.round(table.getBoundingClientRect().right - card.getBoundingClientRect().right);
    });
    expect(spill).not.toBeNull();
    expect(spill).toBeLessThanOrEqual(0);
    await screenshot(app.page, 'onboarding-connected-1024');
    await app.page.getByRole('button', { name: 'Continue' }).click();
    await app.page.getByRole('heading', { name: 'Inbox' }).waitFor();
    await app.page.getByTestId('fax-row').first().waitFor();
    // The key is nowhere in the page any more.
    await expect(app.page.content()).resolves.not.toContain(app.demo.apiKey);
  });

  it('a revoked key: refused with a clear message, nothing stored, still signed out', async () => {
    const app = await signedOutApp();
    const created = await t.key(app.demo.accountId, ['fax:read']);
    await t.control('DELETE', `/keys/${created.id}`);
    await typeKey(app, created.key);
    const alert = app.page.getByRole('alert').filter({ hasText: 'Could not connect' });
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toMatch(/refused this key: it is invalid or has been revoked/);
    await expect(app.page.getByLabel('API key').inputValue()).resolves.toBe('');
    await expect(app.harness.secrets.get('api-key')).resolves.toBeNull();
    await screenshot(app.page, 'onboarding-refused-light');
  });

  it('a scope-limited key: the missing scopes are explained in plain words and those views are off', async () => {
    const app = await signedOutApp();
    const limited = await t.key(app.demo.accountId, ['fax:read', 'account:read']);
    await typeKey(app, limited.key);
    const missing = app.page.getByTestId('missing-scopes');
    await missing.waitFor();
    const text = (await missing.textContent()) ?? '';
    expect(text).toContain('This key cannot send faxes, so “New fax” is turned off.');
    expect(text).toContain('This key cannot read the address book');
    await app.page.getByRole('button', { name: 'Continue' }).click();
    await expect(app.page.getByRole('button', { name: 'New fax' }).isDisabled()).resolves.toBe(true);
    await expect(app.page.getByRole('button', { name: 'Contacts' }).isDisabled()).resolves.toBe(true);
    await expect(app.page.getByRole('button', { name: /^Inbox/ }).isDisabled()).resolves.toBe(false);
    // Keyboard shortcuts cannot open what the key may not use either.
    await app.page.getByRole('heading', { name: 'Inbox' }).waitFor();
    for (const keys of ['Control+3', 'Control+4', 'Control+n']) {
      await app.page.keyboard.press(keys);
      await expect(app.page.getByRole('heading', { level: 1 }).first().textContent(), keys).resolves.toBe('Inbox');
    }
    await app.page.keyboard.press('Control+5');
    await app.page.getByRole('heading', { name: 'Account & usage' }).waitFor();
  });

  it('during onboarding there is no sidebar to click; About is reachable and leads back', async () => {
    const app = await signedOutApp();
    await expect(app.page.getByRole('navigation', { name: 'Main' }).count()).resolves.toBe(0);
    // Shortcuts lead nowhere either: there is nothing to open without a key.
    await app.page.keyboard.press('Control+2');
    await expect(app.page.getByRole('heading', { name: 'Connect Fax Desktop' }).isVisible()).resolves.toBe(true);
    await app.page.getByRole('button', { name: 'About' }).click();
    await app.page.getByRole('heading', { name: 'About Fax Desktop' }).waitFor();
    await expect(app.page.getByRole('navigation', { name: 'Main' }).count()).resolves.toBe(0);
    await app.page.getByRole('button', { name: 'Back to setup' }).click();
    await app.page.getByRole('heading', { name: 'Connect Fax Desktop' }).waitFor();
  });

  it('http is refused before anything is sent', async () => {
    const app = await signedOutApp();
    await app.page.getByLabel('Fax Service address').fill('http://fax.example.com/v1');
    await expect(app.page.getByText('The address must start with https:// — plain http is refused.').isVisible()).resolves.toBe(true);
    await expect(app.page.getByRole('button', { name: 'Test and connect' }).isDisabled()).resolves.toBe(true);
  });
});
