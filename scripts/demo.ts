/**
 * `npm run demo`: the app against the built-in sandbox Fax Service (state in .demo-data/, see demo-setup.ts),
 * opened on the demo profile — in Electron when its binary is available, otherwise in the browser harness. A new
 * inbound fax arrives every two minutes so notifications and unread marks can be seen.
 *
 * `--prepare-only` sets everything up, prints what was seeded as one JSON line and exits (used by the test that
 * proves a clone with nothing beside it runs the demo).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { prepareDemo } from './demo-setup';
import { startDemoEhr } from './demo-ehr';
import { findElectronBinary } from './electron-binary';

const { values } = parseArgs({ options: { 'prepare-only': { type: 'boolean', default: false } }, strict: true });
const root = path.resolve(process.env.DEMO_DATA ?? '.demo-data');

let demo;
try {
  if (!values['prepare-only']) console.log('Starting the sandbox Fax Service and the demo account…');
  demo = await prepareDemo(root, { port: Number(process.env.DEMO_PORT ?? 0) });
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

if (values['prepare-only']) {
  process.stdout.write(`${JSON.stringify({ baseUrl: demo.sandbox.baseUrl, accountId: demo.accountId, faxes: await demo.countFaxes() })}\n`);
  await demo.close();
  process.exit(0);
}

console.log(`Sandbox Fax Service: ${demo.sandbox.baseUrl}`);
const setup = demo;
// The demo's EHR (Settings → Chart): faxes about its patients file themselves or wait in "To file".
const demoEhr = await startDemoEhr(root, setup.profileDir);
console.log(`Demo EHR (FHIR R4): ${demoEhr.ehr.fhirBase}`);
const deliverChartFax = (): void => void demoEhr.nextDocument().then(({ pdf, sender }) => setup.deliverDocument(pdf, sender)).catch(() => undefined);
let turn = 0;
const inbound = setInterval(() => {
  turn += 1;
  // Every other arrival is about one of the EHR's patients.
  if (turn % 2 === 0) void setup.deliverInbound(1 + Math.floor(Math.random() * 4)).catch(() => undefined);
  else deliverChartFax();
}, 120_000);
// The first one soon after the window opens.
const first = setTimeout(deliverChartFax, 20_000);

const binary = findElectronBinary({ tryDownload: true });
const child = binary
  ? spawn(binary, ['.', `--profile-dir=${setup.profileDir}`], { stdio: 'inherit' })
  : (() => {
      console.log('The Electron binary is not available here: opening the demo in the browser harness (same main process and renderer, in Chromium).');
      return spawn(process.execPath, ['--import', 'tsx', 'test/harness/cli.ts', '--user-data', setup.profileDir, '--command', 'npm run demo'], { stdio: 'inherit' });
    })();

const stop = async (code: number): Promise<void> => {
  clearInterval(inbound);
  clearTimeout(first);
  await demoEhr.close();
  await setup.close();
  process.exit(code);
};
child.on('exit', (code) => void stop(code ?? 0));
process.on('SIGINT', () => child.kill('SIGINT'));
process.on('SIGTERM', () => child.kill('SIGTERM'));
