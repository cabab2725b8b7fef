/**
 * `npm run demo:office`: two desks of one office side by side — Maria (the office's administrator) and Tom — on
 * one sandbox Fax Service account and one office hub (an embedded PostgreSQL, see demo-hub.ts). The first run
 * creates the office on Maria's desk, adds the labels Referral, Lab and Records request, adds Tom and joins his
 * desk with the join code, exactly as the app's Settings → Office does; later runs open the same office. Claim a
 * fax in one window and watch it jump to the other.
 *
 * State in .demo-data-office/ (DEMO_DATA to move it). `--prepare-only` sets everything up, prints one JSON line and
 * exits (the test that proves a clone runs it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { scramVerifier } from '../main/hub/scram-verifier';
import { upgradeOffice } from '../main/hub/hub-setup';
import { createNodeMain } from '../test/harness/node-main';
import { prepareDemo, type DemoSetup } from './demo-setup';
import { startDemoHub, type DemoHub } from './demo-hub';
import { findElectronBinary } from './electron-binary';

const { values } = parseArgs({ options: { 'prepare-only': { type: 'boolean', default: false } }, strict: true });
const root = path.resolve(process.env.DEMO_DATA ?? '.demo-data-office');
const database = 'front_desk';
const administrator = 'office_admin';
const person = 'tom_baker';
const labels = ['Referral', 'Lab', 'Records request'];

/** Runs one desk's main in Node for a moment (no window) to do what its person would do in Settings → Office. */
async function atDesk<T>(profileDir: string, work: (call: (channel: string, request: unknown) => Promise<unknown>) => Promise<T>): Promise<T> {
  const main = createNodeMain({ userDataDir: profileDir });
  await main.core.start();
  await (await main.core.services()).officeHub.started();
  try {
    return await work(async (channel, request) => {
      const reply = await main.core.dispatch(channel, request);
      if (!reply.ok) throw new Error(`${channel}: ${reply.error.message}`);
      return reply.value;
    });
  } finally {
    await main.core.dispose();
  }
}

/**
 * The office, made once: the administrator's account and database on the hub, then Maria's and Tom's desks. When a
 * desk no longer knows it (a throw-away keychain forgets the office key between runs), it is made again from scratch.
 */
async function setUpOffice(hub: DemoHub, maria: string, tom: string): Promise<void> {
  const joined = async (profile: string) => atDesk(profile, async (call) => ((await call('getOffice', undefined)) as { joined: boolean }).joined);
  if ((await joined(maria)) && (await joined(tom))) {
    // An office an earlier version of the demo made: IT's setup account brings its hub up to this app's schema.
    await upgradeOffice({ host: hub.host, port: hub.port, database, user: administrator, ca: hub.ca, clientCertificate: null }, hub.setupAccount);
    return;
  }
  for (const profile of [maria, tom]) {
    await atDesk(profile, async (call) => {
      if (((await call('getOffice', undefined)) as { joined: boolean }).joined) await call('leaveOffice', { confirmed: true });
    });
  }
  const password = crypto.randomBytes(18).toString('base64url');
  await hub.asSuperuser(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${database}`);
    for (const role of [person, `${database}_desk`, `${database}_joining`, `${database}_owner`, administrator]) await client.query(`DROP ROLE IF EXISTS ${role}`);
    // A verifier, not the password: the hub's log never holds it (as the office's README tells IT to do it). A plain
    // sign-in: the administrator owns nothing and creates no roles (the office's functions do that).
    await client.query(`CREATE ROLE ${administrator} LOGIN PASSWORD ${client.escapeLiteral(scramVerifier(password))}`);
    await client.query(`CREATE DATABASE ${database}`);
  });
  const joinCode = await atDesk(maria, async (call) => {
    await call('createOffice', { host: hub.host, port: hub.port, database, user: administrator, password, ca: hub.ca, name: 'Maria Lopez', setupUser: hub.setupAccount.user, setupPassword: hub.setupAccount.password });
    for (const name of labels) await call('saveOfficeLabel', { id: null, name });
    const added = (await call('addOfficePerson', { login: person, name: 'Tom Baker' })) as { joinCode: string };
    return added.joinCode;
  });
  // Tom's desk asks with the code; Maria confirms the safety code it shows (here the demo reads it off Tom's desk).
  const asked = (await atDesk(tom, (call) => call('joinOffice', { code: joinCode }))) as { joining?: { login: string; safetyCode: string } };
  if (!asked.joining) throw new Error("Tom's desk shows no safety code");
  const { login, safetyCode } = asked.joining;
  await atDesk(maria, (call) => call('confirmOfficeJoin', { login, safetyCode, confirmed: true }));
  await atDesk(tom, async (call) => {
    for (let waited = 0; !((await call('getOffice', undefined)) as { joined: boolean }).joined; waited += 200) {
      if (waited > 30_000) throw new Error("the office key did not reach Tom's desk");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
}

function openWindow(profileDir: string): ChildProcess {
  const binary = findElectronBinary({ tryDownload: true });
  if (binary) return spawn(binary, ['.', `--profile-dir=${profileDir}`], { stdio: 'inherit' });
  return spawn(process.execPath, ['--import', 'tsx', 'test/harness/cli.ts', '--user-data', profileDir, '--command', 'npm run demo:office'], { stdio: 'inherit' });
}

let demo: DemoSetup | null = null;
let hub: DemoHub | null = null;
let desks: { maria: string; tom: string };
try {
  if (!values['prepare-only']) console.log('Starting the sandbox Fax Service, the office hub (embedded PostgreSQL) and the demo office…');
  demo = await prepareDemo(root, { port: Number(process.env.DEMO_PORT ?? 0) });
  desks = { maria: demo.profileDir, tom: await demo.addProfile('tom') };
  hub = await startDemoHub(path.join(root, 'hub'));
  await setUpOffice(hub, desks.maria, desks.tom);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  await hub?.stop().catch(() => undefined);
  await demo?.close().catch(() => undefined);
  process.exit(1);
}

const setup = demo;
const officeHub = hub;
if (values['prepare-only']) {
  const offices = await Promise.all(
    [desks.maria, desks.tom].map((profile) => atDesk(profile, async (call) => ({ office: (await call('getOffice', undefined)) as { joined: boolean; me?: { name: string }; role?: string }, labels: ((await call('listOfficeLabels', undefined)) as Array<{ name: string }>).map((label) => label.name) }))),
  );
  process.stdout.write(`${JSON.stringify({ hubPort: officeHub.port, hubFolder: officeHub.folder, desks: offices.map(({ office, labels: names }) => ({ joined: office.joined, name: office.me?.name ?? null, role: office.role ?? null, labels: names })) })}\n`);
  await officeHub.stop();
  await setup.close();
  process.exit(0);
}

console.log(`Sandbox Fax Service: ${setup.sandbox.baseUrl} · office hub: ${officeHub.host}:${officeHub.port} (database ${database})`);
console.log('Two windows open: Maria Lopez (administrator) and Tom Baker. Claim a fax in one and watch the other.');
const inbound = setInterval(() => {
  void setup.deliverInbound(1 + Math.floor(Math.random() * 4)).catch(() => undefined);
}, 120_000);
const windows = [openWindow(desks.maria), openWindow(desks.tom)];

let stopping = false;
const stop = async (code: number): Promise<void> => {
  if (stopping) return;
  stopping = true;
  clearInterval(inbound);
  for (const window of windows) window.kill('SIGTERM');
  await officeHub.stop().catch(() => undefined);
  await setup.close();
  process.exit(code);
};
// Closing either window ends the demo (both desks, the hub and the sandbox).
for (const window of windows) window.on('exit', (code) => void stop(code ?? 0));
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
