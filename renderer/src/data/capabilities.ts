/** What the connected key may open, from the connection state main reports. */
import type { ConnectionState, KeyCapabilities, ViewName } from '../../../preload/models';

export function capabilitiesOf(connection: ConnectionState | null): KeyCapabilities | null {
  if (connection?.status === 'connected') return connection.capabilities;
  if (connection?.status === 'offline') return connection.capabilities;
  return null;
}

export function canUse(connection: ConnectionState | null, view: ViewName): boolean {
  return capabilitiesOf(connection)?.views[view] ?? false;
}

/** Whether the app holds a usable key (connected, or offline with one). */
export function hasKey(connection: ConnectionState | null): boolean {
  return connection?.status === 'connected' || connection?.status === 'offline' || connection?.status === 'connecting';
}
