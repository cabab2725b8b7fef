/** Connection states for renderer tests. */
import type { ConnectionState, KeyCapabilities, ViewName } from '../../preload/models';

export function capabilities(views: Partial<Record<ViewName, boolean>> = {}): KeyCapabilities {
  const all: Record<ViewName, boolean> = { compose: true, inbox: true, outbox: true, contacts: true, numbers: true, account: true, webhooks: true, ...views };
  return {
    scopes: {
      'fax:send': 'granted',
      'fax:read': 'granted',
      'contacts:read': 'granted',
      'numbers:read': 'granted',
      'account:read': 'granted',
      'webhooks:read': 'granted',
      'webhooks:write': 'granted',
      'automation:events:read': 'unknown',
    },
    views: all,
    automationOnly: false,
    canCreateWebhooks: true,
  };
}

export function connected(views: Partial<Record<ViewName, boolean>> = {}): ConnectionState {
  return { status: 'connected', baseUrl: 'https://fax.example.test/v1', account: null, capabilities: capabilities(views), connectedAt: 0 };
}
