/**
 * Writes dist/renderer/licenses.json: every third-party package whose code ships in the app, with its version,
 * license and license text, for the About view. "Ships" means: bundled into main, preload or the renderer (read
 * from the bundles' source maps), or installed as a production dependency (the native modules and pdf.js, which
 * stay in node_modules). Runs at the end of `npm run build`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { collectLicenses } from './licenses';

const root = process.cwd();
const bundles = ['dist/main/index.cjs.map', 'dist/preload/index.cjs.map', ...fs.readdirSync('dist/renderer/assets').filter((file) => file.endsWith('.js.map')).map((file) => `dist/renderer/assets/${file}`)];
const report = collectLicenses(root, bundles);
fs.writeFileSync(path.join('dist', 'renderer', 'licenses.json'), `${JSON.stringify(report, null, 1)}\n`);
console.log(`licenses: ${String(report.packages.length)} packages written to dist/renderer/licenses.json`);
