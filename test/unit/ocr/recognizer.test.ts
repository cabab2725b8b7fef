import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../main/log/logger';
import { createRecognizer, RecognitionError, type RecognitionChild } from '../../../main/ocr/recognizer';
import type { RecognitionReply, RecognitionRequest } from '../../../main/ocr/recognition-protocol';
import { virtualTime } from '../../helpers/virtual-time';

/** Stand-in processes: each answers a page at once (or never, or dies), and says whether it was ended. */
function fakeChildren(behaviour: (request: Extract<RecognitionRequest, { type: 'recognize' }>, child: { exit(): void }) => RecognitionReply | null) {
  const started: Array<{ killed: boolean; pages: number }> = [];
  const start = (): RecognitionChild => {
    const record = { killed: false, pages: 0 };
    started.push(record);
    let onMessage: (message: RecognitionReply) => void = () => undefined;
    let onExit: () => void = () => undefined;
    return {
      post(message) {
        if (message.type !== 'recognize') return;
        record.pages += 1;
        const reply = behaviour(message, { exit: () => queueMicrotask(() => onExit()) });
        if (reply) queueMicrotask(() => onMessage(reply));
      },
      onMessage: (handler) => void (onMessage = handler),
      onExit: (handler) => void (onExit = handler),
      kill: () => void (record.killed = true),
    };
  };
  return { start, started };
}

const page = (id: number): RecognitionReply => ({ type: 'page', id, pageCount: 9, result: { page: 1, text: 'x', confidence: 90, words: [], outcome: 'text' }, rss: 1 });
const settings = { languageDir: '/langs', languages: { fine: ['eng'], standard: ['eng'] }, standardFontsDir: '/fonts/' };
const source = { bytes: new Uint8Array([1]) };

describe('recognizer (main side)', () => {
  it('ends a process after its share of pages, between pages, and starts a new one for the next', async () => {
    const children = fakeChildren((request) => page(request.id));
    const time = virtualTime();
    const recognizer = createRecognizer({ start: children.start, settings, log: createLogger({ sinks: [] }), timers: time.timers, recycleAfterPages: 3 });
    for (let count = 0; count < 7; count += 1) await recognizer.recognizePage('pdf', source, 1);
    expect(children.started.map((child) => [child.pages, child.killed])).toEqual([[3, true], [3, true], [1, false]]);
    await recognizer.close();
  });

  it('a page that takes too long ends the process and fails with "timeout"; the next page starts afresh', async () => {
    let hang = true;
    const children = fakeChildren((request) => (hang ? null : page(request.id)));
    const time = virtualTime();
    const recognizer = createRecognizer({ start: children.start, settings, log: createLogger({ sinks: [] }), timers: time.timers, pageTimeoutMs: 1000 });
    const stuck = recognizer.recognizePage('pdf', source, 1).catch((error: unknown) => error);
    await time.advance(1001);
    expect(await stuck).toEqual(new RecognitionError('timeout'));
    hang = false;
    await expect(recognizer.recognizePage('pdf', source, 1)).resolves.toMatchObject({ pageCount: 9 });
    expect(children.started.map((child) => child.killed)).toEqual([true, false]);
    await recognizer.close();
  });

  it('a process that dies fails what it was reading with "recognizer"', async () => {
    const children = fakeChildren((_request, child) => {
      child.exit();
      return null;
    });
    const recognizer = createRecognizer({ start: children.start, settings, log: createLogger({ sinks: [] }), timers: virtualTime().timers });
    await expect(recognizer.recognizePage('pdf', source, 1)).rejects.toEqual(new RecognitionError('recognizer'));
    await recognizer.close();
  });
});
