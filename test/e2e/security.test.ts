// Security and PHI in Chromium through the harness: the renderer's lock-down and CSP, hostile metadata and PDFs,
// the app lock, and — after a session that did all of that — a scan of every place the API key could have leaked.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../main/log/logger';
import { openCacheDatabase } from '../../main/store/cache/cache-database';
import { loadDataKeys } from '../../main/store/crypto/data-keys';
import { corpus } from '../helpers/corpus';
import { hostilePdf } from '../helpers/hostile-pdf';
import { findNeedles, scanFiles } from '../helpers/leak-scan';
import { screenshot, startApp, type AppFixture } from './app-fixture';
import { dropFiles } from './drop';

interface Violation {
  directive: string;
  blocked: string;
}

let app: AppFixture;
let beacon: http.Server;
let beaconUrl = '';
const beaconHits: string[] = [];
const dialogs: string[] = [];
const popups: string[] = [];
const foreignRequests: string[] = [];

const htmlSender = `<img src=x onerror="window.__pwned='sender'"><b>Evil</b> Clinic`;
const htmlFileName = `<img src=x onerror="window.__pwned='file'">scan.pdf`;

beforeAll(async () => {
  beacon = http.createServer((request, response) => {
    beaconHits.push(request.url ?? '');
    response.writeHead(200, { 'Access-Control-Allow-Origin': '*' }).end('ok');
  });
  await new Promise<void>((resolve) => beacon.listen(0, '127.0.0.1', resolve));
  beaconUrl = `http://127.0.0.1:${String((beacon.address() as AddressInfo).port)}/beacon`;

  app = await startApp({ signedIn: false });
  const { page } = app;
  await page.addInitScript(() => {
    const recorded: Violation[] = [];
    Object.defineProperty(window, '__violations', { value: recorded });
    document.addEventListener('securitypolicyviolation', (event) => recorded.push({ directive: event.effectiveDirective, blocked: event.blockedURI }));
  });
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  app.harness.context.on('page', (opened) => popups.push(opened.url()));
  page.on('request', (request) => {
    if (!request.url().startsWith(app.harness.origin)) foreignRequests.push(request.url());
  });
  await page.reload();
  // Onboarding as a user does it: the key is typed once.
  await page.getByLabel('API key').fill(app.demo.apiKey);
  await page.getByRole('button', { name: 'Test and connect' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByTestId('fax-row').first().waitFor();
});

afterAll(async () => {
  await app.close();
  await new Promise((resolve) => beacon.close(resolve));
});

const violations = (): Promise<Violation[]> => app.page.evaluate(() => (window as unknown as { __violations: Violation[] }).__violations.slice());
const pwned = (): Promise<unknown> => app.page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned);

async function inbound(body: Record<string, unknown>): Promise<string> {
  const { json } = await app.t.control<{ fax_id: number }>('POST', `/accounts/${app.demo.accountId}/inbound`, body);
  return String(json.fax_id);
}

async function syncNow(): Promise<void> {
  await (await app.harness.core.services()).sync.runOnce();
}

/** Opens a fax the way a notification click does (works wherever the fax sits in the list). */
async function openFax(faxId: string): Promise<void> {
  app.harness.core.events.emit('openFaxRequested', { faxId });
  await app.page.locator('#fax-title').waitFor();
}

/** Waits until the preview drew its first page or said why it cannot. */
async function previewOutcome(): Promise<{ rendered: boolean; message: string | null; pages: string | null }> {
  const page = app.page;
  const rendered = page.locator('.pdf-page[data-rendered=true]').first();
  const failed = page.getByRole('alert').filter({ hasText: /cannot be shown/ });
  await rendered.or(failed).first().waitFor({ timeout: 20_000 });
  if (await failed.count()) return { rendered: false, message: await failed.locator('p').first().textContent(), pages: null };
  return { rendered: true, message: null, pages: await page.getByTestId('page-count').textContent() };
}

describe('renderer lock-down', () => {
  it('no Node in the page: require, process, module and global are undefined', async () => {
    const types = await app.page.evaluate(() => ['require', 'process', 'module', 'global', 'Buffer'].map((name) => typeof (window as unknown as Record<string, unknown>)[name]));
    expect(types).toEqual(['undefined', 'undefined', 'undefined', 'undefined', 'undefined']);
  });

  it('window.fax is exactly this list of methods, frozen', async () => {
    const members = await app.page.evaluate(() => ({ keys: Object.keys(window.fax).sort(), frozen: Object.isFrozen(window.fax) }));
    expect(members.frozen).toBe(true);
    expect(members.keys).toEqual([
      'addFaxPrinter',
      'addOfficePerson',
      'addTriageNote',
      'assignFax',
      'checkRecipients',
      'choosePatientList',
      'claimFax',
      'clearLockPin',
      'confirmOfficeJoin',
      'connect',
      'contactNames',
      'copyText',
      'createOffice',
      'createWebhook',
      'deleteWebhook',
      'discardDraft',
      'discardSubmission',
      'editSubmission',
      'exportFaxList',
      'exportOfficeAudit',
      'fileFax',
      'fillAndSign',
      'findChartPatients',
      'forgetRecognizedText',
      'forgetSignature',
      'forgetStamp',
      'forwardFax',
      'getAccount',
      'getAppInfo',
      'getAutomation',
      'getBackgroundProblems',
      'getConnection',
      'getDraft',
      'getEhrStatus',
      'getFax',
      'getFaxPrinters',
      'getFaxTextHits',
      'getFiling',
      'getHotFolderStatus',
      'getIntakeKinds',
      'getLockState',
      'getNotHandledCount',
      'getOffice',
      'getPatientListStatus',
      'getPolicies',
      'getRecognitionStatus',
      'getSavedSignature',
      'getSavedStamp',
      'getSettings',
      'getStatus',
      'getSyncState',
      'getTransmissionReport',
      'getUnreadCount',
      'getUpdateState',
      'importPatientList',
      'joinOffice',
      'leaveOffice',
      'linkReply',
      'listAwaitingReplies',
      'listContacts',
      'listDraftsAside',
      'listFaxes',
      'listFaxesOfNumber',
      'listNumbers',
      'listOfficeLabels',
      'listOfficePeople',
      'listOfficeWaiting',
      'listOutbox',
      'listPrinters',
      'listToFile',
      'listTriageNotes',
      'listWebhooks',
      'lockNow',
      'makePageDocuments',
      'markHandled',
      'markRead',
      'noteFaxOpened',
      'notePrinted',
      'on',
      'openFaxPdf',
      'preflightPageImage',
      'preflightPages',
      'previewPatientList',
      'readFaxPdf',
      'readFileAsPdf',
      'readStagedFile',
      'reconnect',
      'releaseFax',
      'releaseStagedFiles',
      'removeBlankPages',
      'removeFaxPrinter',
      'removeOfficeLabel',
      'removeOfficePerson',
      'removeTriageNote',
      'reportActivity',
      'reportPresence',
      'reportWindow',
      'resendFailed',
      'resetOfficePerson',
      'resumeDraft',
      'retryFiling',
      'retryOffice',
      'retryReports',
      'retryRuleActions',
      'retrySubmission',
      'runCommand',
      'saveAutomation',
      'saveDraft',
      'saveFaxPdf',
      'saveOfficeKinds',
      'saveOfficeLabel',
      'savePageDocument',
      'saveSearchablePdf',
      'saveSignature',
      'saveStamp',
      'saveTransmissionReport',
      'sendFax',
      'setDraftAside',
      'setFaxField',
      'setFaxKind',
      'setFaxLabels',
      'setFaxNote',
      'setLockPin',
      'signInEhr',
      'signOut',
      'signOutEhr',
      'stageFiles',
      'syncNow',
      'takeOpenedFiles',
      'takeOverFax',
      'takeRecoveryNotice',
      'unlock',
      'updateSettings',
      'upgradeOfficeHub',
      'withdrawFiling',
    ]);
  });

  it('the CSP blocks every way out: fetch to https, http, data: and javascript:, XHR, WebSocket, beacons, images', async () => {
    const outcomes = await app.page.evaluate(async (target) => {
      const attempt = async (run: () => Promise<unknown>) => {
        try {
          await run();
          return 'allowed';
        } catch {
          return 'blocked';
        }
      };
      return {
        https: await attempt(() => fetch('https://example.com/')),
        http: await attempt(() => fetch(`${target}?fetch`)),
        data: await attempt(() => fetch('data:text/plain,hello')),
        javascript: await attempt(() => fetch("javascript:window.__pwned='fetch'")),
        xhr: await attempt(
          () =>
            new Promise((resolve, reject) => {
              const request = new XMLHttpRequest();
              request.open('GET', `${target}?xhr`);
              request.onload = resolve;
              request.onerror = reject;
              request.send();
            }),
        ),
        websocket: await attempt(
          () =>
            new Promise((resolve, reject) => {
              const socket = new WebSocket(target.replace('http:', 'ws:'));
              socket.onopen = resolve;
              socket.onerror = reject;
            }),
        ),
        // sendBeacon queues and returns true; the CSP stops the request itself (the beacon server sees nothing).
        beacon: (navigator.sendBeacon(`${target}?beacon`), 'sent'),
        image: await attempt(
          () =>
            new Promise((resolve, reject) => {
              const image = new Image();
              image.onload = resolve;
              image.onerror = reject;
              image.src = `${target}?img`;
            }),
        ),
      };
    }, beaconUrl);
    expect(outcomes).toEqual({ https: 'blocked', http: 'blocked', data: 'blocked', javascript: 'blocked', xhr: 'blocked', websocket: 'blocked', beacon: 'sent', image: 'blocked' });
    // A javascript: URL navigated to is not run either.
    const inlineBefore = (await violations()).filter((seen) => seen.directive === 'script-src-elem').length;
    await app.page.evaluate(() => {
      const link = document.createElement('a');
      link.href = "javascript:window.__pwned='navigation'";
      document.body.append(link);
      link.click();
      link.remove();
    });
    // The refused navigation is reported as a violation: once it is, nothing of it can still run.
    await expect.poll(async () => (await violations()).filter((seen) => seen.directive === 'script-src-elem').length).toBeGreaterThan(inlineBefore);
    expect(await pwned()).toBeUndefined();
    const seen = await violations();
    expect(seen).toEqual(
      expect.arrayContaining([
        { directive: 'connect-src', blocked: 'https://example.com/' },
        expect.objectContaining({ directive: 'connect-src', blocked: expect.stringContaining('/beacon') as unknown }),
        { directive: 'connect-src', blocked: 'data' },
        expect.objectContaining({ directive: 'img-src' }),
        { directive: 'script-src-elem', blocked: 'inline' },
      ]),
    );
    expect(beaconHits).toEqual([]);
  });

  it('injected inline script, inline handlers and eval are refused, and each refusal is a CSP violation', async () => {
    const before = (await violations()).length;
    // Code the test evaluates is exempt from the CSP (DevTools), so the eval attempts run later, from a timer: as
    // page code does.
    await app.page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = "window.__pwned = 'inline'";
      document.body.append(script);
      const holder = document.createElement('div');
      holder.innerHTML = `<img src="/no-such-image.png" onerror="window.__pwned='handler'">`;
      document.body.append(holder);
      const refusals: string[] = [];
      Object.defineProperty(window, '__evalRefusals', { value: refusals });
      setTimeout(() => {
        try {
          eval("window.__pwned = 'eval'");
        } catch {
          refusals.push('eval');
        }
        try {
          // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the point of the test
          (new Function("window.__pwned = 'function'") as () => void)();
        } catch {
          refusals.push('function');
        }
        // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a string timer is eval too
        setTimeout("window.__pwned = 'string timer'", 0);
      }, 0);
    });
    // The string timer's refusal is the last thing the page reports; once it is there, every attempt has run.
    await expect.poll(async () => (await violations()).slice(before).filter((seen) => seen.directive === 'script-src' && seen.blocked === 'eval').length).toBeGreaterThanOrEqual(3);
    expect(await app.page.evaluate(() => (window as unknown as { __evalRefusals: string[] }).__evalRefusals.slice())).toEqual(['eval', 'function']);
    expect(await pwned()).toBeUndefined();
    const added = (await violations()).slice(before);
    expect(added).toEqual(
      expect.arrayContaining([
        { directive: 'script-src-elem', blocked: 'inline' },
        { directive: 'script-src-attr', blocked: 'inline' },
        { directive: 'script-src', blocked: 'eval' },
      ]),
    );
  });
});

describe('hostile content is shown as text', () => {
  it('a sender name with HTML and script is text in the list and the detail', async () => {
    const faxId = await inbound({ pages: 1, sender_name: htmlSender });
    await syncNow();
    await openFax(faxId);
    await expect(app.page.locator('#fax-title').textContent()).resolves.toBe(`From ${htmlSender}`);
    await expect(app.page.locator(`[data-testid=fax-row][data-fax-id="${faxId}"]`).textContent()).resolves.toContain(htmlSender);
    await expect(app.page.locator('main img[src=x], main b').count()).resolves.toBe(0);
    expect(await pwned()).toBeUndefined();
  });

  it('a file name with HTML is text in compose', async () => {
    await app.page.getByRole('button', { name: 'New fax' }).click();
    await dropFiles(app.page, [{ name: htmlFileName, type: 'application/pdf', bytes: hostilePdf(beaconUrl) }]);
    const card = app.page.getByTestId('file-card');
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain(htmlFileName);
    await expect(app.page.locator('main img[src=x]').count()).resolves.toBe(0);
    await app.page.getByRole('button', { name: `Remove ${htmlFileName}` }).click();
    expect(await pwned()).toBeUndefined();
  });
});

describe('untrusted PDFs in the preview', () => {
  it('a PDF with a CVE-2024-4367 style font payload, JavaScript actions and hostile links runs nothing', async () => {
    const reportsBefore = app.harness.cspReports.length;
    const faxId = await inbound({ pages: 1, sender_name: 'Hostile Labs', document_base64: hostilePdf(beaconUrl).toString('base64') });
    await syncNow();
    await openFax(faxId);
    expect(await previewOutcome()).toMatchObject({ rendered: true, pages: 'of 1' });
    // Links are not live: nothing in the preview is a link, and clicking where they are drawn does nothing.
    await expect(app.page.locator('.pdf-viewer a').count()).resolves.toBe(0);
    const url = app.page.url();
    const canvas = app.page.locator('.pdf-pages .pdf-page canvas').first();
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the preview’s first page has no box on screen');
    await app.page.mouse.click(box.x + box.width * 0.25, box.y + box.height * (1 - 315 / 792));
    await app.page.mouse.click(box.x + box.width * 0.25, box.y + box.height * (1 - 265 / 792));
    // A link or an action would start its navigation, window or request from the click's own task: two frames
    // later it would have.
    await app.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(app.page.url()).toBe(url);
    expect(await pwned()).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(popups).toEqual([]);
    expect(beaconHits).toEqual([]);
    expect(app.harness.consoleMessages.filter((message) => message.includes('PWNED'))).toEqual([]);
    // pdf.js never even tried to compile code (with isEvalSupported on, it would: the PostScript function).
    expect(app.harness.cspReports.slice(reportsBefore).filter((report) => report.blocked === 'eval')).toEqual([]);
    await screenshot(app.page, 'security-hostile-pdf');
  });
});

describe('the app lock in the window', () => {
  it('with a PIN set, Ctrl+L locks: every fax leaves the screen and main answers nothing', async () => {
    const page = app.page;
    await page.getByRole('button', { name: 'Settings' }).click();
    // Typed twice: a slip the second time sets nothing (a PIN nobody knows would lock the desk for good).
    await page.getByLabel('PIN (4 to 12 digits)').fill('2468');
    await page.getByLabel('Repeat the PIN').fill('2486');
    await page.getByRole('button', { name: 'Set PIN' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('The two PINs are not the same. Type the new PIN again in both fields.');
    await expect(page.getByLabel('Current PIN').count()).resolves.toBe(0);
    await page.getByLabel('PIN (4 to 12 digits)').fill('2468');
    await page.getByLabel('Repeat the PIN').fill('2468');
    await page.getByRole('button', { name: 'Set PIN' }).click();
    await page.getByText('The PIN is set').waitFor();
    const faxId = await inbound({ pages: 2, sender_name: 'Lockdown Clinic' });
    await syncNow();
    await openFax(faxId);
    await page.locator('.pdf-page[data-rendered=true]').first().waitFor();
    // Something typed in compose just before locking is kept.
    await page.getByRole('button', { name: 'New fax' }).click();
    await page.getByLabel('Subject').fill('Typed right before the lock');
    await page.keyboard.press('Control+l');
    await page.getByRole('heading', { name: 'Fax Desktop is locked' }).waitFor();
    await expect(page.locator('canvas').count()).resolves.toBe(0);
    await expect(page.locator('body').innerText()).resolves.not.toMatch(/Lockdown Clinic|Inbox|Typed right before/);
    const refused = await page.evaluate(() => window.fax.listFaxes({ direction: 'inbound', offset: 0, limit: 5 }));
    expect(refused).toEqual({ ok: false, error: { kind: 'locked', message: 'Fax Desktop is locked. Unlock it to continue.' } });
    await screenshot(page, 'lock-screen-light');
  });

  it('while locked, a new fax reaches main but no fax event reaches the window; a reload stays locked', async () => {
    const from = app.harness.forwardedEvents.length;
    await inbound({ pages: 1, sender_name: 'Arrived While Locked' });
    await syncNow();
    expect(app.harness.forwardedEvents.slice(from).map((event) => event.name)).toEqual([]);
    await app.page.reload();
    await app.page.getByRole('heading', { name: 'Fax Desktop is locked' }).waitFor();
    await expect(app.page.locator('body').innerText()).resolves.not.toContain('Arrived While Locked');
  });

  it('a wrong PIN is refused; the right one brings everything back, the draft included', async () => {
    const page = app.page;
    await page.getByTestId('unlock-input').fill('1111');
    await page.getByRole('button', { name: 'Unlock', exact: true }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('That PIN is not right.');
    await page.getByTestId('unlock-input').fill('2468');
    await page.getByRole('button', { name: 'Unlock', exact: true }).click();
    await page.getByRole('button', { name: 'New fax' }).waitFor();
    await page.getByRole('button', { name: 'New fax' }).click();
    await expect(page.getByLabel('Subject').inputValue()).resolves.toBe('Typed right before the lock');
    await page.getByRole('button', { name: /^Inbox/ }).click();
    await page.getByText('Arrived While Locked').first().waitFor();
    const audit = (await app.harness.core.services()).cache.audit.entries().map((entry) => entry.action);
    expect(audit).toEqual(expect.arrayContaining(['pin_changed', 'lock', 'unlock_failed', 'unlock', 'view']));
  });

  it('a forgotten PIN, keyboard only: the lock screen offers the API key, which unlocks and removes the PIN', async () => {
    const page = app.page;
    await page.keyboard.press('Control+l');
    await page.getByRole('heading', { name: 'Fax Desktop is locked' }).waitFor();
    // From the empty PIN field (Unlock waits for a PIN, so Tab passes it): one Tab to the way back, Enter.
    await page.getByTestId('unlock-input').focus();
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Forgot the PIN? Unlock with the API key');
    await page.keyboard.press('Enter');
    await page.getByText('Unlocking with the API key removes the PIN').waitFor();
    await screenshot(page, 'lock-screen-forgot-pin');
    await page.keyboard.type(app.demo.apiKey);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'New fax' }).waitFor();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Set PIN' }).waitFor();
    await expect(page.getByLabel('Current PIN').count()).resolves.toBe(0);
  });
});

describe('key isolation after a full session', () => {
  it('the API key and "Bearer" appear nowhere: DOM, storage, IPC replies and events, console, settings, logs, cache', async () => {
    const needles = [app.demo.apiKey, 'Bearer'];
    const page = app.page;
    const renderer = await page.evaluate(async () => {
      const inputs = [...document.querySelectorAll('input, textarea')].map((element) => (element as HTMLInputElement).value);
      const storage = (store: Storage) => Object.fromEntries(Array.from({ length: store.length }, (_, index) => store.key(index) ?? '').map((key) => [key, store.getItem(key)]));
      const databases = await indexedDB.databases();
      const records: unknown[] = [];
      for (const info of databases) {
        if (!info.name) continue;
        const name = info.name;
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(name);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(new Error('open failed'));
        });
        for (const storeName of Array.from(db.objectStoreNames)) {
          records.push(
            await new Promise((resolve) => {
              const request = db.transaction(storeName).objectStore(storeName).getAll();
              request.onsuccess = () => resolve(request.result);
            }),
          );
        }
        db.close();
      }
      return {
        html: document.documentElement.outerHTML,
        inputs,
        local: storage(localStorage),
        session: storage(sessionStorage),
        indexedDb: { names: databases.map((info) => info.name), records },
        caches: await caches.keys(),
        cookie: document.cookie,
      };
    });
    // The renderer keeps nothing at all in web storage.
    expect(renderer.local).toEqual({});
    expect(renderer.session).toEqual({});
    expect(renderer.indexedDb.names).toEqual([]);
    expect(renderer.caches).toEqual([]);

    // The whole cache, opened from its file with the keychain's key (what an attacker with the key would see).
    const keys = await loadDataKeys(app.harness.secrets);
    expect(keys.databaseKeyHex).toMatch(/^[0-9a-f]{64}$/);
    (await app.harness.core.services()).cache.flush();
    const raw = openCacheDatabase(app.userDataDir, keys.databaseKeyHex, createLogger({ sinks: [] }));
    const tables = raw.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>;
    const cacheRows = Object.fromEntries(tables.map(({ name }) => [name, raw.prepare(`SELECT * FROM "${name}"`).all()]));
    raw.close();
    expect(Object.keys(cacheRows)).toEqual(expect.arrayContaining(['faxes', 'audit']));

    const leaks = [
      ...findNeedles(renderer, needles, 'renderer'),
      ...findNeedles(app.harness.invokeReplies, needles, 'ipc replies'),
      ...findNeedles(app.harness.forwardedEvents, needles, 'ipc events'),
      ...findNeedles(app.harness.consoleMessages, needles, 'console'),
      ...findNeedles(await app.harness.context.cookies(), needles, 'cookies'),
      ...findNeedles(cacheRows, needles, 'cache database (decrypted)'),
      // Every file under the profile, raw: settings, logs (and crash output, which goes to the same log), the
      // encrypted cache, sealed files. The harness's copies of dropped files stand for the user's own files.
      ...scanFiles(app.userDataDir, needles, (file) => file.includes(`${path.sep}harness-drops${path.sep}`)),
    ];
    expect(leaks).toEqual([]);
    // The session really carried the key around: it is in the keychain and the service answered to it.
    await expect(app.harness.secrets.get('api-key')).resolves.toBe(app.demo.apiKey);
    expect(app.harness.invokeReplies.length).toBeGreaterThan(50);
  });
});

// Last: opening 41 faxes spends most of a minute's request budget, which would slow the tests after it.
describe('the real-world corpus in the preview', () => {
  it('every PDF of the real-world corpus opens, or fails with a clear message; none runs script', async () => {
    const entries = corpus();
    const ids = new Map<string, string>();
    for (const entry of entries) {
      const bytes = await import('node:fs').then((fs) => fs.readFileSync(entry.path));
      ids.set(entry.file, await inbound({ pages: entry.pages ?? 1, sender_name: `Corpus ${path.basename(entry.file, '.pdf')}`, document_base64: bytes.toString('base64') }));
    }
    await syncNow();
    const outcomes: Record<string, string> = {};
    for (const entry of entries) {
      await openFax(ids.get(entry.file) ?? '');
      await expect.poll(() => app.page.locator('#fax-title').textContent()).toBe(`From Corpus ${path.basename(entry.file, '.pdf')}`);
      const outcome = await previewOutcome();
      outcomes[entry.file] = outcome.rendered ? (outcome.pages ?? '?') : `failed: ${outcome.message ?? ''}`;
    }
    const expected = Object.fromEntries(
      entries.map((entry) => [entry.file, entry.file === 'encrypted-attachment.pdf' ? 'failed: This PDF is password-protected and cannot be shown.' : `of ${String(entry.pages ?? 1)}`]),
    );
    expect(outcomes).toEqual(expected);
    expect(await pwned()).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(popups).toEqual([]);
    expect(beaconHits).toEqual([]);
  }, 180_000);
});
