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
});
