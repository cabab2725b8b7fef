/**
 * Which screen is shown. A screen that needs a scope the key lacks is never opened, whether by the sidebar, a
 * keyboard shortcut, a menu or a notification.
 */
import type { ConnectionState, ViewName } from '../../../preload/models';
import { canUse } from './capabilities';
import { connectionStore } from './connection';
import { createStore } from './store';
import type { FaxId } from '../../../preload/fax-id';

export type Screen = 'inbox' | 'outbox' | 'tofile' | 'compose' | 'contacts' | 'numbers' | 'account' | 'webhooks' | 'settings' | 'about';

export interface Route {
  screen: Screen;
  /** The fax open in the detail pane of the inbox or outbox. */
  faxId: FaxId | null;
}

/** The capability view each screen needs (null: always open). */
export const screenNeeds: Readonly<Record<Screen, ViewName | null>> = {
  inbox: 'inbox',
  outbox: 'outbox',
  tofile: 'inbox',
  compose: 'compose',
  contacts: 'contacts',
  numbers: 'numbers',
  account: 'account',
  webhooks: 'webhooks',
  settings: null,
  about: null,
};

export const routeStore = createStore<Route>({ screen: 'inbox', faxId: null });

export function screenAvailable(screen: Screen, connection: ConnectionState | null): boolean {
  const needs = screenNeeds[screen];
  return needs === null || canUse(connection, needs);
}

/** A screen asked for while the key's scopes were not known yet (the window just loaded): opened once they are. */
let wanted: Route | null = null;

function scopesUnknown(connection: ConnectionState | null): boolean {
  return connection === null || connection.status === 'connecting';
}

/**
 * Shows a screen if the key may use it; returns whether it did. Asked for before the key's scopes are known (a
 * click on "New fax" while the window starts), it opens as soon as they are and allow it, instead of being lost.
 */
export function navigate(screen: Screen, faxId: FaxId | null = null): boolean {
  const connection = connectionStore.get();
  if (!screenAvailable(screen, connection)) {
    wanted = scopesUnknown(connection) ? { screen, faxId } : null;
    return false;
  }
  wanted = null;
  routeStore.set({ screen, faxId });
  return true;
}

connectionStore.subscribe(() => {
  const connection = connectionStore.get();
  if (wanted === null || scopesUnknown(connection)) return;
  const { screen, faxId } = wanted;
  wanted = null;
  if (screenAvailable(screen, connection)) routeStore.set({ screen, faxId });
});
