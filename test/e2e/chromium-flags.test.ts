// The e2e workers' Chromium: the address bar's popup is not loaded for each window (WebUI pages in a renderer of
// their own, ~0.7 CPU-s a window), and turning it off drops none of the features Playwright turns off — Chromium
// keeps only the last --disable-features switch, so the harness's must carry Playwright's.
import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { chromiumPath, omniboxPopupFeatures, quietChromiumFlags } from '../harness/harness';
import { workerWindows } from './worker-browser';

/** The command lines of this process's child browsers (Chromium's main process: no --type). */
function childBrowserCommandLines(): string[][] {
  const lines: string[][] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent's id is the fourth field after the command's name, which is in parentheses.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== process.pid) continue;
      // Arguments apart by NULs — or by spaces once Chromium has set its process title.
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split(/[\0 ]/);
      if (args.some((arg) => arg.startsWith('--disable-features=')) && !args.some((arg) => arg.startsWith('--type='))) lines.push(args);
    } catch {
      // The process ended while it was being read.
    }
  }
  return lines;
}

function disabledFeatureSwitches(args: string[]): string[][] {
  return args.filter((arg) => arg.startsWith('--disable-features=')).map((arg) => arg.slice('--disable-features='.length).split(','));
}

/** The browser-UI pages of the omnibox popup that a new window made Chromium load. */
async function omniboxPagesAfterNewWindow(browser: Browser): Promise<string[]> {
  const context = await browser.newContext();
  try {
    await (await context.newPage()).goto('data:text/html,<p>window</p>');
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = await session.send('Target.getTargets');
    await session.detach();
    return targetInfos.map((target) => target.url).filter((url) => url.startsWith('chrome://omnibox-popup'));
  } finally {
    await context.close();
  }
}

const extraBrowsers: Browser[] = [];
afterAll(async () => {
  await Promise.all(extraBrowsers.map((browser) => browser.close()));
});

describe("the e2e workers' Chromium", () => {
  it('keeps every feature Playwright turns off, and turns the omnibox popup off too', async () => {
    await workerWindows();
    const [browserArgs] = childBrowserCommandLines();
    if (!browserArgs) throw new Error("the worker's Chromium was not found among this process's children");
    const switches = disabledFeatureSwitches(browserArgs);
    // Playwright's own switch first, the harness's last: the last one is the one Chromium applies.
    expect(switches.length).toBeGreaterThanOrEqual(2);
    const applied = new Set(switches.at(-1));
    const dropped = switches.slice(0, -1).flat().filter((feature) => !applied.has(feature));
    expect(dropped).toEqual([]);
    for (const feature of omniboxPopupFeatures) expect(applied.has(feature)).toBe(true);
  });

  it('a new window loads no omnibox popup; without the switch it does (so the check can fail)', async () => {
    expect(await omniboxPagesAfterNewWindow((await workerWindows()).browser)).toEqual([]);
    const withoutSwitch = await chromium.launch({ executablePath: chromiumPath, headless: true, args: quietChromiumFlags.filter((flag) => !flag.startsWith('--disable-features=')) });
    extraBrowsers.push(withoutSwitch);
    expect((await omniboxPagesAfterNewWindow(withoutSwitch)).length).toBeGreaterThan(0);
  });
});
