/** What a user does in a big inbox, driven inside the page and timed there (benchmarks of the list). */
import type { Page } from 'playwright-core';

/** Opens the inbox coming from Settings; resolves with the time until rows and the count are on screen. */
export async function openInbox(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('heading', { name: 'Settings' }).waitFor();
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const button = [...document.querySelectorAll<HTMLButtonElement>('nav button')].find((candidate) => candidate.textContent.trim().startsWith('Inbox'));
        if (!button) throw new Error('no Inbox button');
        const ready = () => document.querySelector('[data-testid=fax-row]') !== null && /\d[\d,]* faxes/.test(document.querySelector('[data-testid=list-summary]')?.textContent ?? '');
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (!ready()) return;
          observer.disconnect();
          resolve(performance.now() - started);
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        setTimeout(() => reject(new Error('the inbox did not open in 10 s')), 10_000);
        button.click();
      }),
  );
}

/** Types `query` into the search box (as one input event) and waits for the list to show the matches. */
export async function search(page: Page, query: string): Promise<number> {
  return page.evaluate(
    (text) =>
      new Promise<number>((resolve, reject) => {
        const input = document.querySelector<HTMLInputElement>('[data-search]');
        const summary = document.querySelector('[data-testid=list-summary]');
        if (!input || !summary) throw new Error('no search box');
        const before = summary.textContent;
        const done = () => {
          const now = summary.textContent;
          return summary.getAttribute('data-current') === 'true' && now !== before && (text === '' ? !now.includes('match') : now.includes('match'));
        };
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (!done()) return;
          observer.disconnect();
          resolve(performance.now() - started);
        });
        observer.observe(summary, { subtree: true, childList: true, characterData: true, attributes: true });
        setTimeout(() => reject(new Error(`no result for "${text}" in 10 s`)), 10_000);
        // React listens for input events; set the value the way a keystroke does.
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
        setter?.call(input, text);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }),
    query,
  );
}

/** Scrolls the list fast for 3 s; the longest main-thread task (Long Tasks API) and the slowest frame. */
export async function scrollFast(page: Page): Promise<{ longestTask: number; longTasks: number; slowestFrame: number; rows: number }> {
  return page.evaluate(
    () =>
      new Promise<{ longestTask: number; longTasks: number; slowestFrame: number; rows: number }>((resolve) => {
        const list = document.querySelector<HTMLElement>('[data-testid=fax-list]');
        if (!list) throw new Error('no list');
        const tasks: number[] = [];
        const observer = new PerformanceObserver((entries) => {
          for (const entry of entries.getEntries()) tasks.push(entry.duration);
        });
        observer.observe({ type: 'longtask' });
        let slowestFrame = 0;
        let last = performance.now();
        const ends = last + 3000;
        const step = (now: number) => {
          slowestFrame = Math.max(slowestFrame, now - last);
          last = now;
          list.scrollTop += 600;
          if (now < ends) requestAnimationFrame(step);
          else {
            setTimeout(() => {
              observer.disconnect();
              resolve({ longestTask: Math.max(0, ...tasks), longTasks: tasks.length, slowestFrame, rows: Math.round(list.scrollTop / 56) });
            }, 200);
          }
        };
        requestAnimationFrame(step);
      }),
  );
}
