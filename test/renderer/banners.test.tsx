// The banner for a refused key carries the request id of the refusal, for the support desk.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Banners } from '../../renderer/src/components/Banners';
import { connectionStore } from '../../renderer/src/data/connection';
import { installFakeFax } from './fake-fax';

afterEach(() => {
  cleanup();
  connectionStore.set(null);
});

describe('the key-refused banner', () => {
  it('shows what happened and the request id of the refusal', () => {
    installFakeFax({});
    connectionStore.set({ status: 'key_rejected', baseUrl: 'https://fax.example.test/v1', message: 'The Fax Service refused the stored API key.', requestId: 'req_revoked_42' });
    render(<Banners />);
    const banner = screen.getByRole('alert');
    expect(banner.textContent).toContain('The Fax Service refused the stored API key.');
    expect(banner.querySelector('code')?.textContent).toBe('req_revoked_42');
  });

  it('without a request id, shows none (no empty label)', () => {
    installFakeFax({});
    connectionStore.set({ status: 'key_rejected', baseUrl: 'https://fax.example.test/v1', message: 'Refused.' });
    render(<Banners />);
    expect(screen.getByRole('alert').querySelector('code')).toBeNull();
  });
});
