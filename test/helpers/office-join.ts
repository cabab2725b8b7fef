/**
 * Joining an office as two people do it in the app: the joining desk asks with the join code and shows a safety
 * code; the administrator's desk confirms that code (the one the joiner's screen shows); the joining desk then
 * finds its office key by itself.
 */
import type { OfficeView } from '../../preload/office';
import { value } from './ipc-value';
import { waitUntil } from './wait';

/** An app's IPC call: a name and a request, answered with an IPC reply. */
export type AppCall = (name: string, request?: unknown) => Promise<unknown>;

export async function joinThroughApps(joiner: AppCall, administrator: AppCall, code: string): Promise<Extract<OfficeView, { joined: true }>> {
  const asked = value<OfficeView>(await joiner('joinOffice', { code }));
  if (asked.joined || !asked.joining) throw new Error('the joining desk shows no safety code');
  value(await administrator('confirmOfficeJoin', { login: asked.joining.login, safetyCode: asked.joining.safetyCode, confirmed: true }));
  // Joined, connected, and the office's people read (the window names this person, not their sign-in name).
  const joined = await waitUntil(async () => value<OfficeView>(await joiner('getOffice')), (view) => view.joined && view.state === 'connected' && view.me.name !== view.me.login, {
    what: 'the office key on the joining desk',
    timeoutMs: 20_000,
  });
  if (!joined.joined) throw new Error('not joined');
  return joined;
}
