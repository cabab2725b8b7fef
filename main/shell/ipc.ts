/**
 * The only main-side file that touches ipcMain: registers one handler per contract channel, each checking
 * its sender before the dispatcher validates the argument, and forwards core events to the window.
 */
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { eventChannelName, invokeChannelName } from '../../preload/contract-kit';
import { invokeNames } from '../../preload/contract';
import { failure, type IpcResult } from '../../preload/ipc-result';
import type { Dispatch } from '../ipc/dispatcher';
import type { EventBus } from '../runtime/event-bus';
import type { Logger } from '../log/logger';
import { appOrigin } from '../security/app-files';
import { isTrustedSender } from '../security/trusted-sender';
import { say } from '../i18n/main-locale';
import { msg } from '../../preload/i18n/translator';

export function senderFacts(event: IpcMainInvokeEvent): { webContentsId: number; frameUrl: string | null; isTopFrame: boolean } {
  const frame = event.senderFrame;
  return {
    webContentsId: event.sender.id,
    frameUrl: frame ? frame.url : null,
    isTopFrame: frame !== null && frame.parent === null,
  };
}

export function registerIpcHandlers(dispatch: Dispatch, trustedWebContentsIds: ReadonlySet<number>, log: Logger): () => void {
  for (const name of invokeNames) {
    ipcMain.handle(invokeChannelName(name), async (event, request: unknown): Promise<IpcResult<unknown>> => {
      if (!isTrustedSender(senderFacts(event), trustedWebContentsIds, appOrigin)) {
        log.warn('ipc.untrusted_sender', { channel: name });
        return failure({ kind: 'forbidden', message: say(msg('ipc.notFromTheAppWindow')) });
      }
      return dispatch(name, request);
    });
  }
  return () => {
    for (const name of invokeNames) ipcMain.removeHandler(invokeChannelName(name));
  };
}

export function forwardEvents(events: Pick<EventBus, 'subscribe'>, target: () => WebContents | null): () => void {
  return events.subscribe((name, payload) => {
    const contents = target();
    if (contents && !contents.isDestroyed()) contents.send(eventChannelName(name), payload);
  });
}
