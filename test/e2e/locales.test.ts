// The app in German and in English: it follows the computer's language, Settings overrides it, and every part
// changes with it — the window, main's menus and tray, and the errors main sends. Screenshots of both languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandItems } from '../../main/commands/menu-model';
import { screenshot, startApp, type AppFixture } from './app-fixture';
import { corpusFile, dropFiles } from './drop';
import { drawMenus } from './menu-drawing';

let app: AppFixture;
beforeAll(async () => {
  app = await startApp({ systemLanguages: ['de-DE', 'en-US'] });
  await app.page.getByTestId('fax-row').first().waitFor();
});
afterAll(async () => app.close());

async function drawMenusOf(name: string): Promise<void> {
  const page = await app.page.context().newPage();
  await page.setViewportSize({ width: 1390, height: 400 });
  await page.setContent(drawMenus('Fax Desktop', app.harness.core.commands.appMenu()));
  await screenshot(page, `app-menu-${name}`);
  await page.setViewportSize({ width: 300, height: 330 });
  await page.setContent(drawMenus('Fax Desktop', app.harness.core.commands.trayMenu()));
  await screenshot(page, `tray-menu-${name}`);
  await page.close();
}

describe('locales', () => {
  it('speaks the computer’s language (German) from the start: window, menus and tray', async () => {
    const page = app.page;
    await page.getByRole('heading', { name: 'Posteingang' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await expect.poll(() => page.getByTestId('list-summary').textContent()).toMatch(/\d+ Faxe/);
    const labels = commandItems(app.harness.core.commands.appMenu()).map((item) => item.label);
    expect(labels).toEqual(expect.arrayContaining(['Neues Fax', 'Datei öffnen …', 'Jetzt abgleichen', 'Diagnosedaten kopieren']));
    await screenshot(page, 'inbox-de');
    await drawMenusOf('de');
  });

  it('shows errors from main in German', async () => {
    const page = app.page;
    await page.locator('body').press('Control+n');
    await page.getByRole('heading', { name: 'Neues Fax' }).waitFor();
    const input = page.getByRole('combobox').first();
    await input.fill('0049 30 1234567');
    await page.getByText('Verwenden Sie + statt 00 vor der Landesvorwahl').waitFor();
  });

  it('at 1024 px, a fax waiting to be retried and a failed fax explain themselves in German', async () => {
    const page = app.page;
    await page.setViewportSize({ width: 1024, height: 768 });
    await app.t.control('POST', '/faults', { method: 'POST', path: '/faxes', status: 503, times: 1000 });
    try {
      await page.getByRole('combobox').first().fill('+1 415 555 0101');
      await page.getByRole('combobox').first().press('Enter');
      await dropFiles(page, [corpusFile('calgray.pdf')]);
      await page.getByTestId('file-card').first().waitFor();
      await page.getByRole('button', { name: 'Fax senden' }).click();
      const dialog = page.getByRole('dialog', { name: 'Empfänger vor dem Senden prüfen' });
      const outbox = page.getByRole('heading', { name: 'Postausgang & Gesendet' });
      await dialog.or(outbox).first().waitFor();
      if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Trotzdem senden' }).click();
      const item = page.getByTestId('outbox-item').first();
      // The reason the journal kept is worded in German, and the next try is "in N Sekunden", not "um 5 s".
      await expect.poll(() => item.textContent(), { timeout: 20_000 }).toMatch(/Beim Fax-Dienst ist ein Problem aufgetreten \(503\)/);
      expect(await item.textContent()).toMatch(/Nächster Versuch (in \d+ Sekunden?|um \d\d:\d\d)/);
      expect(await item.textContent()).not.toMatch(/\d s\b|Next try|The Fax Service/);
      await screenshot(page, 'outbox-waiting-de-1024');
      await page.getByTestId('outbox-item').first().getByRole('button', { name: /Verwerfen/ }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Fax verwerfen' }).click();
    } finally {
      await app.t.control('DELETE', '/faults');
    }
    // A seeded failed fax: its recipient's reason in German.
    await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Fehlgeschlagen' }).click();
    await page.getByTestId('fax-row').first().click();
    await expect.poll(() => page.getByTestId('recipient-row').first().textContent()).toMatch(/Niemand hat den Anruf angenommen|Die Leitung war besetzt|Die Nummer/);
    await screenshot(page, 'failed-fax-de-1024');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('switches to English from Settings, everywhere, and back to the computer’s language', async () => {
    const page = app.page;
    await page.locator('body').press('Control+,');
    await page.getByTestId('language').selectOption('en');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await expect.poll(() => commandItems(app.harness.core.commands.appMenu()).map((item) => item.label)).toEqual(expect.arrayContaining(['New fax', 'Copy diagnostics']));
    expect(app.harness.settings.get().language).toBe('en');
    await screenshot(page, 'settings-en');
    await drawMenusOf('en');
    await page.locator('body').press('Control+1');
    await page.getByRole('heading', { name: 'Inbox' }).waitFor();
    await screenshot(page, 'inbox-en');

    await page.locator('body').press('Control+,');
    await page.getByTestId('language').selectOption('system');
    await page.getByRole('heading', { name: 'Einstellungen' }).waitFor();
    await expect.poll(() => commandItems(app.harness.core.commands.appMenu()).map((item) => item.label)).toContain('Neues Fax');
    await screenshot(page, 'settings-de');
  });

  it('the "On this computer" switches save main’s settings', async () => {
    const page = app.page;
    await page.getByRole('heading', { name: 'Einstellungen' }).waitFor();
    const before = app.harness.settings.get();
    await page.getByRole('checkbox', { name: 'Beenden, wenn das Fenster geschlossen wird' }).click();
    await page.getByRole('checkbox', { name: /^Fax Desktop bei der Anmeldung/ }).click();
    await page.getByRole('checkbox', { name: /^Updates von Fax Desktop/ }).click();
    await expect.poll(() => app.harness.settings.get()).toMatchObject({ quitOnClose: !before.quitOnClose, startAtLogin: !before.startAtLogin, autoUpdate: !before.autoUpdate });
  });
});
