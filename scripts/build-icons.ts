/**
 * `npm run icons`: the app's icon set, all from one source (assets/icon.svg), rendered by Chromium:
 * - assets/icons/<n>x<n>.png for Linux (16 … 512) and the 1024 master;
 * - assets/icon.ico (Windows, PNG-compressed entries 16 … 256);
 * - assets/icon.icns (macOS, PNG entries 16 … 1024 including the @2x ones);
 * - renderer/public/icon.svg (the window's favicon) as a copy of the source;
 * - assets/trayTemplate.png and trayTemplate@2x.png (the macOS menu bar's template image) from
 *   assets/tray-template.svg.
 * The outputs are committed (packaging machines need no Chromium); assets/icons/SOURCE.sha256 ties them to the
 * source, and a test fails when the source changed without re-running this.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { icnsEntries, icoSizes, linuxSizes, writeIcns, writeIco } from './icon-containers';

const source = fs.readFileSync('assets/icon.svg');
const sizes = [...new Set([...linuxSizes, ...icoSizes, ...icnsEntries.map((entry) => entry.size), 1024])].sort((a, b) => a - b);

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--disable-gpu', '--no-first-run'] });
const page = await browser.newPage({ deviceScaleFactor: 1 });
async function render(svg: Buffer, size: number): Promise<Buffer> {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<!doctype html><html><body style="margin:0;background:transparent"><img src="data:image/svg+xml;base64,${svg.toString('base64')}" width="${String(size)}" height="${String(size)}" style="display:block"></body></html>`,
  );
  await page.locator('img').evaluate((image) => (image as unknown as { decode(): Promise<void> }).decode());
  return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
}
const rendered = new Map<number, Buffer>();
for (const size of sizes) rendered.set(size, await render(source, size));
const traySource = fs.readFileSync('assets/tray-template.svg');
fs.writeFileSync('assets/trayTemplate.png', await render(traySource, 16));
fs.writeFileSync('assets/trayTemplate@2x.png', await render(traySource, 32));
await browser.close();

const png = (size: number): Buffer => {
  const image = rendered.get(size);
  if (!image) throw new Error(`no ${String(size)} px rendering`);
  return image;
};

fs.mkdirSync('assets/icons', { recursive: true });
for (const size of [...linuxSizes, 1024]) fs.writeFileSync(`assets/icons/${String(size)}x${String(size)}.png`, png(size));
fs.writeFileSync('assets/icon.ico', writeIco(icoSizes.map((size) => ({ size, png: png(size) }))));
fs.writeFileSync('assets/icon.icns', writeIcns(icnsEntries.map((entry) => ({ type: entry.type, png: png(entry.size) }))));
fs.copyFileSync('assets/icon.svg', 'renderer/public/icon.svg');
const sha = (bytes: Buffer): string => crypto.createHash('sha256').update(bytes).digest('hex');
fs.writeFileSync('assets/icons/SOURCE.sha256', `${sha(source)}  assets/icon.svg\n${sha(traySource)}  assets/tray-template.svg\n`);
console.log(`icons: ${String(sizes.length)} sizes rendered from assets/icon.svg`);
