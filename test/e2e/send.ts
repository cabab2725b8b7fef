/** Types a recipient into compose and presses Enter, as a user adds one. */
export async function addRecipient(page: Page, text: string): Promise<void> {
  const input = page.getByTestId('recipient-input');
  await input.fill(text);
  await input.press('Enter');
}

/**
 * Sends the compose draft as a user does. The misdirected-fax guard may ask first (a number never faxed from
 * this profile); the caller states which findings it expects, so a test fails on a warning it did not foresee.
 */
import type { Page } from 'playwright-core';

export async function sendFromCompose(page: Page, options: { confirmNewNumbers: boolean } = { confirmNewNumbers: true }): Promise<void> {
  await page.getByRole('button', { name: /^(Send|Schedule) fax$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Check the recipients before sending' });
  const outbox = page.getByRole('heading', { name: 'Outbox & sent' });
  await dialog.or(outbox).first().waitFor();
  if (await dialog.isVisible()) {
    const findings = await dialog.getByRole('listitem').allTextContents();
    const unexpected = findings.filter((finding) => !(options.confirmNewNumbers && finding.startsWith('New number:')));
    if (unexpected.length > 0) throw new Error(`the guard asked about more than new numbers: ${unexpected.join(' | ')}`);
    await dialog.getByRole('button', { name: 'Send anyway' }).click();
  }
  await outbox.waitFor();
}
