// List rows and the fax detail at the widths receptionists' screens have (1024 and 1280 px): the name or number on
// a row is readable whole (its chips give way first), and at 1024 × 768 the detail shows the document without
// scrolling — with what intake read beside it too, the document being what staff came for. The layout test checks
// that nothing sticks out; this one checks that the primary text is not cut.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { FaxListPage } from '../../preload/models';
import { msg } from '../../preload/i18n/translator';
import { onePagePdf } from '../fax-service/testkit';
import { screenshot, startApp, type AppFixture } from './app-fixture';
import { wordPage } from '../helpers/word-pages';

let app: AppFixture;
beforeAll(async () => {
  app = await startApp({ viewport: { width: 1280, height: 800 } });
  const page = app.page;
  await page.getByTestId('fax-row').first().click();
  // The first inbound fax carries two chips (handled, received); the sent list's rows a status and more.
  await page.getByRole('button', { name: 'Mark handled' }).click();
  await page.locator('[data-testid=fax-row] .chip', { hasText: 'Handled' }).first().waitFor();
});
afterAll(async () => app.close());

/**
 * The rows whose name or number is shortened with an ellipsis, and the rows whose date column is wider than the
 * date: there the chips below took the width the name needed.
 */
async function crowdedRows(page: Page): Promise<{ truncated: string[]; widened: string[]; rows: number; chips: number }> {
  return page.evaluate(() => {
    const rows = [...document.querySelectorAll<HTMLElement>('[data-testid=fax-row]')];
    const truncated: string[] = [];
    const widened: string[] = [];
    for (const row of rows) {
      const who = row.querySelector<HTMLElement>('.who');
      const when = row.querySelector<HTMLElement>('.when');
      if (!who || !when) continue;
      if (who.scrollWidth > who.clientWidth + 1) truncated.push(who.textContent);
      const text = document.createRange();
      text.selectNodeContents(when);
      if (when.getBoundingClientRect().width > text.getBoundingClientRect().width + 2) widened.push(who.textContent);
    }
    return { truncated, widened, rows: rows.length, chips: rows.reduce((sum, row) => sum + row.querySelectorAll('.chip').length, 0) };
  });
}

async function openView(page: Page, name: RegExp): Promise<void> {
  await page.locator('nav.sidebar').getByRole('button', { name }).click();
  await page.getByTestId('fax-row').first().waitFor();
}

describe('list rows keep the name readable', () => {
  it.each([1280, 1024])('at %i px, in the inbox and in the sent list', async (width) => {
    const page = app.page;
    await page.setViewportSize({ width, height: 768 });
    for (const [view, name] of [[/^Inbox/, 'inbox'], [/^Outbox/, 'sent']] as const) {
      await openView(page, view);
      // A row with its detail open next to it: the narrowest the list gets.
      await page.getByTestId('fax-row').first().click();
      await page.locator("#fax-title").waitFor();
      await screenshot(page, `rows-${name}-${String(width)}`);
      const found = await crowdedRows(page);
      expect(found.rows, name).toBeGreaterThan(3);
      // A sent fax always carries its status; a received one only what it needs (its "Received" goes unsaid).
      if (name === 'sent') expect(found.chips, name).toBeGreaterThanOrEqual(found.rows);
      expect(found.truncated, `${name} at ${String(width)} px`).toEqual([]);
      expect(found.widened, `${name} at ${String(width)} px`).toEqual([]);
    }
  });
});

describe('the fax detail at 1024 × 768', () => {
  it('shows the first page of the document without scrolling', async () => {
    const page = app.page;
    await page.setViewportSize({ width: 1024, height: 768 });
    await openView(page, /^Inbox/);
    await page.getByTestId('fax-row').first().click();
    const canvas = page.locator('.pdf-pages .pdf-page canvas').first();
    await canvas.waitFor({ timeout: 20_000 });
    const box = await canvas.boundingBox();
    expect(box).not.toBeNull();
    // At least a third of the page's first view is on screen before any scrolling.
    expect(box?.y ?? 768, 'top of the document').toBeLessThan(768 - 200);
    await screenshot(page, 'detail-1024');
  });

  it('with intake read (kind and five fields), in English and German: the document starts in the upper half; a field clicked marks its spot on screen; PageDown never moves the window', async () => {
    const page = app.page;
    const services = await app.harness.core.services();
    const inbound = (await app.harness.core.dispatch('listFaxes', { direction: 'inbound', offset: 0, limit: 1 })) as { ok: true; value: FaxListPage };
    const faxId = inbound.value.items[0]?.id;
    if (!faxId) throw new Error('a received fax');
    const field = (name: 'patient' | 'dob' | 'mrn' | 'memberId' | 'faxBack', value: string, top: number) => ({ name, value, confidence: 90, needsLook: name === 'memberId', page: 1, box: [0.1, top, 0.4, top + 0.02] as [number, number, number, number] });
    services.cache.intake.save(faxId, {
      kind: { kind: 'referral', confidence: 93, source: 'rules', sure: true },
      fields: [field('patient', 'Maria Gonzalez', 0.2), field('dob', '03/04/1980', 0.23), field('mrn', '100231', 0.26), field('memberId', 'XJ4471920', 0.29), field('faxBack', '(415) 555-0177', 0.32)],
      parts: [],
    });
    // Back in English whatever happens here: the tests after this one name English buttons.
    onTestFinished(async () => {
      await app.harness.core.dispatch('updateSettings', { language: 'en' });
      await page.reload();
    });
    for (const language of ['en', 'de'] as const) {
      await app.harness.core.dispatch('updateSettings', { language });
      await page.reload();
      await page.locator(`[data-testid=fax-row][data-fax-id="${faxId}"]`).click();
      const canvas = page.locator('.pdf-pages .pdf-page canvas').first();
      await canvas.waitFor({ timeout: 20_000 });
      await screenshot(page, `detail-room-1024-${language}`);
      const box = await canvas.boundingBox();
      expect(box?.y ?? 768, `${language}: top of the document`).toBeLessThan(768 / 2);
    }

    // What was read follows the document; clicking a field brings the document back with the spot marked on screen.
    await page.getByTestId('intake-field-faxBack').locator('.intake-field-button').click();
    const mark = page.locator('.pdf-pages .text-highlight').first();
    await mark.waitFor();
    await expect.poll(async () => {
      const spot = await mark.boundingBox();
      return spot !== null && spot.y >= 0 && spot.y + spot.height <= 768 - 40;
    }).toBe(true);
    await screenshot(page, 'detail-room-1024-de-field');

    // A person corrects a field in place, in German by keyboard: the pencil, the value, Enter — it stays, "korrigiert".
    await page.getByRole('button', { name: 'Geburtsdatum korrigieren' }).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('03/04/1981');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('intake-field-dob').textContent()).toContain('03/04/1981');
    expect(await page.getByTestId('intake-field-dob').textContent()).toContain('korrigiert');
    expect(services.cache.intake.get(faxId)?.fields.find((read) => read.name === 'dob')).toMatchObject({ value: '03/04/1981', byPerson: true });
    await screenshot(page, 'detail-room-1024-de-corrected');

    // PageDown through the document to its end moves the document, never the window.
    await page.getByTestId('pdf-pages').focus();
    for (let press = 0; press < 12; press += 1) await page.keyboard.press('PageDown');
    const shifted = await page.evaluate(() => ({ window: document.scrollingElement?.scrollTop ?? 0, shell: document.querySelector('.app-shell')?.getBoundingClientRect().top ?? 0 }));
    expect(shifted).toEqual({ window: 0, shell: 0 });
  });
});

describe('a field learned from a correction, in German at 1024 × 768 by keyboard', () => {
  it('a chart number corrected on one fax is read at its spot on the sender’s next fax: "gelernt", "bitte prüfen"', async () => {
    const page = app.page;
    await page.setViewportSize({ width: 1024, height: 768 });
    const services = await app.harness.core.services();
    onTestFinished(async () => {
      await app.harness.core.dispatch('updateSettings', { language: 'en' });
      await page.reload();
    });
    // The sender's form: the chart number under a label intake does not know.
    const receive = async (chart: string): Promise<string> => {
      const { json } = await app.t.control<{ fax_id: number }>('POST', `/accounts/${app.demo.accountId}/inbound`, { pages: 1, from: '+14155550188', sender_name: 'Praxis Lindner' });
      await services.sync.runOnce();
      const faxId = String(json.fax_id);
      const lines = ['ÜBERWEISUNG', 'Patient: Jana Weber', 'Kartei', chart, 'Mit freundlichen Grüßen'];
      services.cache.faxText.savePage(faxId, 1, { page: 1, text: lines.join('\n'), confidence: 94, words: wordPage(lines, 0.3), outcome: 'text' });
      services.intake.read(faxId);
      return faxId;
    };
    const first = await receive('0045821');
    await app.harness.core.dispatch('updateSettings', { language: 'de' });
    await page.reload();
    await page.locator(`[data-testid=fax-row][data-fax-id="${first}"]`).click();
    await page.getByTestId('intake-field-patient').waitFor();
    expect(await page.getByTestId('intake-field-mrn').count()).toBe(0);
    // No chart number read: she gives it by keyboard — the panel's "Nicht gelesenes Feld angeben …", the field, typed, Enter.
    await page.getByRole('combobox', { name: 'Nicht gelesenes Feld angeben …' }).selectOption({ label: 'Patientennummer' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Patientennummer korrigieren');
    await page.keyboard.type('0045821');
    await page.keyboard.press('Enter');
    await expect.poll(() => services.cache.intake.get(first)?.fields.find((field) => field.name === 'mrn')?.value).toBe('0045821');
    const second = await receive('0099313');
    await page.locator(`[data-testid=fax-row][data-fax-id="${second}"]`).click();
    const learned = page.getByTestId('intake-field-mrn');
    await expect.poll(() => learned.textContent()).toContain('0099313');
    expect(await learned.textContent()).toContain('gelernt');
    expect(await learned.textContent()).toContain('bitte prüfen');
    expect(await learned.getAttribute('data-needs-look')).toBe('true');
    const widths = await page.evaluate(() => ({ scroll: document.scrollingElement?.scrollWidth ?? 0, client: document.scrollingElement?.clientWidth ?? 0 }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    await learned.scrollIntoViewIfNeeded();
    await screenshot(page, 'intake-learned-1024-de');
  });
});

describe('the inbox filters by keyboard', () => {
  it("a filter button's focus ring is drawn in full, inside the group that clips its corners", async () => {
    const page = app.page;
    await page.setViewportSize({ width: 1024, height: 768 });
    await openView(page, /^Inbox/);
    const search = page.getByRole('search').getByRole('searchbox').first();
    await search.focus();
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const button = document.activeElement as HTMLElement | null;
      const group = button?.closest<HTMLElement>('.toggle-group');
      if (!button || !group) return null;
      const style = getComputedStyle(button);
      const width = Number.parseFloat(style.outlineWidth);
      const offset = Number.parseFloat(style.outlineOffset);
      const own = button.getBoundingClientRect();
      const clip = group.getBoundingClientRect();
      // The ring's outer edge: the button's box grown by the offset and the width (a negative offset draws inside).
      const grow = offset + width;
      const outer = { left: own.left - grow, right: own.right + grow, top: own.top - grow, bottom: own.bottom + grow };
      return { style: style.outlineStyle, width, inside: outer.left >= clip.left && outer.right <= clip.right && outer.top >= clip.top && outer.bottom <= clip.bottom, name: button.textContent };
    });
    expect(ring).toMatchObject({ style: 'solid', inside: true });
    expect(ring?.width).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'inbox-filter-focus');
  });
});

/** Whether the element is on the screen: inside its row's box and the topmost thing at its middle (not clipped away). */
async function onScreen(page: Page, rowId: string, testId: string): Promise<{ found: boolean; shown: boolean; whole: boolean; text: string }> {
  return page.evaluate(
    ({ rowId, testId }) => {
      const row = document.querySelector<HTMLElement>(`[data-testid=fax-row][data-fax-id="${rowId}"]`);
      const node = row?.querySelector<HTMLElement>(`[data-testid=${testId}]`);
      if (!row || !node) return { found: false, shown: false, whole: false, text: '' };
      const box = node.getBoundingClientRect();
      const own = row.getBoundingClientRect();
      const inside = box.width > 0 && box.left >= own.left - 1 && box.right <= own.right + 1 && box.top >= own.top - 1 && box.bottom <= own.bottom + 1;
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      // Whole: the text's own width (a range measures it uncut) fits the box it is drawn in.
      const name = node.querySelector<HTMLElement>('.kind-name') ?? node;
      const text = document.createRange();
      text.selectNodeContents(name);
      const whole = text.getBoundingClientRect().width <= name.getBoundingClientRect().width + 0.5;
      return { found: true, shown: inside && top !== null && (top === node || node.contains(top)), whole, text: node.textContent };
    },
    { rowId, testId },
  );
}

/** Chips drawn partly outside their row (cut by its edge): a chip is either whole in view or wrapped out of sight. */
async function cutChips(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    for (const row of document.querySelectorAll<HTMLElement>('[data-testid=fax-row]')) {
      const own = row.getBoundingClientRect();
      const pane = row.closest<HTMLElement>('[data-testid=fax-list]')?.getBoundingClientRect() ?? own;
      for (const chip of row.querySelectorAll<HTMLElement>('.chip')) {
        const box = chip.getBoundingClientRect();
        const line = (chip.closest<HTMLElement>('.meta, .meta-kept') ?? row).getBoundingClientRect();
        const hidden = box.top >= line.bottom - 1 || box.bottom <= line.top + 1;
        if (hidden) continue;
        if (box.left < own.left - 1 || box.right > Math.min(own.right, pane.right) + 1) cut.push(chip.textContent);
      }
    }
    return cut;
  });
}

describe('a row at 1024 px says what the fax is, whether that is sure, how urgent, how delivered — in English and German', () => {
  it('the kind whole (a suggestion with its "?"), "Urgent", and a sent fax\'s "2/3 delivered" are on screen, not only in the page', async () => {
    const page = app.page;
    await page.setViewportSize({ width: 1024, height: 768 });
    const services = await app.harness.core.services();
    const inbound = (await app.harness.core.dispatch('listFaxes', { direction: 'inbound', offset: 0, limit: 3 })) as { ok: true; value: FaxListPage };
    const [sureAnswer, unsureRequest, lab] = inbound.value.items.map((item) => item.id);
    if (!sureAnswer || !unsureRequest || !lab) throw new Error('three received faxes');
    const urgent = { name: 'urgency' as const, value: 'URGENT', confidence: 95, needsLook: false, page: 1, box: [0.1, 0.1, 0.3, 0.12] as [number, number, number, number] };
    services.cache.intake.save(sureAnswer, { kind: { kind: 'prior_auth_answer', confidence: 96, source: 'rules', sure: true }, fields: [urgent], parts: [] });
    services.cache.intake.save(unsureRequest, { kind: { kind: 'prior_auth', confidence: 61, source: 'rules', sure: false }, fields: [urgent], parts: [] });
    services.cache.intake.save(lab, { kind: { kind: 'lab_results', confidence: 95, source: 'rules', sure: true }, fields: [], parts: [] });
    // A fax to three, one line busy: "2/3 delivered" once the carrier is done.
    const sent = await app.t.send(app.demo.apiKey, [{ name: 'to', value: '+14155550100' }, { name: 'to', value: '+14155550101' }, { name: 'to', value: '+14155550486' }, { name: 'files', filename: 'a.pdf', content: onePagePdf }]);
    const several = String((sent.json as { data: { id: number } }).data.id);
    await app.t.advance(60);
    await app.harness.core.dispatch('syncNow', undefined);

    for (const [language, inboxName, outboxName] of [['en', /^Inbox/, /^Outbox/], ['de', /^Posteingang/, /^Postausgang/]] as const) {
      const changed = await app.harness.core.dispatch('updateSettings', { language });
      expect(changed, 'the language set').toMatchObject({ ok: true });
      await page.reload();
      await openView(page, inboxName);
      // With a fax open beside the list: the list at its narrowest.
      await page.locator(`[data-testid=fax-row][data-fax-id="${lab}"]`).click();
      await page.locator('#fax-title').waitFor();
      await screenshot(page, `rows-kinds-1024-${language}`);
      for (const faxId of [sureAnswer, unsureRequest, lab]) {
        const kind = await onScreen(page, faxId, 'row-kind');
        expect(kind, `${language}: the kind of ${faxId}`).toMatchObject({ found: true, shown: true, whole: true });
      }
      expect((await onScreen(page, unsureRequest, 'row-kind')).text, language).toMatch(/\?$/);
      expect((await onScreen(page, sureAnswer, 'row-kind')).text, language).not.toMatch(/\?/);
      for (const faxId of [sureAnswer, unsureRequest]) expect(await onScreen(page, faxId, 'row-urgent'), `${language}: urgent on ${faxId}`).toMatchObject({ shown: true, whole: true });
      expect(await cutChips(page), `${language}: chips cut in the inbox`).toEqual([]);
      await screenshot(page, `rows-kinds-1024-${language}-checked`);
      await openView(page, outboxName);
      await page.locator(`[data-testid=fax-row][data-fax-id="${several}"]`).click();
      await page.locator('#fax-title').waitFor();
      expect(await onScreen(page, several, 'row-delivered'), `${language}: delivery of a fax to several`).toMatchObject({ shown: true, whole: true });
      expect(await cutChips(page), `${language}: chips cut in the outbox`).toEqual([]);
      await screenshot(page, `rows-outbox-1024-${language}`);
    }
    await app.harness.core.dispatch('updateSettings', { language: 'en' });
    await page.reload();
  });
});

describe('the status bar at 1024 px, in German', () => {
  it('a long word there is cut short, never widens the window; waiting rule actions are no failure', async () => {
    const page = app.page;
    await page.setViewportSize({ width: 1024, height: 768 });
    const services = await app.harness.core.services();
    const inbound = (await app.harness.core.dispatch('listFaxes', { direction: 'inbound', offset: 0, limit: 4 })) as { ok: true; value: FaxListPage };
    const [waiting, failing] = inbound.value.items.map((item) => item.id);
    if (!waiting || !failing) throw new Error('two received faxes');
    await app.harness.core.dispatch('updateSettings', { language: 'de' });
    await page.reload();
    await page.locator('nav.sidebar').waitFor();
    // Another desk is on one: that is waiting, not failing, and the strip says nothing of it.
    services.cache.ruleActions.journal([{ faxId: waiting, ruleId: 'strip-test', action: 'save', state: 'pending' }], 0);
    services.cache.ruleActions.failed(waiting, 'strip-test', msg('rules.anotherDeskIsOnIt'), Date.now() + 3_600_000);
    app.harness.core.events.emit('ruleActionsChanged', { faxIds: [waiting, failing] });
    await page.waitForTimeout(300);
    await expect(page.getByTestId('background-problem-rules').count()).resolves.toBe(0);
    // A real failure is said, with every other word the strip carries at once.
    services.cache.ruleActions.journal([{ faxId: failing, ruleId: 'strip-test', action: 'save', state: 'pending' }], 0);
    services.cache.ruleActions.failed(failing, 'strip-test', msg('fileWrite.diskFull'), Date.now() + 3_600_000);
    app.harness.core.events.emit('ruleActionsChanged', { faxIds: [waiting, failing] });
    await page.getByTestId('background-problem-rules').waitFor();
    const widths = await page.evaluate(() => ({
      scroll: document.scrollingElement?.scrollWidth ?? 0,
      client: document.scrollingElement?.clientWidth ?? 0,
      sidebarLeft: document.querySelector('nav.sidebar')?.getBoundingClientRect().left ?? -1,
      stripRight: document.querySelector('.status-bar')?.getBoundingClientRect().right ?? 0,
    }));
    expect(widths.scroll, 'the window scrolls sideways').toBeLessThanOrEqual(widths.client);
    expect(widths.sidebarLeft).toBe(0);
    expect(widths.stripRight).toBeLessThanOrEqual(1024);
    await screenshot(page, 'status-bar-1024-de');
    for (const faxId of [waiting, failing]) services.cache.ruleActions.skip(faxId, 'strip-test', msg('fileWrite.diskFull'));
    app.harness.core.events.emit('ruleActionsChanged', { faxIds: [waiting, failing] });
    await app.harness.core.dispatch('updateSettings', { language: 'en' });
    await page.reload();
  });
});
