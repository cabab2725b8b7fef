/**
 * The office hub, against a private PostgreSQL (TLS on) on loopback:
 * - live: ten desks (session, live feed, journal each, as the app runs them); one desk claims a fax, and the time
 *   until each of the nine others has it in its triage view is taken — median and 95th percentile;
 * - cost: the queries and the bytes on the wire of one claim, one note and one handled mark (a desk of its own
 *   through a counting TCP proxy, with pg's query calls counted while the other desks are stopped);
 * - big inbox: 50,000 cached faxes in the harness; opening the inbox and turning on a filter, first without an office
 *   ("Not handled"), then in an office whose hub holds 50,000 faxes' triage rows ("Unclaimed") — the ratio.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { silentLogger } from '../../main/log/logger';
import { openHubSession } from '../../main/hub/hub-session';
import { createOfficeDesk, type OfficeDesk } from '../../main/triage/office-desk';
import { addPerson } from '../../main/hub/office-setup';
import { createTestOffice } from '../../test/helpers/hub-office';
import { startPrivatePostgres, type PrivatePostgres } from '../../test/helpers/private-postgres';
import { atMost, info, median, timing, type Benchmark, type Metric } from '../lib/metric';
import { openInbox } from '../lib/inbox-actions';
import { startSeededApp } from '../lib/seeded-app';
import { allowKeptNames } from '../lib/page-names';

const deskCount = 10;

/** A full garbage collection (the benchmark's process runs main; gc is not exposed by default). */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  const gc: unknown = vm.runInNewContext('gc');
  if (typeof gc === 'function') Reflect.apply(gc, undefined, []);
}

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

async function liveAcrossDesks(server: PrivatePostgres, runs: number, log: (line: string) => void): Promise<Metric[]> {
  const office = await createTestOffice(server);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-hub-'));
  const desks: Array<{ desk: OfficeDesk; login: string }> = [];
  try {
    for (let index = 0; index < deskCount; index++) {
      const { session, address, password } = await office.person(`bench${index}`, `Desk ${index}`);
      await session.close();
      const desk = createOfficeDesk({
        address,
        credentials: { password },
        officeKey: office.officeKey,
        deskId: crypto.randomUUID(),
        dataDir: fs.mkdtempSync(path.join(work, 'desk-')),
        fileKey: crypto.randomBytes(32),
        log: silentLogger,
        onChanged: () => undefined,
        onStatus: () => undefined,
        onLostClaim: () => undefined,
      });
      await desk.start();
      desks.push({ desk, login: address.user });
    }
    const latencies: number[] = [];
    for (let run = 0; run < runs * 4; run++) {
      const claimer = desks[run % deskCount];
      if (!claimer) continue;
      const faxId = `97${String(run).padStart(10, '0')}`;
      const started = performance.now();
      await claimer.desk.triage.act({ faxId, kind: 'claim' });
      const others = desks.filter((entry) => entry !== claimer);
      const seen = new Map<OfficeDesk, number>();
      await until(() => {
        for (const other of others) if (!seen.has(other.desk) && other.desk.triage.view(faxId)?.claim?.by === claimer.login) seen.set(other.desk, performance.now() - started);
        return seen.size === others.length;
      });
      latencies.push(...seen.values());
    }
    log(`  claim → shown on the other ${deskCount - 1} desks: median ${median(latencies).toFixed(0)} ms, p95 ${percentile(latencies, 0.95).toFixed(0)} ms (${latencies.length} observations)`);
    return [
      timing(`office hub: claim on one desk → shown on another (${deskCount} desks)`, latencies, 'ms', { atMost: 1000 }, 'LISTEN/NOTIFY, then the fax read again'),
      atMost(`office hub: claim → shown, 95th percentile (${deskCount} desks)`, percentile(latencies, 0.95), 'ms', 2000, `${String(latencies.length)} observations`),
    ];
  } finally {
    for (const entry of desks) await entry.desk.stop().catch(() => undefined);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Forwards to the hub, counting the bytes both ways. */
async function countingProxy(target: { host: string; port: number }): Promise<{ port: number; bytes: () => number; close: () => void }> {
  let bytes = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((incoming) => {
    const outgoing = net.connect(target.port, target.host);
    sockets.add(incoming).add(outgoing);
    incoming.on('data', (chunk: Buffer) => (bytes += chunk.length));
    outgoing.on('data', (chunk: Buffer) => (bytes += chunk.length));
    incoming.pipe(outgoing);
    outgoing.pipe(incoming);
    incoming.on('error', () => outgoing.destroy());
    outgoing.on('error', () => incoming.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    bytes: () => bytes,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

async function costPerAction(server: PrivatePostgres, log: (line: string) => void): Promise<Metric[]> {
  const office = await createTestOffice(server);
  const { session: joined, address, password } = await office.person('cost', 'Cost');
  await joined.close();
  const proxy = await countingProxy({ host: server.host, port: server.port });
  const session = await openHubSession({ address: { ...address, port: proxy.port }, credentials: { password }, officeKey: office.officeKey, deskId: 'cost-desk' });
  let queries = 0;
  const original = pg.Client.prototype.query;
  function counting(this: pg.Client, ...args: unknown[]): unknown {
    queries += 1;
    return Reflect.apply(original, this, args);
  }
  try {
    // Warm: the pool's connection made, so the figures are one action's, not the handshake's.
    await session.claim('980000000000000000');
    const measure = async (what: string, action: (index: number) => Promise<unknown>): Promise<{ queries: number; bytes: number }> => {
      const samples = 10;
      const [queriesBefore, bytesBefore] = [queries, proxy.bytes()];
      pg.Client.prototype.query = counting as typeof original;
      try {
        for (let index = 0; index < samples; index++) await action(index);
      } finally {
        pg.Client.prototype.query = original;
      }
      const result = { queries: (queries - queriesBefore) / samples, bytes: (proxy.bytes() - bytesBefore) / samples };
      log(`  ${what}: ${result.queries.toFixed(1)} queries, ${result.bytes.toFixed(0)} bytes`);
      return result;
    };
    const claim = await measure('claim', (index) => session.claim(`98100000000000${String(index).padStart(4, '0')}`, { actionId: crypto.randomUUID() }));
    const note = await measure('note', (index) => session.addNote(`98200000000000${String(index).padStart(4, '0')}`, 'Called the clinic back, form on its way', { actionId: crypto.randomUUID() }));
    const handled = await measure('handled', (index) => session.setHandled(`98300000000000${String(index).padStart(4, '0')}`, true, { actionId: crypto.randomUUID() }));
    return [
      atMost('office hub: queries per claim (with its audit entry)', claim.queries, 'queries', 12, 'one transaction: action id, claim, audit chain'),
      atMost('office hub: bytes on the wire per claim', claim.bytes, 'bytes', 8192, 'TLS included'),
      atMost('office hub: queries per note', note.queries, 'queries', 12),
      atMost('office hub: bytes on the wire per note', note.bytes, 'bytes', 8192, 'the note sealed on the desk'),
      atMost('office hub: queries per handled mark', handled.queries, 'queries', 12),
      atMost('office hub: bytes on the wire per handled mark', handled.bytes, 'bytes', 8192),
    ];
  } finally {
    pg.Client.prototype.query = original;
    await session.close();
    proxy.close();
  }
}

/** Turns on an inbox filter button and waits for the list to show its result. */
async function filterTime(page: Page, name: string): Promise<number> {
  return page.evaluate(
    (label) =>
      new Promise<number>((resolve, reject) => {
        const button = [...document.querySelectorAll<HTMLButtonElement>('[role=search] button')].find((candidate) => candidate.textContent.trim() === label);
        const summary = document.querySelector('[data-testid=list-summary]');
        if (!button || !summary) throw new Error(`no ${label} filter`);
        const before = summary.textContent;
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (summary.getAttribute('data-current') !== 'true' || summary.textContent === before || document.querySelector('[data-testid=fax-row]') === null) return;
          observer.disconnect();
          resolve(performance.now() - started);
        });
        observer.observe(summary, { subtree: true, childList: true, characterData: true, attributes: true });
        setTimeout(() => reject(new Error(`the ${label} filter showed nothing in 10 s`)), 10_000);
        button.click();
      }),
    name,
  );
}

async function clearFilter(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name, exact: true }).click();
  await page.waitForFunction(() => !/match/.test(document.querySelector('[data-testid=list-summary]')?.textContent ?? ''));
}

async function bigInboxWithHub(server: PrivatePostgres, runs: number, log: (line: string) => void): Promise<Metric[]> {
  const app = await startSeededApp(50_000);
  try {
    const page = app.harness.page;
    await allowKeptNames(page);
    const services = await app.harness.core.services();
    const mainTimes = (): string => {
      const time = (work: () => unknown): number => {
        work();
        const started = performance.now();
        for (let index = 0; index < 20; index++) work();
        return (performance.now() - started) / 20;
      };
      return `list ${time(() => services.faxes.list({ direction: 'inbound', offset: 0, limit: 100 })).toFixed(1)} ms, "not handled" ${time(() => services.faxes.list({ direction: 'inbound', notHandledOnly: true, offset: 0, limit: 100 })).toFixed(1)} ms, "unclaimed" ${time(() => services.faxes.list({ direction: 'inbound', triage: 'unclaimed', offset: 0, limit: 100 })).toFixed(1)} ms, not handled count ${time(() => services.faxes.notHandledCount()).toFixed(1)} ms, unread ${time(() => services.faxes.unreadCount()).toFixed(1)} ms`;
    };
    const measure = async (filter: string): Promise<{ opens: number[]; filters: number[] }> => {
      log(`  main: ${mainTimes()}`);
      const opens: number[] = [];
      const filters: number[] = [];
      // One untimed round first: the page was just (re)loaded, and the first round measures the JIT.
      await openInbox(page);
      await filterTime(page, filter);
      await clearFilter(page, filter);
      // Both phases start from a collected heap: what the join left as garbage is not timed as the office's cost.
      collectGarbage();
      const delay = monitorEventLoopDelay({ resolution: 5 });
      delay.enable();
      const heapBefore = process.memoryUsage().heapUsed;
      for (let run = 0; run < runs; run++) {
        opens.push(await openInbox(page));
        filters.push(await filterTime(page, filter));
        await clearFilter(page, filter);
      }
      delay.disable();
      log(`  main event loop while measuring: mean ${(delay.mean / 1e6).toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms; heap ${(heapBefore / 2 ** 20).toFixed(0)} MB`);
      return { opens, filters };
    };
    // Alone, the desk has its own handled marks on a third of the faxes (as the office's hub will have): the
    // "Not handled" filter then reads as many marks as "Unclaimed" reads claims.
    const thirds = (start: number): string[] => Array.from({ length: Math.ceil((50_000 - start) / 3) }, (_, index) => String(10_000_000 + start + index * 3));
    services.cache.handling.mark(thirds(1), Date.now());
    // Both phases measure a freshly loaded page (the office phase reloads after joining).
    await page.reload();
    await allowKeptNames(page);
    await page.locator('[data-testid=fax-row]').first().waitFor({ timeout: 30_000 });
    const alone = await measure('Not handled');
    services.cache.handling.mark(thirds(1), null);

    // An office whose hub already holds 50,000 faxes' triage (claims on every third, handled marks on others).
    const office = await createTestOffice(server);
    server.sql(
      office.address.database,
      `INSERT INTO fax_hub.claims (fax_id, claimed_by) SELECT (10000000 + g)::text, '${office.address.user}' FROM generate_series(0, 49999, 3) g;
       INSERT INTO fax_hub.triage (fax_id, handled_by, handled_at, updated_by) SELECT (10000000 + g)::text, '${office.address.user}', now(), '${office.address.user}' FROM generate_series(1, 49999, 3) g;
       INSERT INTO fax_hub.triage (fax_id, assignee, updated_by) SELECT (10000000 + g)::text, '${office.address.user}', '${office.address.user}' FROM generate_series(2, 49999, 3) g;`,
    );
    const code = await addPerson(office.address, { password: office.adminPassword }, office.officeKey, { login: `inbox_${crypto.randomBytes(3).toString('hex')}`, name: 'Front Desk' });
    const joined = await app.harness.core.dispatch('joinOffice', { code });
    if (!joined.ok) throw new Error(`joining failed: ${joined.error.message}`);
    if (services.cache.hubTriage.among(['10000000']).size !== 1) throw new Error('the hub triage was not mirrored');
    await page.reload();
    await allowKeptNames(page);
    await page.locator('[data-testid=fax-row]').first().waitFor({ timeout: 30_000 });
    const shared = await measure('Unclaimed');
    log(`  open: alone ${median(alone.opens).toFixed(0)} ms, in the office ${median(shared.opens).toFixed(0)} ms; filter: "Not handled" alone ${median(alone.filters).toFixed(0)} ms, "Unclaimed" ${median(shared.filters).toFixed(0)} ms`);
    const openRatio = median(shared.opens) / median(alone.opens);
    const filterRatio = median(shared.filters) / median(alone.filters);
    return [
      timing('office hub, big inbox (50,000 cached, 50,000 triage rows): open the list', shared.opens, 'ms', { atMost: 500 }),
      atMost('office hub, big inbox: open time in an office ÷ alone', openRatio, '×', 1.2, `${median(alone.opens).toFixed(0)} → ${median(shared.opens).toFixed(0)} ms`),
      timing('office hub, big inbox: "Unclaimed" filter → list shown', shared.filters, 'ms', { atMost: 500 }),
      atMost('office hub, big inbox: "Unclaimed" (office) ÷ "Not handled" (alone)', filterRatio, '×', 1.2, `${median(alone.filters).toFixed(0)} → ${median(shared.filters).toFixed(0)} ms`),
      info('office hub, big inbox: triage rows mirrored on the desk', services.cache.hubTriage.among(Array.from({ length: 50_000 }, (_, index) => String(10_000_000 + index))).size, 'rows'),
    ];
  } finally {
    await app.close();
  }
}

export const officeHub: Benchmark = {
  name: 'office hub',
  async run({ runs, log }) {
    const server = await startPrivatePostgres();
    try {
      return [...(await liveAcrossDesks(server, runs, log)), ...(await costPerAction(server, log)), ...(await bigInboxWithHub(server, runs, log))];
    } finally {
      server.destroy();
    }
  },
};
