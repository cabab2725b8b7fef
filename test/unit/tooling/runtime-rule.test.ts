// main/ waits through createOneTimer and hears events through events.on: the lint rule refuses a hand-kept timer
// and a cast of a catch-all listener's payload in main/, and leaves main/runtime (where the primitives live) alone.
import { describe, expect, it } from 'vitest';
import { sampleLinter } from '../../helpers/lint-sample';
import { runtimeConfigs } from '../../../eslint.runtime.js';

const errorsFor = sampleLinter(runtimeConfigs);

describe('timers and event payloads in main/', () => {
  it.each([
    ['const handle = setTimeout(run, 1000);\n', 'createOneTimer'],
    ['setInterval(run, 1000);\n', 'createOneTimer'],
    ['timer = timers.set(() => run(), delay);\n', 'createOneTimer'],
    ["events.subscribe((name, payload) => { if (name === 'faxesChanged') use((payload as Changed).updated); });\n", 'events.on'],
  ])('refuses %s', async (code, advice) => {
    expect(await errorsFor('main/outbox/outbox.ts', code)).toEqual([expect.stringContaining(advice)]);
  });

  it('allows the primitives themselves, a typed listener, and a socket timeout', async () => {
    expect(await errorsFor('main/runtime/timers.ts', 'const handle = setTimeout(run, 1000);\n')).toEqual([]);
    expect(await errorsFor('main/runtime/event-bus.ts', 'const typed = payload as Changed;\n')).toEqual([]);
    expect(await errorsFor('main/outbox/outbox.ts', "events.on('faxesChanged', (change) => use(change.updated)); request.setTimeout(5000, stop);\n")).toEqual([]);
  });
});
