// Checklist item 16: a current Electron, pinned exactly (upgrades are deliberate and reviewed).
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

const manifest = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { devDependencies: Record<string, string> };
const installed = (JSON.parse(fs.readFileSync('node_modules/electron/package.json', 'utf8')) as { version: string }).version;

describe('Electron version', () => {
  it('is pinned to an exact version, and that version is installed', () => {
    expect(manifest.devDependencies.electron).toMatch(/^\d+\.\d+\.\d+$/);
    expect(installed).toBe(manifest.devDependencies.electron);
  });

  it('is at least 45, a supported major release when this was written (raise the floor with each upgrade)', () => {
    expect(Number(installed.split('.')[0])).toBeGreaterThanOrEqual(45);
  });
});
