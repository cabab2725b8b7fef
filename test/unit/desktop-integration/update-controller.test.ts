// When the app updates itself: checked at start and every 6 hours, installed on request or at quit, never while
// a fax uploads, never when turned off.
import { describe, expect, it, vi } from 'vitest';
import type { UpdateView } from '../../../preload/models';
import { silentLogger } from '../../../main/log/logger';
import type { Timers } from '../../../main/runtime/timers';
import { checkEveryMs, createUpdateController } from '../../../main/desktop-integration/update-controller';
import { longWait } from '../../helpers/wait';

function setup(options: { enabled?: boolean; uploading?: boolean; feedUrl?: () => string | null } = {}) {
  const scheduled: Array<{ callback: () => void; ms: number }> = [];
  const timers: Timers = { set: (callback, ms) => scheduled.push({ callback, ms }), clear: () => undefined };
  const state = { enabled: options.enabled ?? true, uploading: options.uploading ?? false };
  const port = { check: vi.fn(async (_feedUrl: string | null) => undefined), install: vi.fn() };
  const views: UpdateView[] = [];
  const controller = createUpdateController({ port, enabled: () => state.enabled, uploading: () => state.uploading, onChange: (view) => views.push(view), log: silentLogger, timers, ...(options.feedUrl ? { feedUrl: options.feedUrl } : {}) });
  return { controller, port, scheduled, state, views };
}

describe('update controller', () => {
  it('checks the organization\'s feed when a policy names one, the built-in one otherwise', async () => {
    let feed: string | null = 'https://updates.example-clinic.com/fax-desktop';
    const { controller, port, scheduled } = setup({ feedUrl: () => feed });
    controller.start();
    expect(port.check).toHaveBeenLastCalledWith('https://updates.example-clinic.com/fax-desktop');
    feed = null;
    await new Promise((resolve) => setImmediate(resolve));
    scheduled[0]?.callback();
    await vi.waitFor(() => expect(port.check).toHaveBeenLastCalledWith(null), longWait);
  });

  it('checks at start and again every 6 hours', async () => {
    const { controller, port, scheduled } = setup();
    controller.start();
    expect(port.check).toHaveBeenCalledOnce();
    expect(scheduled[0]?.ms).toBe(checkEveryMs);
    expect(checkEveryMs).toBe(6 * 3600 * 1000);
    await new Promise((resolve) => setImmediate(resolve));
    scheduled[0]?.callback();
    await vi.waitFor(() => expect(port.check).toHaveBeenCalledTimes(2), longWait);
  });

  it('stopped while a check is under way: the check ends and no next check is set', async () => {
    const { controller, port, scheduled } = setup();
    let finish = (): void => undefined;
    controller.start();
    await new Promise((resolve) => setImmediate(resolve));
    port.check.mockImplementation(() => new Promise<undefined>((resolve) => (finish = () => resolve(undefined))));
    scheduled[0]?.callback();
    expect(port.check).toHaveBeenCalledTimes(2);
    controller.stop();
    finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(scheduled).toHaveLength(1);
  });

  it('turned off in Settings: never checks', () => {
    const { controller, port } = setup({ enabled: false });
    controller.start();
    expect(port.check).not.toHaveBeenCalled();
    expect(controller.view()).toEqual({ status: 'off' });
  });

  it('a downloaded update waits for "Restart to update" and installs then', () => {
    const { controller, port, views } = setup();
    controller.downloaded('1.2.0');
    expect(controller.view()).toEqual({ status: 'ready', version: '1.2.0', waitingForUpload: false });
    expect(port.install).not.toHaveBeenCalled();
    controller.restartToUpdate();
    expect(port.install).toHaveBeenCalledOnce();
    expect(views[0]).toMatchObject({ status: 'ready', version: '1.2.0' });
  });

  it('never installs while a fax uploads: the restart waits for the upload to end', () => {
    const { controller, port, state, views } = setup({ uploading: true });
    controller.downloaded('1.2.0');
    controller.restartToUpdate();
    expect(port.install).not.toHaveBeenCalled();
    expect(views[views.length - 1]).toEqual({ status: 'ready', version: '1.2.0', waitingForUpload: true });
    expect(controller.installAtQuit()).toBe(false);
    controller.uploadsChanged();
    expect(port.install).not.toHaveBeenCalled();
    state.uploading = false;
    controller.uploadsChanged();
    expect(port.install).toHaveBeenCalledOnce();
  });

  it('installs at quit only with a download ready and no upload going', () => {
    const { controller, state } = setup();
    expect(controller.installAtQuit()).toBe(false);
    controller.downloaded('1.2.0');
    expect(controller.installAtQuit()).toBe(true);
    state.uploading = true;
    expect(controller.installAtQuit()).toBe(false);
  });

  it('a failed check is logged and tried again at the next round, not shown as an error', async () => {
    const { controller, port } = setup();
    port.check.mockRejectedValueOnce(new Error('ENOTFOUND updates.example'));
    controller.start();
    await vi.waitFor(() => expect(port.check).toHaveBeenCalledOnce(), longWait);
    expect(controller.view()).toEqual({ status: 'current' });
  });
});
