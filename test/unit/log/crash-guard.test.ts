import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { installCrashGuard } from '../../../main/log/crash-guard';
import { createLogger, memorySink } from '../../../main/log/logger';

function fakeProcess() {
  const emitter = new EventEmitter();
  return Object.assign(emitter, { exit: vi.fn() });
}

describe('crash output', () => {
  it('an uncaught exception is logged through the redactor, then the process exits', () => {
    const sink = memorySink();
    const target = fakeProcess();
    installCrashGuard(createLogger({ sinks: [sink] }), target);
    target.emit('uncaughtException', new Error('cannot send /home/alice/referral.pdf to +14155550123 with Bearer fk_live_0123456789abcdefghij'));
    expect(target.exit).toHaveBeenCalledWith(1);
    expect(sink.lines).toHaveLength(1);
    expect(sink.lines[0]).toContain('process.uncaught_exception');
    expect(sink.lines[0]).toContain('cannot send');
    expect(sink.lines[0]).not.toMatch(/alice|referral|4155550123|Bearer|fk_live/);
  });

  it('an unhandled rejection is logged the same way and the app carries on', () => {
    const sink = memorySink();
    const target = fakeProcess();
    installCrashGuard(createLogger({ sinks: [sink] }), target);
    target.emit('unhandledRejection', new Error('reply {"to":"+442079460958"} unreadable'));
    expect(target.exit).not.toHaveBeenCalled();
    expect(sink.lines[0]).toContain('process.unhandled_rejection');
    expect(sink.lines[0]).not.toContain('2079460958');
  });
});
