// Deleting a webhook endpoint: a 204/200 takes the row away at once; a 202 (the service accepted and is still
// deleting) shows it as "Being deleted…" and reads the list again until it is gone — no manual refresh.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectionStore } from '../../renderer/src/data/connection';
import { deletionChecksMs } from '../../renderer/src/data/directory';
import { WebhooksView } from '../../renderer/src/views/WebhooksView';
import type { WebhookView } from '../../preload/models';
import { installFakeFax } from './fake-fax';
import { connected } from './states';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const hook = (id: string, url: string): WebhookView => ({ id, url, events: ['fax.received'], description: null, createdAt: null });

describe('webhook endpoints', () => {
  it('a deletion the service accepted (202) shows as being deleted, and the row goes when the service has finished', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let listed = [hook('we_1', 'https://ehr.example.org/fax'), hook('we_2', 'https://billing.example.org/fax')];
    const fax = installFakeFax({ listWebhooks: () => listed, deleteWebhook: () => ({ pending: true }) });
    connectionStore.set(connected());
    render(<WebhooksView />);
    await screen.findByText('https://ehr.example.org/fax');
    fireEvent.click(screen.getByRole('button', { name: /Delete https:\/\/ehr\.example\.org\/fax/ }));
    fireEvent.click(screen.getByRole('dialog').querySelector('button.button-danger') as HTMLButtonElement);
    await screen.findByText('Being deleted…');
    expect(fax.callsOf('deleteWebhook')).toEqual([{ id: 'we_1' }]);
    expect(screen.getAllByTestId('webhook-row')).toHaveLength(2);
    // The service finishes; the next look finds it gone.
    listed = listed.filter((item) => item.id !== 'we_1');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(deletionChecksMs[0] + 10);
    });
    await waitFor(() => expect(screen.getAllByTestId('webhook-row')).toHaveLength(1));
    expect(screen.queryByText('Being deleted…')).toBeNull();
  });

  it('a deletion done at once (204) takes the row away at once', async () => {
    let listed = [hook('we_1', 'https://ehr.example.org/fax')];
    installFakeFax({
      listWebhooks: () => listed,
      deleteWebhook: ({ id }) => {
        listed = listed.filter((item) => item.id !== id);
        return { pending: false };
      },
    });
    connectionStore.set(connected());
    render(<WebhooksView />);
    await screen.findByText('https://ehr.example.org/fax');
    fireEvent.click(screen.getByRole('button', { name: /Delete https:\/\/ehr\.example\.org\/fax/ }));
    fireEvent.click(screen.getByRole('dialog').querySelector('button.button-danger') as HTMLButtonElement);
    await waitFor(() => expect(screen.queryAllByTestId('webhook-row')).toHaveLength(0));
  });
});
