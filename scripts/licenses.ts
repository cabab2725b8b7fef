/** Which packages ship in the app, and their licenses (see build-licenses.ts). */
import fs from 'node:fs';
import path from 'node:path';

export interface ShippedPackage {
  name: string;
  version: string;
  license: string;
  /** The package's own license file, when it has one. */
  text: string | null;
  /** How it ships: bundled into the app's JavaScript, installed beside it, or the Electron runtime itself. */
  via: 'bundled' | 'installed' | 'runtime';
}

export interface LicenseReport {
  app: { name: string; version: string; license: string };
  packages: ShippedPackage[];
}

/** `node_modules/@scope/name/...` or `node_modules/name/...` → the package folder (the innermost node_modules wins). */
export function packageDirOf(source: string): string | null {
  const normalised = source.replace(/\\/g, '/');
  const at = normalised.lastIndexOf('node_modules/');
  if (at < 0) return null;
  const rest = normalised.slice(at + 'node_modules/'.length).split('/');
  const name = rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1] ?? ''}` : (rest[0] ?? '');
  return name === '' ? null : `${normalised.slice(0, at)}node_modules/${name}`;
}

function bundledPackageDirs(root: string, mapFile: string): string[] {
  const map = JSON.parse(fs.readFileSync(path.join(root, mapFile), 'utf8')) as { sources?: string[] };
  const dirs = new Set<string>();
  for (const source of map.sources ?? []) {
    const dir = packageDirOf(path.resolve(path.dirname(path.join(root, mapFile)), source));
    if (dir) dirs.add(dir);
  }
  return [...dirs];
}

/** Production dependencies and everything they need, from package-lock.json (entries not marked dev). */
function installedPackageDirs(root: string): string[] {
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean; optional?: boolean; devOptional?: boolean }> };
  return Object.entries(lock.packages)
    .filter(([key, entry]) => key !== '' && entry.dev !== true && entry.devOptional !== true)
    .map(([key]) => path.join(root, key))
    .filter((dir) => fs.existsSync(path.join(dir, 'package.json')));
}

function licenseTextOf(dir: string): string | null {
  const file = fs.readdirSync(dir).find((name) => /^(licen[cs]e|copying)(\.(md|txt|markdown))?$/i.test(name) || /^licen[cs]e[-.]mit/i.test(name));
  return file ? fs.readFileSync(path.join(dir, file), 'utf8').trim() : null;
}

function describe(dir: string, via: ShippedPackage['via']): ShippedPackage {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name: string; version: string; license?: string | { type?: string } };
  const license = typeof manifest.license === 'string' ? manifest.license : (manifest.license?.type ?? 'UNKNOWN');
  return { name: manifest.name, version: manifest.version, license, text: licenseTextOf(dir), via };
}

export function collectLicenses(root: string, sourceMaps: readonly string[]): LicenseReport {
  const byKey = new Map<string, ShippedPackage>();
  for (const dir of installedPackageDirs(root)) {
    const item = describe(dir, 'installed');
    byKey.set(`${item.name}@${item.version}`, item);
  }
  for (const map of sourceMaps) {
    for (const dir of bundledPackageDirs(root, map)) {
      if (!fs.existsSync(path.join(dir, 'package.json'))) continue;
      const item = describe(dir, 'bundled');
      const key = `${item.name}@${item.version}`;
      if (!byKey.has(key)) byKey.set(key, item);
    }
  }
  // The runtime: Electron (MIT); the Chromium and Node licenses ship inside it as LICENSES.chromium.html.
  const electron = describe(path.join(root, 'node_modules', 'electron'), 'runtime');
  byKey.set(`${electron.name}@${electron.version}`, electron);
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { name: string; version: string; license: string };
  return {
    app: { name: manifest.name, version: manifest.version, license: manifest.license },
    packages: [...byKey.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version)),
  };
}
