// Files from the user are checked again in main and copied (sealed) into the app's own folder at once.
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../main/log/logger';
import { createStaging } from '../../../main/compose/staging';
import { corpusDir } from '../../helpers/corpus';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-staging-'));
const userDir = path.join(root, 'user');
const dataDir = path.join(root, 'data');
fs.mkdirSync(userDir);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const staging = createStaging({ dataDir, fileKey: crypto.randomBytes(32), log: createLogger({ sinks: [] }) });
const pdf = fs.readFileSync(path.join(corpusDir, 'rotation.pdf'));

function userFile(name: string, content: Buffer | string): string {
  const target = path.join(userDir, name);
  fs.writeFileSync(target, content);
  return target;
}

describe('staging files from the user', () => {
  it('a regular PDF is copied sealed: later changes to the original do not change what is sent', async () => {
    const original = userFile('referral.pdf', pdf);
    const { staged, rejected } = await staging.stage([original]);
    expect(rejected).toEqual([]);
    expect(staged).toEqual([expect.objectContaining({ name: 'referral.pdf', kind: 'pdf', size: pdf.length, pages: 2 })]);
    const id = staged[0]?.id ?? '';
    fs.writeFileSync(original, 'replaced after staging');
    expect((await staging.read(id)).equals(pdf)).toBe(true);
    const raw = fs.readFileSync(staging.sealedPath(id));
    expect(raw.includes(Buffer.from('%PDF'))).toBe(false);
    expect(path.dirname(staging.sealedPath(id))).toBe(path.join(dataDir, 'staging'));
  });

  it('a symlink is refused, even to a good PDF; so are folders and devices', async () => {
    const target = userFile('real.pdf', pdf);
    const link = path.join(userDir, 'link.pdf');
    fs.symlinkSync(target, link);
    const folder = path.join(userDir, 'folder.pdf');
    fs.mkdirSync(folder);
    const fifo = path.join(userDir, 'pipe.pdf');
    execFileSync('mkfifo', [fifo]);
    const { staged, rejected } = await staging.stage([link, folder, fifo]);
    expect(staged).toEqual([]);
    expect(rejected).toEqual([
      { name: 'link.pdf', message: '“link.pdf” is a link to another file. Add the file itself.' },
      { name: 'folder.pdf', message: '“folder.pdf” is a folder. Add the files inside it instead.' },
      { name: 'pipe.pdf', message: '“pipe.pdf” is not a regular file.' },
    ]);
  });

  it('type is judged by content, and the 25 MB limit by the real size', async () => {
    const fake = userFile('scan.pdf', 'MZ this is really an executable');
    const big = path.join(userDir, 'big.pdf');
    fs.writeFileSync(big, pdf);
    fs.truncateSync(big, 25_000_001);
    const missing = path.join(userDir, 'gone.pdf');
    const { staged, rejected } = await staging.stage([fake, big, missing]);
    expect(staged).toEqual([]);
    expect(rejected.map((item) => item.message)).toEqual([
      '“scan.pdf” is not a PDF, Word (DOCX), JPG, PNG or TIFF file (checked by its content, not its name).',
      '“big.pdf” is 25,000,001 bytes; the Fax Service accepts at most 25,000,000 bytes per file. Compress it or split it.',
      '“gone.pdf” cannot be found any more. Add it again.',
    ]);
  });
});

describe('staged files of abandoned drafts', () => {
  it('go after their age, except the ones the current draft still uses', async () => {
    const start = Date.now();
    let now = start;
    const clocked = createStaging({ dataDir: path.join(root, 'purge'), fileKey: crypto.randomBytes(32), log: createLogger({ sinks: [] }), now: () => now });
    const { staged } = await clocked.stage([userFile('a.pdf', pdf), userFile('b.pdf', pdf), userFile('c.pdf', pdf)]);
    const [kept, abandoned, fresh] = staged.map((file) => file.id);
    // Two of them were staged long ago.
    const old = new Date(start - 8 * 24 * 3600 * 1000);
    for (const id of [kept, abandoned]) for (const suffix of ['.sealed', '.meta.sealed']) fs.utimesSync(path.join(root, 'purge', 'staging', `${id}${suffix}`), old, old);
    // The fresh one was staged at the app's "now" (set here too: the file system's clock need not be the app's).
    for (const suffix of ['.sealed', '.meta.sealed']) fs.utimesSync(path.join(root, 'purge', 'staging', `${fresh}${suffix}`), new Date(start), new Date(start));
    now = start + 1000;
    await clocked.purgeOlderThan(7 * 24 * 3600 * 1000, new Set([kept ?? '']));
    await expect(clocked.get(kept ?? '')).resolves.toMatchObject({ name: 'a.pdf' });
    await expect(clocked.get(fresh ?? '')).resolves.toMatchObject({ name: 'c.pdf' });
    await expect(clocked.read(abandoned ?? '')).rejects.toThrow('A file of this draft is no longer available. Add it again.');
  });
});
