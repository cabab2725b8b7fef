// The recognition process as the harness and the benchmarks fork it: a process that is gone when main writes to it
// is a process that died (its exit tells the recognizer), never an error that ends main.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { forkRecognitionChild } from '../../../main/ocr/recognizer';
import { recognitionAllocator, recognitionProcessEnv } from '../../../main/ocr/recognition-allocator';
import type { RecognitionReply, RecognitionRequest } from '../../../main/ocr/recognition-protocol';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-recognition-fork-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const request: RecognitionRequest = { type: 'recognize', id: 1, kind: 'pdf', source: { bytes: new Uint8Array([1]) }, page: 1 };

describe('a forked recognition process', () => {
  it('that has ended: a message to it ends nothing in main, and its end was told once', async () => {
    const script = path.join(work, 'ends-at-once.cjs');
    fs.writeFileSync(script, 'process.exit(0);\n');
    const child = forkRecognitionChild(script, [])();
    let exits = 0;
    const exited = new Promise<void>((resolve) =>
      child.onExit(() => {
        exits += 1;
        resolve();
      }),
    );
    await exited;
    const uncaught: unknown[] = [];
    const catcher = (error: unknown): void => void uncaught.push(error);
    process.on('uncaughtException', catcher);
    try {
      child.post(request);
      child.post(request);
      await sleep(200);
    } finally {
      process.off('uncaughtException', catcher);
    }
    expect(uncaught).toEqual([]);
    expect(exits).toBe(1);
  });

  it('starts with the allocator settings that keep its memory down, and with the rest of the parent\'s environment', async () => {
    const script = path.join(work, 'tells-its-env.cjs');
    fs.writeFileSync(script, 'process.send({ type: "ready", env: { arenas: process.env.MALLOC_ARENA_MAX, trim: process.env.MALLOC_TRIM_THRESHOLD_, home: process.env.HOME } }, () => process.exit(0));\n');
    const child = forkRecognitionChild(script, [])();
    const told = await new Promise<unknown>((resolve) => child.onMessage((message: RecognitionReply) => resolve(message)));
    expect(told).toEqual({ type: 'ready', env: { arenas: '2', trim: '131072', home: process.env.HOME } });
  });

  it('leaves a setting the user or IT made to the allocator as it is', () => {
    expect(recognitionProcessEnv({ MALLOC_ARENA_MAX: '8', PATH: '/bin' })).toEqual({ MALLOC_ARENA_MAX: '8', MALLOC_TRIM_THRESHOLD_: recognitionAllocator.MALLOC_TRIM_THRESHOLD_, PATH: '/bin' });
    expect(recognitionProcessEnv({})).toEqual(recognitionAllocator);
  });
});
