import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { downloadElectronNow, findElectronBinary } from '../../../scripts/electron-binary';
import { tempDirsRemovedAfterEach } from '../../helpers/temp-dirs';

const tempDir = tempDirsRemovedAfterEach('electron-bin-');

function setup() {
  const dir = tempDir();
  const electronDir = path.join(dir, 'electron');
  fs.mkdirSync(electronDir);
  const markerFile = path.join(dir, 'cache', 'failed.json');
  const said: string[] = [];
  let attempts = 0;
  const failingInstall = () => {
    attempts += 1;
    return false;
  };
  const workingInstall = (target: string) => {
    attempts += 1;
    fs.mkdirSync(path.join(target, 'dist'), { recursive: true });
    fs.writeFileSync(path.join(target, 'dist', 'electron'), '');
    fs.writeFileSync(path.join(target, 'path.txt'), 'electron');
    return true;
  };
  return { electronDir, markerFile, said, attempts: () => attempts, failingInstall, workingInstall, say: (line: string) => said.push(line), env: {} };
}

describe('the Electron binary', () => {
  it('a failed download is tried once and said once: later runs neither retry nor repeat it', () => {
    const t = setup();
    const options = { tryDownload: true, electronDir: t.electronDir, markerFile: t.markerFile, install: t.failingInstall, say: t.say, env: t.env };
    expect(findElectronBinary(options)).toBeNull();
    expect(t.attempts()).toBe(1);
    expect(t.said.join('\n')).toMatch(/will not try again on later runs; to try again, run: npm run electron:download/);
    const saidBefore = t.said.length;
    for (let run = 0; run < 3; run += 1) expect(findElectronBinary(options)).toBeNull();
    expect(t.attempts()).toBe(1);
    expect(t.said.length).toBe(saidBefore);
  });

  it('npm run electron:download forgets the failure and tries again', () => {
    const t = setup();
    expect(findElectronBinary({ tryDownload: true, electronDir: t.electronDir, markerFile: t.markerFile, install: t.failingInstall, say: t.say, env: t.env })).toBeNull();
    const binary = downloadElectronNow({ electronDir: t.electronDir, markerFile: t.markerFile, install: t.workingInstall, say: t.say, env: { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } });
    expect(binary).toBe(path.join(t.electronDir, 'dist', 'electron'));
    expect(fs.existsSync(t.markerFile)).toBe(false);
  });

  it('never downloads when told to skip it, or when the binary is there', () => {
    const t = setup();
    expect(findElectronBinary({ tryDownload: true, electronDir: t.electronDir, markerFile: t.markerFile, install: t.workingInstall, say: t.say, env: { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } })).toBeNull();
    expect(t.attempts()).toBe(0);
    t.workingInstall(t.electronDir);
    expect(findElectronBinary({ tryDownload: true, electronDir: t.electronDir, markerFile: t.markerFile, install: t.failingInstall, say: t.say, env: t.env })).toMatch(/electron$/);
    expect(t.attempts()).toBe(1);
  });
});
