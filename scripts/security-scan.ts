/**
 * Electronegativity over the app's own sources (main, preload, renderer), run through its programmatic API (its
 * CLI exits 0 even with HIGH findings, and writes its CSV report with racing writes). Any HIGH finding fails, and a
 * MEDIUM one anywhere but the one file docs/SECURITY.md justifies it for; a LOW or informational one passes only when
 * docs/SECURITY.md justifies that check id in its "Justified LOW findings" table. Runs offline.
 *
 *   npx tsx scripts/security-scan.ts [--root <folder holding main/, preload/, renderer/>]
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

interface Finding {
  id: string;
  severity: { name: string };
  confidence: { name: string };
  file: string;
  location: { line: number; column: number };
}

type RunElectronegativity = (
  options: {
    input: string;
    isRelative: boolean;
    isVerbose: boolean;
    customScan: string[];
    excludeFromScan: string[];
    electronVersionOverride: string;
    parserPlugins: string[];
  },
  forCli: boolean,
) => Promise<{ issues: Finding[]; errors: unknown[] }>;

const { values } = parseArgs({ options: { root: { type: 'string', default: '.' } } });
const root = path.resolve(values.root);
const repo = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const run = require('@doyensec/electronegativity/dist/runner.js') as RunElectronegativity;
const electronVersion = (JSON.parse(fs.readFileSync(path.join(repo, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-security-scan-'));
const scanned = path.join(work, 'app');
for (const part of ['main', 'preload', 'renderer/src', 'renderer/index.html', 'package.json']) {
  if (fs.existsSync(path.join(root, part))) fs.cpSync(path.join(root, part), path.join(scanned, part), { recursive: true });
}

// Two checks are left out, both recorded in docs/SECURITY.md: PreloadJSCheck reports every preload script "for
// manual review" (that review is checklist item 20), and AvailableSecurityFixesGlobalCheck downloads Electron's
// release list from the internet (the Electron version is checked offline by test/unit/tooling/electron-version).
const excludeFromScan = ['preloadjscheck', 'availablesecurityfixesglobalcheck'];
const { issues: findings } = await run(
  { input: scanned, isRelative: true, isVerbose: false, customScan: [], excludeFromScan, electronVersionOverride: electronVersion, parserPlugins: [] },
  false,
);
fs.rmSync(work, { recursive: true, force: true });

const securityDoc = fs.readFileSync(path.join(repo, 'docs/SECURITY.md'), 'utf8');
const justified = new Set([...securityDoc.matchAll(/^\| `([A-Z_]+)` \| (?:LOW|INFORMATIONAL) \|/gm)].map((match) => match[1]));
// A MEDIUM finding passes only in the one file docs/SECURITY.md names for it, with why (never a HIGH one).
const justifiedMedium = new Set([...securityDoc.matchAll(/^\| `([A-Z_]+)` \| MEDIUM \| `([^`]+)` \|/gm)].map((match) => `${match[1] ?? ''} ${match[2] ?? ''}`));
const failures: string[] = [];
for (const finding of findings) {
  const severity = finding.severity.name;
  const line = `${severity.padEnd(6)} ${finding.id} (${finding.confidence.name}) ${path.relative(scanned, path.resolve(scanned, finding.file))}:${String(finding.location.line)}`;
  console.log(line);
  const file = path.relative(scanned, path.resolve(scanned, finding.file));
  if (severity === 'HIGH') failures.push(line);
  else if (severity === 'MEDIUM' && !justifiedMedium.has(`${finding.id} ${file}`)) failures.push(line);
  else if (severity === 'MEDIUM') continue;
  else if (!justified.has(finding.id)) failures.push(`${line} — not justified in docs/SECURITY.md`);
}
console.log(`security scan: Electronegativity ${String(findings.length)} finding(s), ${String(failures.length)} failing`);
for (const failure of failures) console.error(`FAIL ${failure}`);
// Exit now: Electronegativity's translation updater keeps a network retry timer alive (offline, it fails later).
process.exit(failures.length > 0 ? 1 : 0);
