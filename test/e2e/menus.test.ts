// The application menu, the tray menu and the window's shortcuts drive the same commands, end to end: the harness
// "clicks" a menu item as the Electron shell does (core.commands), and the renderer in Chromium carries it out.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onePagePdf } from '../fax-service/testkit';
import { startApp, type AppFixture } from './app-fixture';

let app: AppFixture;
beforeAll(async () => {
  app = await startApp();
  await app.page.getByTestId('fax-row').first().waitFor();
});
afterAll(async () => app.close());

const click = (menu: 'app' | 'tray', id: Parameters<AppFixture['harness']['core']['commands']['clickMenuItem']>[1]) => app.harness.core.commands.clickMenuItem(menu, id);

describe('menus and commands', () => {
  it('View → Outbox shows the outbox, and brings the window up', async () => {
    const shownBefore = app.harness.desktop.record.windowShown;
    await expect(click('app', 'showOutbox')).resolves.toBe('ran');
    await app.page.getByRole('heading', { name: 'Outbox & sent' }).waitFor();
    expect(app.harness.desktop.record.windowShown).toBe(shownBefore + 1);
  });

  it('File → Save PDF is disabled until a fax is open, then saves that fax', async () => {
    const page = app.page;
    await expect.poll(() => app.harness.core.commands.context().screen).toBe('outbox');
    await expect(click('app', 'savePdf')).resolves.toBe('disabled');
    await page.getByTestId('fax-row').first().click();
    await expect.poll(() => app.harness.core.commands.context().faxOpen).toBe(true);
    await expect(click('app', 'savePdf')).resolves.toBe('ran');
    await page.getByText('The PDF was saved.').waitFor();
    const folder = app.harness.settings.get().downloadFolder;
    expect(fs.readdirSync(folder).some((name) => name.endsWith('.pdf'))).toBe(true);
  });

  it('Ctrl+Shift+E exports the list on screen, as File → Export CSV does', async () => {
    const page = app.page;
    await page.locator('body').press('Control+Shift+E');
    await page.getByText('The list was exported as CSV.').waitFor();
    const folder = app.harness.settings.get().downloadFolder;
    expect(fs.readdirSync(folder).some((name) => name.endsWith('.csv'))).toBe(true);
  });

  it('File → Open file… puts the chosen document in a new fax', async () => {
    const file = path.join(app.userDataDir, 'Referral.pdf');
    fs.writeFileSync(file, onePagePdf);
    app.harness.desktop.record.nextOpenPaths.push(file);
    await expect(click('app', 'openFile')).resolves.toBe('ran');
    await app.page.getByRole('heading', { name: 'New fax' }).waitFor();
    await expect.poll(() => app.page.getByTestId('file-card').allTextContents()).toEqual([expect.stringContaining('Referral.pdf')]);
  });

  it('Help → Keyboard shortcuts opens the list; Help → Copy diagnostics copies no key and no number', async () => {
    const page = app.page;
    await expect(click('app', 'keyboardShortcuts')).resolves.toBe('ran');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await page.keyboard.press('Escape');
    await expect(click('app', 'copyDiagnostics')).resolves.toBe('ran');
    const text = app.harness.desktop.record.clipboard ?? '';
    expect(text).toContain('Fax Service: 127.0.0.1');
    expect(text).toContain('connected');
    expect(text).not.toContain(app.demo.apiKey);
    expect(text).not.toMatch(/\+\d{8,}/);
    await expect(click('app', 'showLogFolder')).resolves.toBe('ran');
    expect(app.harness.desktop.record.openedFolders).toEqual([path.join(app.userDataDir, 'logs')]);
  });

  it('the tray: New fax opens compose; Lock locks, and then only Open and Quit work', async () => {
    const page = app.page;
    await expect(click('tray', 'showInbox')).resolves.toBe('absent');
    await click('app', 'showInbox');
    await page.getByRole('heading', { name: 'Inbox' }).waitFor();
    await expect(click('tray', 'newFax')).resolves.toBe('ran');
    await page.getByRole('heading', { name: 'New fax' }).waitFor();
    expect(app.harness.core.commands.trayTooltip()).toMatch(/^Fax Desktop/);
    await expect(click('tray', 'lock')).resolves.toBe('ran');
    await page.getByRole('heading', { name: /locked/i }).waitFor();
    await expect(click('tray', 'newFax')).resolves.toBe('disabled');
    await expect(click('tray', 'syncNow')).resolves.toBe('disabled');
    const enabled = app.harness.core.commands
      .trayMenu()
      .flatMap((item) => (item.type === 'command' && item.enabled ? [item.command] : []));
    expect(enabled).toEqual(['showWindow', 'quit']);
    await expect(click('tray', 'quit')).resolves.toBe('ran');
    expect(app.harness.desktop.record.quitRequested).toBe(true);
  });

  it('the crash page (after two crashes in a minute) copies the diagnostics through main, even while locked', async () => {
    const { page, harness } = app;
    harness.desktop.record.clipboard = null;
    await page.goto(`${harness.origin}/crashed.html`);
    await page.getByRole('heading', { name: 'Fax Desktop’s window stopped twice' }).waitFor();
    await page.getByRole('button', { name: 'Copy diagnostics' }).click();
    await page.getByText('The diagnostics are on the clipboard.').waitFor();
    expect(harness.desktop.record.clipboard).toContain('Fax Desktop');
    expect(await page.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('index.html');
  });
});
