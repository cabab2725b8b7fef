/**
 * `npm run harness -- --base-url <https url> [--ca <pem>] [--user-data <dir>] [--headless] [--cdp-port <n>]`
 *
 * Starts main's handlers in Node and the app in Chromium, prints one JSON line {"cdpUrl": …} when the window is
 * ready (connect an outside Playwright with connectOverCDP), and runs until killed. The user then connects by
 * typing the API key into the app, exactly as in Electron.
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startHarness } from './harness';

const { values } = parseArgs({
  options: {
    'base-url': { type: 'string' },
    ca: { type: 'string' },
    'user-data': { type: 'string' },
    headless: { type: 'boolean', default: false },
    'cdp-port': { type: 'string' },
  },
  strict: true,
});

const headless = values.headless || !process.env.DISPLAY;
if (!values.headless && !process.env.DISPLAY) {
  process.stderr.write('No display found ($DISPLAY is empty): running Chromium headless. Use xvfb-run -a or connect over CDP.\n');
}

const userDataDir = values['user-data'] ?? path.join(os.homedir(), '.fax-desktop-harness');
const harness = await startHarness({
  userDataDir,
  ...(values['base-url'] ? { baseUrl: values['base-url'] } : {}),
  ...(values.ca ? { caPath: values.ca } : {}),
  headless,
  cdpPort: values['cdp-port'] ? Number(values['cdp-port']) : 0,
});

process.stdout.write(`${JSON.stringify({ cdpUrl: harness.cdpUrl })}\n`);

const stop = (): void => {
  void harness.close().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
harness.browser.on('disconnected', stop);
