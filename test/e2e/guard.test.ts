// The misdirected-fax guard as a receptionist meets it in compose: "Did you mean …?" with a one-click fix, a new
// number that Send asks about (Cancel keeps the draft, "Number is right" confirms it for this draft), a contact's
// name with another number, and each rule turned off in Settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, startApp, type AppFixture } from './app-fixture';
import { corpusFile, dropFiles } from './drop';
import { addRecipient, sendFromCompose } from './send';

let app: AppFixture;
beforeAll(async () => {
  app = await startApp();
  const page = app.page;
  await page.getByTestId('fax-row').first().waitFor();
  // The address book is cached once the Contacts view has listed it.
  await page.getByRole('button', { name: 'Contacts' }).click();
  await page.getByText('Carla Diaz').first().waitFor();
});
afterAll(async () => app.close());

async function compose(): Promise<void> {
  await app.page.getByRole('button', { name: 'New fax' }).click();
  await app.page.getByRole('heading', { name: 'New fax' }).waitFor();
}

async function clearRecipients(): Promise<void> {
  const page = app.page;
  while ((await page.getByTestId('recipient-chip').count()) > 0) await page.getByTestId('recipient-chip').first().getByRole('button').click();
}

const warnings = () => app.page.getByTestId('guard-warnings').getByRole('listitem');

/** In Settings, flips the name-mismatch and new-number rules. */
async function flipNameAndNewNumberRules(): Promise<void> {
  const page = app.page;
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('checkbox', { name: 'Warn when a contact’s name comes with another number' }).click();
  await page.getByRole('checkbox', { name: /^Ask to confirm a number never faxed/ }).click();
}

describe('misdirected-fax guard', () => {
  it('a number one digit away from a contact: "Did you mean …?", fixed in one click', async () => {
    const page = app.page;
    await compose();
    await addRecipient(app.page, '+1 415 555 0130'); // Carla Diaz is +1 415 555 0103: two digits swapped
    await expect.poll(() => warnings().allTextContents()).toEqual([expect.stringContaining('Did you mean Carla Diaz, +1 415 555 0103?')]);
    await expect(page.getByTestId('recipient-chip').getAttribute('class')).resolves.toContain('warned');
    await screenshot(page, 'guard-near-miss-light');
    await page.getByRole('button', { name: 'Use Carla Diaz' }).click();
    await expect.poll(() => page.getByTestId('recipient-chip').allTextContents()).toEqual([expect.stringMatching(/Carla Diaz\s*\+14155550103/)]);
    await expect.poll(() => warnings().count()).toBe(0);
    await clearRecipients();
  });

  it('several recipients after a fax to Carla Diaz: each finding is about its own number, and the fix changes only that one', async () => {
    const page = app.page;
    await compose();
    await dropFiles(page, [corpusFile('empty.pdf')]);
    await page.getByTestId('file-card').first().waitFor();
    await addRecipient(page, '+1 415 555 0103');
    await sendFromCompose(page);
    await compose();
    await addRecipient(page, '+1 415 555 0113'); // one digit away from Carla Diaz
    await addRecipient(page, '+1 212 555 0199'); // far from every known number
    await expect
      .poll(() => warnings().allTextContents())
      .toEqual([
        expect.stringContaining('Did you mean Carla Diaz, +1 415 555 0103? +1 415 555 0113 differs from it by one digit.'),
        expect.stringContaining('+1 212 555 0199 was never faxed from this app and is in no contact.'),
      ]);
    // Only the first card offers Carla.
    expect(await warnings().nth(1).getByRole('button', { name: /Use Carla Diaz/ }).count()).toBe(0);
    await screenshot(page, 'guard-two-recipients-light');
    await warnings().first().getByRole('button', { name: 'Use Carla Diaz' }).click();
    await expect.poll(() => page.getByTestId('recipient-chip').allTextContents()).toEqual([expect.stringMatching(/Carla Diaz\s*\+14155550103/), expect.stringContaining('+12125550199')]);
    await clearRecipients();
  });

  it('a new number: Send asks first, Cancel keeps the draft, "Number is right" confirms it; once faxed it is known', async () => {
    const page = app.page;
    await compose();
    await dropFiles(page, [corpusFile('empty.pdf')]);
    await page.getByTestId('file-card').first().waitFor();
    await addRecipient(app.page, '+1 415 555 0177');
    await expect.poll(() => warnings().allTextContents()).toEqual([expect.stringContaining('+1 415 555 0177 was never faxed from this app and is in no contact')]);

    await page.getByRole('button', { name: 'Send fax' }).click();
    const dialog = page.getByRole('dialog', { name: 'Check the recipients before sending' });
    await expect.poll(() => dialog.getByRole('listitem').allTextContents()).toEqual([expect.stringMatching(/^New number: \+1 415 555 0177 was never faxed/)]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.count()).resolves.toBe(0);
    await expect(page.getByTestId('recipient-chip').count()).resolves.toBe(1);
    await expect(page.getByTestId('file-card').count()).resolves.toBe(1);

    await page.getByRole('button', { name: 'Number is right' }).click();
    await expect.poll(() => warnings().first().textContent()).toContain('Checked');
    await expect(page.getByTestId('guard-summary').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Send fax' }).click();
    await page.getByRole('heading', { name: 'Outbox & sent' }).waitFor();

    await compose();
    await addRecipient(app.page, '+1 415 555 0177');
    await page.getByTestId('recipient-chip').first().waitFor();
    // Once main knows the fax went to it, the window stops calling it new — also when the draft was written before
    // the sent fax reached the cache (the window looks again when the cached faxes change).
    await expect.poll(() => app.harness.core.dispatch('checkRecipients', { recipients: [{ number: '+14155550177' }] })).toEqual({ ok: true, value: [] });
    await expect.poll(() => warnings().count()).toBe(0);
    await clearRecipients();
  });

  it('a contact’s name with another number is flagged with the contact’s number; each rule can be turned off in Settings', async () => {
    const page = app.page;
    await compose();
    await addRecipient(app.page, 'Carla Diaz <+1 415 555 0199>');
    await expect
      .poll(() => warnings().allTextContents())
      .toEqual([expect.stringContaining("Carla Diaz's number in contacts is +1 415 555 0103, not +1 415 555 0199."), expect.stringContaining('was never faxed from this app')]);

    // Each box is main's setting: it changes once main has saved it.
    await flipNameAndNewNumberRules();
    await expect.poll(() => app.harness.settings.get()).toMatchObject({ guardNameMismatch: false, guardNewNumbers: false });
    await compose();
    await expect.poll(() => warnings().count()).toBe(0);
    await expect(page.getByTestId('recipient-chip').count()).resolves.toBe(1);

    await flipNameAndNewNumberRules();
    await expect.poll(() => app.harness.settings.get()).toMatchObject({ guardNameMismatch: true, guardNewNumbers: true });
    await compose();
    await expect.poll(() => warnings().count()).toBe(2);
    await clearRecipients();
  });

  it('forwarding a received fax: numbers picked or typed, checked by the guard, the slip fixed in one click like compose', async () => {
    const page = app.page;
    await page.getByRole('button', { name: 'Inbox' }).click();
    await page.getByTestId('fax-row').first().click();
    await page.getByRole('button', { name: 'Forward' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forward this fax' });
    const to = dialog.getByTestId('recipient-input');
    // A contact picked by name, and a slip of Dev Patel's number (+1 415 555 0104) typed.
    await to.fill('Carla');
    await dialog.getByRole('option', { name: /Carla Diaz/ }).click();
    await to.fill('+1 415 555 0140');
    await to.press('Enter');
    await expect.poll(() => dialog.getByTestId('recipient-chip').allTextContents()).toEqual([expect.stringContaining('Carla Diaz'), expect.stringContaining('+14155550140')]);
    await dialog.getByRole('button', { name: 'Forward', exact: true }).click();
    const findings = dialog.getByTestId('forward-guard').getByRole('listitem');
    await expect.poll(() => findings.allTextContents()).toEqual([expect.stringContaining('Did you mean Dev Patel, +1 415 555 0104?')]);
    await screenshot(page, 'forward-guard-fix-light');
    await findings.first().getByRole('button', { name: 'Use Dev Patel' }).click();
    await expect.poll(() => dialog.getByTestId('recipient-chip').allTextContents()).toEqual([expect.stringContaining('Carla Diaz'), expect.stringMatching(/Dev Patel\s*\+14155550104/)]);
    await dialog.getByRole('button', { name: 'Forward', exact: true }).click();
    await expect(page.locator('#fax-title').count()).resolves.toBe(1);
    // The person stays where they were; the toast offers the outbox.
    await page.getByTestId('toast').getByRole('button', { name: 'Show in the outbox' }).click();
    await page.getByRole('heading', { name: 'Outbox & sent' }).waitFor();
  });

  it('with a default country in Settings, a number typed the national way is read as that country\'s and checked like any other', async () => {
    const page = app.page;
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Numbers typed without +').selectOption({ label: 'United States (+1)' });
    await expect.poll(() => app.harness.settings.get().defaultCountry).toBe('US');
    await compose();
    await addRecipient(app.page, '(415) 555-0130'); // Carla Diaz is +1 415 555 0103: the guard sees the typo here too
    await expect.poll(() => page.getByTestId('recipient-chip').allTextContents()).toEqual(['(415) 555-0130+14155550130']);
    await expect.poll(() => warnings().allTextContents()).toEqual([expect.stringContaining('Did you mean Carla Diaz, +1 415 555 0103?')]);
    // A number from another country still needs its +.
    const input = page.getByTestId('recipient-input');
    await input.fill('020 7946 0958');
    await page.getByText('This is not a valid number for the country set for numbers typed without + (United States). A number from another country needs its country code with a leading + (e.g. +44 20 7946 0958).').waitFor();
    await input.fill('');
    await clearRecipients();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Numbers typed without +').selectOption({ label: 'Always need the country code with +' });
    await expect.poll(() => app.harness.settings.get().defaultCountry).toBeNull();
  });
});
