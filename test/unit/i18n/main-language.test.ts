import { afterEach, describe, expect, it } from 'vitest';
import { appMenu } from '../../../main/commands/app-menu';
import { trayMenu } from '../../../main/commands/tray-menu';
import { AppError } from '../../../main/errors';
import { chooseMainLanguage, mainLocale, onMainLocaleChange, setSystemLanguages } from '../../../main/i18n/main-locale';
import { checkFaxNumber } from '../../../preload/fax-number';
import { msg, translate } from '../../../preload/i18n/translator';
import { idleCommandContext, type CommandContext } from '../../../preload/commands';

const fullContext = (): CommandContext => ({ ...idleCommandContext, connected: true, lockable: true, views: ['compose', 'inbox', 'outbox', 'contacts', 'numbers', 'account', 'webhooks'], screen: 'inbox' });

afterEach(() => {
  setSystemLanguages([]);
  chooseMainLanguage('system');
});

const labels = (items: ReturnType<typeof appMenu>): string[] => items.flatMap((item) => ('label' in item ? [item.label, ...('items' in item ? labels(item.items) : [])] : []));

describe('main speaks the chosen language', () => {
  it('names the menus and the tray in German when German is chosen, and in English again after', () => {
    const changes: string[] = [];
    const stop = onMainLocaleChange((locale) => changes.push(locale));
    chooseMainLanguage('de');
    const german = labels(appMenu(fullContext(), { platform: 'linux', development: false, appName: 'Fax Desktop' }));
    expect(german).toEqual(expect.arrayContaining(['Datei', 'Bearbeiten', 'Ansicht', 'Fenster', 'Hilfe', 'Neues Fax', 'Diagnosedaten kopieren', 'Fax Desktop beenden']));
    expect(labels(trayMenu(fullContext(), 3))).toEqual(expect.arrayContaining(['3 ungelesene Faxe', 'Fax Desktop öffnen']));
    chooseMainLanguage('en');
    expect(labels(appMenu(fullContext(), { platform: 'linux', development: false, appName: 'Fax Desktop' }))).toEqual(expect.arrayContaining(['File', 'New fax']));
    stop();
    expect(changes).toEqual(['de', 'en']);
  });

  it('follows the computer’s language when set to "system"', () => {
    setSystemLanguages(['de-CH', 'en-US']);
    chooseMainLanguage('system');
    expect(mainLocale()).toBe('de');
    setSystemLanguages(['fr-FR']);
    chooseMainLanguage('en');
    chooseMainLanguage('system');
    expect(mainLocale()).toBe('en');
  });

  it('puts an error into the current language when it crosses to the window; its own message stays English', () => {
    const error = new AppError('invalid_input', msg('lockService.wrongPinWait', { seconds: 30 }));
    expect(error.message).toBe('That PIN is not right. Try again in 30 seconds.');
    chooseMainLanguage('de');
    expect(error.toIpcError()).toEqual({ kind: 'invalid_input', message: 'Diese PIN stimmt nicht. Versuchen Sie es in 30 Sekunden erneut.' });
  });

  it('words a number check in either language', () => {
    const check = checkFaxNumber('0049 30 1234567');
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(translate('en', check.message)).toMatch(/^Use \+ instead of 00/);
    expect(translate('de', check.message)).toMatch(/^Verwenden Sie \+ statt 00/);
  });
});
