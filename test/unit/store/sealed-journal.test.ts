import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { writeSealedJson } from '../../../main/store/crypto/sealed-file';
import { createSealedJournal } from '../../../main/store/sealed-journal';

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'sealed-journal-'));
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));
const key = crypto.randomBytes(32);
const schema = z.object({ version: z.literal(1), id: z.string(), createdAt: z.number(), step: z.enum(['a', 'b']) });
let rootCount = 0;
const freshRoot = (): string => path.join(base, `root-${rootCount++}`);

describe.each([{ kind: 'file' } as const, { kind: 'folder', recordName: 'record.sealed' } as const])('a sealed journal ($kind layout)', (layout) => {
  it('reads back every record written, oldest first, with the last write winning', async () => {
    const journal = createSealedJournal({ root: freshRoot(), schema, fileKey: key, layout });
    const order = Array.from({ length: 20 }, (_, index) => index).sort(() => Math.random() - 0.5);
    for (const index of order) await journal.write({ version: 1, id: `r${index}`, createdAt: 1000 + index, step: 'a' });
    await journal.write({ version: 1, id: 'r7', createdAt: 1007, step: 'b' });
    const records = await journal.readAll();
    expect(records.map((record) => record.id)).toEqual(Array.from({ length: 20 }, (_, index) => `r${index}`));
    expect(records.find((record) => record.id === 'r7')?.step).toBe('b');
  });

  it('keeps a record it cannot read (another key, a newer version) on disk and skips it', async () => {
    const root = freshRoot();
    const journal = createSealedJournal({ root, schema, fileKey: key, layout });
    await journal.write({ version: 1, id: 'good', createdAt: 1, step: 'a' });
    await createSealedJournal({ root, schema, fileKey: crypto.randomBytes(32), layout }).write({ version: 1, id: 'other-key', createdAt: 2, step: 'a' });
    const newer = z.object({ version: z.literal(2), id: z.string(), createdAt: z.number() });
    await createSealedJournal({ root, schema: newer, fileKey: key, layout }).write({ version: 2, id: 'newer', createdAt: 3 });
    const before = fs.readdirSync(root).sort();
    expect((await journal.readAll()).map((record) => record.id)).toEqual(['good']);
    expect(fs.readdirSync(root).sort()).toEqual(before);
  });

  it('removes a record, and removing one that is gone is no error', async () => {
    const root = freshRoot();
    const journal = createSealedJournal({ root, schema, fileKey: key, layout });
    await journal.write({ version: 1, id: 'x', createdAt: 1, step: 'a' });
    await journal.remove('x');
    await journal.remove('x');
    expect(await journal.readAll()).toEqual([]);
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it('reads an empty list when its folder was never made', async () => {
    expect(await createSealedJournal({ root: freshRoot(), schema, fileKey: key, layout }).readAll()).toEqual([]);
  });
});

describe('the folder layout', () => {
  it('removes a folder that never got its record (a crash before journaling), keeps one whose record is unreadable', async () => {
    const root = freshRoot();
    const journal = createSealedJournal({ root, schema, fileKey: key, layout: { kind: 'folder', recordName: 'record.sealed' } });
    fs.mkdirSync(path.join(root, 'orphan'), { recursive: true });
    fs.writeFileSync(path.join(root, 'orphan', 'file-0.sealed'), 'x');
    fs.mkdirSync(path.join(root, 'damaged'));
    await writeSealedJson(path.join(root, 'damaged', 'record.sealed'), key, { version: 1, id: 'damaged' });
    await journal.write({ version: 1, id: 'kept', createdAt: 5, step: 'a' });
    fs.writeFileSync(path.join(journal.folder('kept'), 'file-0.sealed'), 'data');
    expect((await journal.readAll()).map((record) => record.id)).toEqual(['kept']);
    expect(fs.readdirSync(root).sort()).toEqual(['damaged', 'kept']);
    expect(fs.readdirSync(journal.folder('kept')).sort()).toEqual(['file-0.sealed', 'record.sealed']);
  });
});

describe('the file layout', () => {
  it('ignores files that are not records (a part file left by a crash mid-write)', async () => {
    const root = freshRoot();
    const journal = createSealedJournal({ root, schema, fileKey: key, layout: { kind: 'file' } });
    await journal.write({ version: 1, id: 'one', createdAt: 1, step: 'a' });
    fs.writeFileSync(path.join(root, 'one.sealed.part'), 'torn');
    expect((await journal.readAll()).map((record) => record.id)).toEqual(['one']);
  });
});
