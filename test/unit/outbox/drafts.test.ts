// Main's drafts: the current one and the ones set aside. Setting aside, opening and discarding move a draft
// without losing it — also when the app stops half-way (a draft left in both places is read once, as current);
// a spent draft (sent) never comes back from either place; the files of every draft are kept.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDrafts, hasContent } from '../../../main/compose/drafts';
import { writeSealedJson } from '../../../main/store/crypto/sealed-file';
import type { Draft } from '../../../preload/models';
import { tempDirsRemovedAfterEach } from '../../helpers/temp-dirs';

const tempDir = tempDirsRemovedAfterEach('drafts-');

function setup(spent: Set<string> = new Set()) {
  const dir = tempDir();
  const key = crypto.randomBytes(32);
  return { dir, key, drafts: createDrafts(dir, key, (id) => spent.has(id)) };
}

function draft(id: string, overrides: Partial<Draft> = {}): Draft {
  return { id, recipients: [{ number: '+14155550103', name: 'Carla Diaz' }], subject: `Subject ${id}`, notes: '', coverId: '', files: [{ id: `file-${id}`, name: 'a.pdf', kind: 'pdf', size: 1, pages: 1, pagesEstimated: false }], scheduledAt: null, updatedAt: 1000, ...overrides };
}

describe('drafts set aside', () => {
  it('set aside, listed newest first, opened again (the current one set aside in its place), discarded', async () => {
    const { drafts } = setup();
    await drafts.save(draft('a', { updatedAt: 1000 }));
    await drafts.setAside();
    expect(await drafts.get()).toBeNull();
    await drafts.save(draft('b', { updatedAt: 2000 }));
    await drafts.setAside();
    await drafts.save(draft('c', { updatedAt: 3000 }));
    expect((await drafts.listAside()).map((item) => item.id)).toEqual(['b', 'a']);
    expect(await drafts.resume('a')).toMatchObject({ id: 'a', subject: 'Subject a' });
    expect((await drafts.get())?.id).toBe('a');
    expect((await drafts.listAside()).map((item) => item.id)).toEqual(['c', 'b']);
    expect([...(await drafts.fileIdsInUse())].sort()).toEqual(['file-a', 'file-b', 'file-c']);
    await drafts.discard('b');
    expect((await drafts.listAside()).map((item) => item.id)).toEqual(['c']);
    expect([...(await drafts.fileIdsInUse())].sort()).toEqual(['file-a', 'file-c']);
  });

  it('an empty draft is not set aside; replace sets the current one aside first', async () => {
    const { drafts } = setup();
    await drafts.save(draft('empty', { recipients: [], files: [], subject: '' }));
    expect(hasContent((await drafts.get()) as Draft)).toBe(false);
    await drafts.setAside();
    expect(await drafts.listAside()).toEqual([]);
    await drafts.save(draft('working'));
    await drafts.replace(draft('edited', { subject: 'Taken back from the outbox' }));
    expect((await drafts.get())?.subject).toBe('Taken back from the outbox');
    expect((await drafts.listAside()).map((item) => item.id)).toEqual(['working']);
  });

  it('a move stopped half-way leaves the draft in both places: it is read once, as the current draft', async () => {
    const { dir, key, drafts } = setup();
    await drafts.save(draft('a'));
    // The copy set aside was written, the current one not yet removed (the app stopped in between).
    fs.mkdirSync(path.join(dir, 'drafts-aside'), { recursive: true });
    await writeSealedJson(path.join(dir, 'drafts-aside', 'a.sealed'), key, draft('a'));
    expect((await drafts.get())?.id).toBe('a');
    expect(await drafts.listAside()).toEqual([]);
    expect(fs.readdirSync(path.join(dir, 'drafts-aside'))).toEqual([]);
  });

  it('a draft spent by a submission never comes back, from either place; unknown or unsafe ids are refused', async () => {
    const spent = new Set<string>();
    const { drafts } = setup(spent);
    await drafts.save(draft('sent-later'));
    await drafts.setAside();
    spent.add('sent-later');
    expect(await drafts.listAside()).toEqual([]);
    await expect(drafts.resume('sent-later')).rejects.toThrow('This draft is no longer there');
    await expect(drafts.resume('../draft')).rejects.toThrow('This draft is no longer there');
    await drafts.save(draft('current'));
    spent.add('current');
    expect(await drafts.get()).toBeNull();
  });
});
