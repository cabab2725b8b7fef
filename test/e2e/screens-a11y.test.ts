// Every view, in the light and the dark theme: a screenshot under test-results/screens/, and axe-core finds no
// accessibility violation.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../fax-service/testkit';
import { screenshot, startApp, type AppFixture } from './app-fixture';
import { axeViolations } from './axe';
import { corpusFile, dropFiles } from './drop';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(async () => t.close());

const audit = axeViolations;

const views: Array<{ name: string; open: (page: Page) => Promise<void> }> = [
  {
    name: 'inbox',
    open: async (page) => {
      await page.getByRole('button', { name: /^Inbox/ }).click();
      await page.getByTestId('fax-row').first().click();
      await page.locator('.pdf-pages .pdf-page[data-rendered=true]').first().waitFor({ timeout: 15_000 });
    },
  },
  {
    name: 'outbox',
    open: async (page) => {
      await page.getByRole('button', { name: /^Outbox/ }).click();
      await page.getByTestId('fax-row').first().waitFor();
    },
  },
  {
    name: 'compose',
    open: async (page) => {
      await page.getByRole('button', { name: 'New fax' }).click();
      if ((await page.getByTestId('file-card').count()) === 0) {
        await dropFiles(page, [corpusFile('calgray.pdf')]);
        const input = page.getByTestId('recipient-input');
        await input.fill('Dr. Moreno <+14155550101>');
        await input.press('Enter');
      }
      await page.locator('[data-testid=thumbnail][data-state=done]').first().waitFor();
    },
  },
  {
    name: 'contacts',
    open: async (page) => {
      await page.getByRole('button', { name: 'Contacts' }).click();
      await page.getByTestId('contact-row').first().waitFor();
    },
  },
  {
    name: 'numbers',
    open: async (page) => {
      await page.getByRole('button', { name: 'Numbers' }).click();
      await page.getByRole('table', { name: 'Fax numbers' }).waitFor();
    },
  },
  {
    name: 'account',
    open: async (page) => {
      await page.getByRole('button', { name: 'Account & usage' }).click();
      await page.getByTestId('usage-meter').waitFor();
    },
  },
  {
    name: 'webhooks',
    open: async (page) => {
      await page.getByRole('button', { name: 'Webhooks' }).click();
      await page.getByRole('heading', { name: 'New endpoint' }).waitFor();
    },
  },
  {
    name: 'settings',
    open: async (page) => {
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByTestId('connection-summary').waitFor();
    },
  },
  {
    name: 'about',
    open: async (page) => {
      await page.getByRole('button', { name: 'About' }).click();
      await page.getByTestId('app-info').waitFor();
    },
  },
];

describe.each(['light', 'dark'] as const)('every view in the %s theme', (scheme) => {
  let app: AppFixture;
  let signedOut: AppFixture;
  beforeAll(async () => {
    app = await startApp({ colorScheme: scheme, sandbox: t });
    await app.page.getByTestId('fax-row').first().waitFor();
    signedOut = await startApp({ colorScheme: scheme, sandbox: t, signedIn: false });
  });
  afterAll(async () => {
    await app.close();
    await signedOut.close();
  });

  it('onboarding: screenshot and no axe violations', async () => {
    await signedOut.page.getByRole('heading', { name: 'Connect Fax Desktop' }).waitFor();
    await screenshot(signedOut.page, `onboarding-${scheme}`);
    expect(await audit(signedOut.page, 'onboarding')).toEqual([]);
    // The audit sees what it must: a button without a name and a text field without a label are reported.
    await signedOut.page.evaluate(() => {
      const bad = document.createElement('div');
      bad.id = 'axe-control';
      bad.innerHTML = '<button type="button"></button><input type="text">';
      document.body.append(bad);
    });
    const found = await audit(signedOut.page, 'control');
    await signedOut.page.evaluate(() => document.getElementById('axe-control')?.remove());
    expect(found).toEqual(expect.arrayContaining([expect.stringMatching(/^control: button-name \(critical\) #axe-control > button/), expect.stringMatching(/^control: label \(critical\) input\[type="text"\]/)]));
  });

  // One test per view (in this order, on the same window): each has the whole test timeout to itself.
  it.each(views.map((view) => [view.name, view] as const))('%s: screenshot and no axe violations', async (name, view) => {
    await view.open(app.page);
    await screenshot(app.page, `${name}-${scheme}`);
    expect(await audit(app.page, name)).toEqual([]);
  });
});
