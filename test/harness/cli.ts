/**
 * `npm run harness -- --base-url <https url> [--ca <pem>] [--user-data <dir>] [--headless] [--cdp-port <n>] [--command <what the user ran>]`
 *
 * Starts main's handlers in Node and the app in Chromium, prints one JSON line {"cdpUrl": …} when the window is
 * ready (connect an outside Playwright with connectOverCDP), and runs until killed. The user then connects by
 * typing the API key into the app, exactly as in Electron. Without a display it runs headless and says, in plain
 * words, how to see the window (xvfb-run, chrome://inspect, Playwright).
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startHarness } from './harness';
import { hasDisplay, headlessGuide } from './headless-guide';

const { values } = parseArgs({
  options: {
    'base-url': { type: 'string' },
    ca: { type: 'string' },
    'user-data': { type: 'string' },
    headless: { type: 'boolean', default: false },
    'cdp-port': { type: 'string' },
    /** The command the user ran, for the advice when there is no display (npm run demo, npm start). */
    command: { type: 'string' },
  },
  strict: true,
});

const noDisplay = !hasDisplay();
const headless = values.headless || noDisplay;

const userDataDir = values['user-data'] ?? path.join(os.homedir(), '.fax-desktop-harness');
const harness = await startHarness({
  userDataDir,
  ...(values['base-url'] ? { baseUrl: values['base-url'] } : {}),
  ...(values.ca ? { caPath: values.ca } : {}),
  headless,
  cdpPort: values['cdp-port'] ? Number(values['cdp-port']) : 0,
  // The app reads faxes on this computer; so does the harness that stands in for it (npm run demo, npm start).
  recognition: true,
});

process.stdout.write(`${JSON.stringify({ cdpUrl: harness.cdpUrl })}\n`);
if (noDisplay && harness.cdpUrl) process.stderr.write(headlessGuide(harness.cdpUrl, values.command ?? 'npm run harness'));

const stop = (): void => {
  void harness.close().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
harness.browser.on('disconnected', stop);
