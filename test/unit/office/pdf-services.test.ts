/**
 * Print to fax on macOS, tested as far as Linux allows: the PDF-menu entry is written (executable, named after its
 * hot folder), listed and removed — never someone else's file in that folder — and the entry itself, run by
 * /bin/sh as macOS runs it (title, options, the PDF's path), puts each printed PDF into the hot folder whole, under
 * its own name, even for prints back to back and folders whose names hold quotes, spaces and "$".
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { Automation } from '../../../preload/automation';
import { createFaxPrinters } from '../../../main/office/fax-printers';
import { isTemporaryName } from '../../../main/office/hotfolders/file-names';
import { entryNameFor, pdfServicesFolder } from '../../../main/office/pdf-services';
import { silentLogger } from '../../../main/log/logger';

const run = promisify(execFile);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-services-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function setUp(folders: Array<{ id: string; path: string }>) {
  const home = fs.mkdtempSync(path.join(work, 'home-'));
  const automation: Automation = { hotFolders: folders.map((folder) => ({ id: folder.id, enabled: true, path: folder.path, mode: 'review' as const, recipients: [], coverId: '', subject: '' })), inboundRules: [], reminderAt: null };
  const printers = createFaxPrinters({ scriptsDir: null, automation: () => automation, log: silentLogger, platform: 'darwin', homeDir: home });
  return { home, printers, menu: pdfServicesFolder(home) };
}

describe('the PDF menu entry (macOS PDF Services)', () => {
  it('is written executable under its folder\'s name, listed, and removed; a file of someone else there is left alone', async () => {
    const referrals = fs.mkdtempSync(path.join(work, 'Referrals-'));
    const { printers, menu } = setUp([{ id: 'hf-1', path: referrals }]);
    expect(await printers.state()).toEqual({ supported: true, kind: 'pdfServices', problem: null, printers: [] });
    fs.mkdirSync(menu, { recursive: true });
    fs.writeFileSync(path.join(menu, 'Save as Dropbox PDF'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });

    const added = await printers.add('hf-1');
    const name = `Send to Fax Desktop (${path.basename(referrals)})`;
    expect(added.printers).toEqual([{ hotFolderId: 'hf-1', queue: name, folderMatches: true }]);
    expect(fs.statSync(path.join(menu, name)).mode & 0o777).toBe(0o755);
    // Adding again replaces it (one entry per folder).
    expect((await printers.add('hf-1')).printers).toHaveLength(1);
    expect((await printers.remove('hf-1')).printers).toEqual([]);
    expect(fs.readdirSync(menu)).toEqual(['Save as Dropbox PDF']);
    await expect(printers.add('no-such-folder')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('two folders of the same name get two entries; names never collide', () => {
    expect(entryNameFor('/a/Referrals', new Set())).toBe('Send to Fax Desktop (Referrals)');
    expect(entryNameFor('/b/Referrals', new Set(['send to fax desktop (referrals)']))).toBe('Send to Fax Desktop (Referrals) 2');
    expect(entryNameFor('/', new Set())).toBe('Send to Fax Desktop');
  });

  it('run as macOS runs it: each print lands whole under its own name, back to back, in an awkwardly named folder', async () => {
    const awkward = path.join(work, `Dr. O'Brien's "Scans" $HOME & more`);
    fs.mkdirSync(awkward);
    const { printers, menu } = setUp([{ id: 'hf-2', path: awkward }]);
    const state = await printers.add('hf-2');
    const entry = path.join(menu, state.printers[0]?.queue ?? '');
    const prints = [0, 1, 2, 3].map((index) => {
      const pdf = path.join(work, `job-${String(index)}.pdf`);
      fs.writeFileSync(pdf, `%PDF-1.4\n% print ${String(index)}\n%%EOF\n`);
      return pdf;
    });
    // Four prints at once: same second, so only the entry's own process id tells them apart.
    await Promise.all(prints.map((pdf) => run('/bin/sh', [entry, 'Referral – Doe', 'copies=1', pdf])));
    const landed = fs.readdirSync(awkward).sort();
    expect(landed).toHaveLength(4);
    expect(landed.every((name) => /^print-\d{8}-\d{6}-\d+\.pdf$/.test(name))).toBe(true);
    const contents = landed.map((name) => fs.readFileSync(path.join(awkward, name), 'utf8')).sort();
    expect(contents).toEqual([0, 1, 2, 3].map((index) => `%PDF-1.4\n% print ${String(index)}\n%%EOF\n`));
    // The part file a print is written as first is one the hot folder never picks up.
    expect(isTemporaryName('.print-20261126-101500-4242.pdf.part')).toBe(true);
    expect((await printers.state()).printers[0]?.folderMatches).toBe(true);
  });
});
