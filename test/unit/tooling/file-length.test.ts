// Small files with one job: a file of main or the renderer past 400 lines is to be split by job (as main/outbox/ and
// main/triage/office-service.ts were), not grown. The message catalogues and the IPC contract live in preload/.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const longest = 400;

function sourceFiles(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(folder, file).split(path.sep).join('/'));
}

describe('file length', () => {
  it(`no file in main/ or renderer/src/ is past ${String(longest)} lines`, () => {
    const files = [...sourceFiles('main'), ...sourceFiles('renderer/src')];
    expect(files.length).toBeGreaterThan(300);
    const long = files.map((file) => ({ file, lines: fs.readFileSync(file, 'utf8').split('\n').length })).filter((entry) => entry.lines > longest);
    expect(long).toEqual([]);
  });
});
