// No screen the key's scopes disable is ever opened: not by a click, a shortcut, a menu or a notification.
import { beforeEach, describe, expect, it } from 'vitest';
import { connectionStore } from '../../renderer/src/data/connection';
import { navigate, routeStore, screenAvailable, type Screen } from '../../renderer/src/data/navigation';
import { connected } from './states';

beforeEach(() => routeStore.set({ screen: 'inbox', faxId: null }));

const listScreens: Screen[] = ['inbox', 'outbox', 'contacts', 'numbers', 'account', 'webhooks'];

describe('navigation', () => {
  it('refuses a screen the key may not use, and says so', () => {
    connectionStore.set(connected({ contacts: false, compose: false }));
    expect(navigate('contacts')).toBe(false);
    expect(navigate('compose')).toBe(false);
    expect(routeStore.get().screen).toBe('inbox');
    expect(navigate('numbers')).toBe(true);
    expect(routeStore.get().screen).toBe('numbers');
  });

  it('before a key is known (signed out, connecting), only settings and about open', () => {
    connectionStore.set({ status: 'signed_out', baseUrl: '' });
    expect(listScreens.filter((screen) => screenAvailable(screen, connectionStore.get()))).toEqual([]);
    expect(navigate('about')).toBe(true);
    connectionStore.set({ status: 'connecting', baseUrl: '' });
    expect(navigate('outbox')).toBe(false);
    expect(navigate('settings')).toBe(true);
  });

  it('a screen asked for while the window starts opens once the key’s scopes are known, if they allow it', () => {
    connectionStore.set(null);
    expect(navigate('compose')).toBe(false);
    expect(routeStore.get().screen).toBe('inbox');
    connectionStore.set({ status: 'connecting', baseUrl: '' });
    expect(routeStore.get().screen).toBe('inbox');
    connectionStore.set(connected({}));
    expect(routeStore.get().screen).toBe('compose');

    // Not allowed by the scopes: the wish is dropped, not kept for later.
    routeStore.set({ screen: 'inbox', faxId: null });
    connectionStore.set({ status: 'connecting', baseUrl: '' });
    expect(navigate('contacts')).toBe(false);
    connectionStore.set(connected({ contacts: false }));
    expect(routeStore.get().screen).toBe('inbox');
    connectionStore.set(connected({}));
    expect(routeStore.get().screen).toBe('inbox');

    // A later choice wins over an earlier wish; signing out drops it.
    connectionStore.set(null);
    expect(navigate('outbox')).toBe(false);
    expect(navigate('settings')).toBe(true);
    connectionStore.set(connected({}));
    expect(routeStore.get().screen).toBe('settings');
    connectionStore.set(null);
    expect(navigate('outbox')).toBe(false);
    connectionStore.set({ status: 'signed_out', baseUrl: '' });
    connectionStore.set(connected({}));
    expect(routeStore.get().screen).toBe('settings');
  });
});
