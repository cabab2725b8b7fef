/**
 * PDF first page: a 100-page, ~10 MB fax in Chromium through the harness. Measured in the page from the click on
 * the fax's row to its first page drawn — the document comes from main's encrypted cache, read by range (after the
 * first open, which also downloads it and is reported too). For comparison, pdf.js's own viewer component (PDFViewer from
 * pdfjs-dist/web/pdf_viewer.mjs, default options, served without the app) opens the same bytes already in memory
 * to its first `pagerendered` event, in the same browser.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startApp } from '../../test/e2e/app-fixture';
import { bigFaxPdf } from '../lib/big-pdf';
import { info, median, timing, type Benchmark } from '../lib/metric';
import { allowKeptNames } from '../lib/page-names';

/** Clicks the row of `faxId` and resolves with ms until the preview has drawn its first page. */
async function clickToFirstPage(page: Page, faxId: number): Promise<number> {
  return page.evaluate(async (id) => {
    const row = document.querySelector<HTMLElement>(`[data-testid=fax-row][data-fax-id="${String(id)}"]`);
    if (!row) throw new Error('row not in view');
    const drawn = () => document.querySelector(`.pdf-pages .pdf-page[data-rendered=true]`) !== null && document.querySelector('#fax-title') !== null;
    return new Promise<number>((resolve, reject) => {
      const started = performance.now();
      const observer = new MutationObserver(() => {
        if (!drawn()) return;
        observer.disconnect();
        resolve(performance.now() - started);
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-rendered'] });
      setTimeout(() => reject(new Error('no page drawn in 20 s')), 20_000);
      row.click();
    });
  }, faxId);
}

async function viewerComponentFirstPage(page: Page, bytes: Buffer, runs: number): Promise<number[]> {
  const root = path.resolve('node_modules/pdfjs-dist');
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/doc.pdf') return void response.writeHead(200, { 'Content-Type': 'application/pdf' }).end(bytes);
    if (url.pathname === '/') {
      return void response.writeHead(200, { 'Content-Type': 'text/html' }).end(`<!doctype html><html><head><link rel="stylesheet" href="/web/pdf_viewer.css">
        <style>#container{position:absolute;inset:0;overflow:auto}</style></head><body><div id="container"><div id="viewer" class="pdfViewer"></div></div></body></html>`);
    }
    const file = path.join(root, path.normalize(url.pathname));
    if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) return void response.writeHead(404).end();
    const type = file.endsWith('.mjs') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'application/octet-stream';
    response.writeHead(200, { 'Content-Type': type }).end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  const viewerPage = await page.context().newPage();
  await viewerPage.addInitScript({ content: 'globalThis.__name = (value) => value;' });
  const times: number[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      await viewerPage.goto(`${origin}/`);
      times.push(
        await viewerPage.evaluate(async () => {
          const load = (url: string): Promise<unknown> => import(url);
          const pdfjs = (await load('/build/pdf.mjs')) as typeof import('pdfjs-dist');
          const viewer = (await load('/web/pdf_viewer.mjs')) as typeof import('pdfjs-dist/web/pdf_viewer.mjs');
          pdfjs.GlobalWorkerOptions.workerSrc = '/build/pdf.worker.mjs';
          const data = new Uint8Array(await (await fetch('/doc.pdf')).arrayBuffer());
          const container = document.getElementById('container') as HTMLDivElement;
          const eventBus = new viewer.EventBus();
          const linkService = new viewer.PDFLinkService({ eventBus });
          const pdfViewer = new viewer.PDFViewer({ container, eventBus, linkService });
          linkService.setViewer(pdfViewer);
          const started = performance.now();
          const rendered = new Promise<number>((resolve) => eventBus.on('pagerendered', () => resolve(performance.now() - started), { once: true }));
          const document_ = await pdfjs.getDocument({ data, isEvalSupported: false }).promise;
          pdfViewer.setDocument(document_);
          linkService.setDocument(document_);
          return rendered;
        }),
      );
    }
  } finally {
    await viewerPage.close();
    server.close();
  }
  return times;
}

export const pdfFirstPage: Benchmark = {
  name: 'pdf first page',
  async run({ runs, log }) {
    const bytes = await bigFaxPdf(100);
    log(`  document: 100 pages, ${(bytes.length / 1e6).toFixed(1)} MB`);
    const app = await startApp();
    try {
      const page = app.page;
      await allowKeptNames(page);
      const big = await app.t.control<{ fax_id: number }>('POST', `/accounts/${app.demo.accountId}/inbound`, { pages: 100, sender_name: 'Bench Imaging', document_base64: bytes.toString('base64') });
      const small = await app.t.control<{ fax_id: number }>('POST', `/accounts/${app.demo.accountId}/inbound`, { pages: 1, sender_name: 'Bench Clinic' });
      if (big.status !== 201 || small.status !== 201) throw new Error(`the sandbox refused the faxes (${String(big.status)}, ${String(small.status)})`);
      await (await app.harness.core.services()).sync.runOnce();
      await page.locator(`[data-testid=fax-row][data-fax-id="${String(big.json.fax_id)}"]`).waitFor();
      const cold = await clickToFirstPage(page, big.json.fax_id);
      log(`  first open (downloads 10 MB): ${cold.toFixed(0)} ms`);
      const warm: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        await clickToFirstPage(page, small.json.fax_id);
        warm.push(await clickToFirstPage(page, big.json.fax_id));
        log(`  run ${String(run + 1)}: ${(warm.at(-1) ?? 0).toFixed(0)} ms`);
      }
      const reference = await viewerComponentFirstPage(page, bytes, runs);
      log(`  pdf.js viewer component: ${reference.map((value) => value.toFixed(0)).join(', ')} ms`);
      const ratio = median(warm) / median(reference);
      return [
        timing('PDF first page: click → first page drawn (100 pages, 10 MB, from the encrypted cache)', warm, 'ms', { atMost: 250 }, 'main decrypts only the ranges pdf.js asks for'),
        info('PDF first page: first open, including the 10 MB download', cold, 'ms', 'one run'),
        timing('PDF first page: pdf.js viewer component, 10 MB already in memory → first page', reference, 'ms', null, 'comparison, no target'),
        info('PDF first page: app (from the click) ÷ pdf.js viewer component (from bytes in memory)', ratio, '×'),
      ];
    } finally {
      await app.close();
    }
  },
};
