// The installer configuration, checked offline (no Electron binary): schema, packed files, fuses, "Open with".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkPackaging, requiredFuses } from '../../../scripts/packaging-check';

const root = process.cwd();
const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) fs.rmSync(dir, { recursive: true, force: true });
});

/** A project beside the real one (same build output, icons and modules) with an edited builder config. */
function projectWithConfig(edit: (yaml: string) => string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-builder-'));
  copies.push(dir);
  fs.copyFileSync(path.join(root, 'package.json'), path.join(dir, 'package.json'));
  for (const link of ['dist', 'assets', 'node_modules']) fs.symlinkSync(path.join(root, link), path.join(dir, link));
  fs.writeFileSync(path.join(dir, 'electron-builder.yml'), edit(fs.readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')));
  return dir;
}

describe('electron-builder.yml (after npm run build)', () => {
  it('passes electron-builder’s schema and packs files that exist: app, licenses, icons, entitlements', async () => {
    expect(await checkPackaging(root)).toEqual([]);
  });

  it('sets the security fuses: RunAsNode, NODE_OPTIONS, --inspect off; asar integrity and asar-only on; no file:// privileges', () => {
    const yaml = fs.readFileSync('electron-builder.yml', 'utf8');
    for (const [fuse, value] of Object.entries(requiredFuses)) expect(yaml).toMatch(new RegExp(`^\\s+${fuse}: ${String(value)}$`, 'm'));
  });

  it('catches a fuse turned back on, a missing icon, an unknown option and a lost file association', async () => {
    const runAsNode = projectWithConfig((yaml) => yaml.replace('runAsNode: false', 'runAsNode: true'));
    expect(await checkPackaging(runAsNode)).toEqual(['the runAsNode fuse must be false']);
    const noIcon = projectWithConfig((yaml) => yaml.replace('icon: assets/icon.ico', 'icon: assets/missing.ico'));
    expect(await checkPackaging(noIcon)).toEqual(['the Windows icon is missing: assets/missing.ico']);
    const unknown = projectWithConfig((yaml) => `${yaml}\nnotAnOption: 1\n`);
    expect((await checkPackaging(unknown))[0]).toMatch(/not a valid electron-builder configuration/);
    const noTiff = projectWithConfig((yaml) => yaml.replace('ext: [tif, tiff]', 'ext: [tif]'));
    expect(await checkPackaging(noTiff)).toEqual(['no file association for .tiff']);
    const httpFeed = projectWithConfig((yaml) => yaml.replace('url: https://updates.', 'url: http://updates.'));
    expect(await checkPackaging(httpFeed)).toEqual(['publish: the update feed must be an https:// URL']);
    const otherAppId = projectWithConfig((yaml) => yaml.replace('appId: com.faxdesktop.app', 'appId: com.example.fax'));
    expect(await checkPackaging(otherAppId)).toEqual(['appId must be com.faxdesktop.app (the app sets it as its Windows AppUserModelID)']);
    const perUserMsi = projectWithConfig((yaml) => yaml.replace('  perMachine: true\n', '  perMachine: false\n'));
    expect(await checkPackaging(perUserMsi)).toEqual(['msi: perMachine must be true (IT installs for every user)']);
    const noPkg = projectWithConfig((yaml) => yaml.replace('target: [dmg, pkg]', 'target: [dmg]'));
    expect(await checkPackaging(noPkg)).toEqual(['mac does not build pkg']);
    const homePkg = projectWithConfig((yaml) => yaml.replace('allowCurrentUserHome: false', 'allowCurrentUserHome: true'));
    expect(await checkPackaging(homePkg)).toEqual(['pkg: must install into /Applications for every user']);
    const noTrayIcon = projectWithConfig((yaml) => yaml.replace('  - assets/trayTemplate@2x.png\n', ''));
    expect(await checkPackaging(noTrayIcon)).toEqual(['"files" does not pack assets/trayTemplate@2x.png']);
    const packedInAsar = projectWithConfig((yaml) => yaml.replace(/asarUnpack:\n(\s+- .*\n)+/, 'asarUnpack: []\n'));
    expect((await checkPackaging(packedInAsar)).join('\n')).toMatch(/native module node_modules\/keytar\/.*\.node is not unpacked/);
  });

  it('the license list names every package that ships, with its license', () => {
    const report = JSON.parse(fs.readFileSync('dist/renderer/licenses.json', 'utf8')) as { packages: Array<{ name: string; license: string; via: string; text: string | null }> };
    const byName = new Map(report.packages.map((item) => [item.name, item]));
    for (const [name, license] of [
      ['react', 'MIT'],
      ['pdfjs-dist', 'Apache-2.0'],
      ['keytar', 'MIT'],
      ['better-sqlite3-multiple-ciphers', 'MIT'],
      ['zod', 'MIT'],
      ['libphonenumber-js', 'MIT'],
      ['electron', 'MIT'],
    ] as const) {
      expect(byName.get(name)).toMatchObject({ license });
    }
    expect(byName.get('react')?.via).toBe('bundled');
    expect(byName.get('keytar')?.via).toBe('installed');
    expect(byName.get('pdfjs-dist')?.text).toMatch(/Apache License/);
    // Build tools never ship.
    for (const name of ['vite', 'vitest', 'typescript', 'eslint', 'electron-builder', 'playwright-core']) expect(byName.has(name)).toBe(false);
  });
});
