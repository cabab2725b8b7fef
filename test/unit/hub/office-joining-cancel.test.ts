// A desk that stops waiting to join forgets the join for good: the sealed file (the new password and the desk's
// private key) is gone after "cancel" even when a state write was still on its way, and an answer the hub gives
// after the cancel brings nothing back. The hub and the sealed store are stand-ins here, so each moment can be held.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../main/errors';
import { createLogger } from '../../../main/log/logger';
import type { Timers } from '../../../main/runtime/timers';
import { createJoiningDesk, type JoiningDesk } from '../../../main/triage/office-joining';
import { msg } from '../../../preload/i18n/translator';

const hub = vi.hoisted(() => ({ answer: null as (() => Promise<Buffer | null>) | null }));
const store = vi.hoisted(() => ({ held: null as Array<() => void> | null }));

vi.mock('../../../main/hub/office-join', () => ({
  startJoin: () =>
    Promise.resolve({
      address: { host: 'hub.example.test', port: 5432, database: 'fax_office', user: 'desk_tom' },
      password: 'a-password-only-this-desk-knows',
      privateKeyPem: 'private key',
      safetyCode: '123 456',
      expiresAt: Date.now() + 600_000,
    }),
  collectOfficeKey: () => (hub.answer ? hub.answer() : Promise.resolve(null)),
}));

vi.mock('../../../main/store/crypto/sealed-file', () => ({
  // The write lands on disk when it is let go: as the real one, whose rename comes last.
  writeSealedJson: (file: string, _key: Buffer, value: unknown) =>
    new Promise<void>((resolve) => {
      const land = () => {
        fs.writeFileSync(file, JSON.stringify(value));
        resolve();
      };
      if (store.held) store.held.push(land);
      else land();
    }),
  readSealedJson: (file: string) => Promise.resolve(JSON.parse(fs.readFileSync(file, 'utf8')) as unknown),
}));

const refused = () => new AppError('permission', msg('hub.notAllowedToSignIn'), { code: 'hub_sign_in_refused' });
const settle = () => new Promise((resolve) => setImmediate(resolve));

let dataDir: string;
let scheduled: Array<() => void>;
let desk: JoiningDesk;
const file = () => path.join(dataDir, 'office-joining.sealed');

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joining-cancel-'));
  scheduled = [];
  hub.answer = null;
  store.held = null;
  const timers: Timers = { set: (callback) => scheduled.push(callback), clear: () => undefined };
  desk = createJoiningDesk({ dataDir, fileKey: Buffer.alloc(32), log: createLogger({ sinks: [] }), joined: () => Promise.resolve(), changed: () => undefined, timers });
});

afterEach(() => {
  desk.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the desk's next poll (its one timer) and lets what it started go as far as it can. */
async function pollOnce(): Promise<void> {
  const next = scheduled.shift();
  if (!next) throw new Error('the desk has nothing scheduled');
  next();
  await settle();
}

describe('a desk that stops waiting to join', () => {
  it('forgets the join even when the write of its last state was still on its way', async () => {
    await desk.begin('join code');
    expect(fs.existsSync(file())).toBe(true);
    hub.answer = () => Promise.reject(refused());
    store.held = [];
    await pollOnce();
    // The refusal is shown; its write has not landed yet when the person cancels.
    expect(desk.view()?.problem).toBe('refused');
    expect(store.held).toHaveLength(1);
    const cancelling = desk.cancel();
    // Give a removal that does not wait for the write every chance to happen first (it would, unordered).
    for (let turn = 0; turn < 100 && fs.existsSync(file()); turn += 1) await settle();
    for (const land of store.held.splice(0)) land();
    await cancelling;
    await settle();
    expect(desk.view()).toBeNull();
    expect(fs.existsSync(file())).toBe(false);
  });

  it("ignores the hub's answer to a question asked before the cancel", async () => {
    await desk.begin('join code');
    let answer: (error: Error) => void = () => undefined;
    hub.answer = () => new Promise((_resolve, reject) => (answer = reject));
    await pollOnce();
    await desk.cancel();
    expect(fs.existsSync(file())).toBe(false);
    answer(refused());
    await settle();
    expect(desk.view()).toBeNull();
    expect(fs.existsSync(file())).toBe(false);
    expect(scheduled).toEqual([]);
  });
});
