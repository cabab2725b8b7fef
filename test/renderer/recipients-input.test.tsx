// The recipients field as a user types into it: chips, a pasted list, a live check, and contacts offered once
// per fax number.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RecipientsInput } from '../../renderer/src/compose/RecipientsInput';
import { composeStore, resetCompose } from '../../renderer/src/data/compose';
import { useStore } from '../../renderer/src/data/store';
import { installFakeFax } from './fake-fax';

function Harness() {
  const state = useStore(composeStore);
  return <RecipientsInput recipients={state.recipients} contactsAvailable />;
}

beforeEach(() => {
  resetCompose();
  installFakeFax({
    saveDraft: () => null,
    listContacts: () => ({
      items: [
        {
          id: 'c1',
          name: 'Dev Patel',
          company: 'City Lab Services',
          email: null,
          faxNumber: '+14155550104',
          faxNumbers: [
            { number: '+14155550104', label: 'BUSINESS_FAX' },
            { number: '+14155550114', label: 'HOME_FAX' },
          ],
        },
        { id: 'c2', name: null, company: 'Front desk', email: null, faxNumber: null, faxNumbers: [] },
      ],
      total: 2,
      offset: 0,
      hasMore: false,
      fromCache: false,
    }),
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('recipients input', () => {
  it('Enter makes a chip; full-width digits and invisible characters are cleaned; Backspace removes the last', () => {
    render(<Harness />);
    const input = screen.getByTestId('recipient-input');
    fireEvent.change(input, { target: { value: '＋１ ４１５ ５５５ ０１００\u200b' } });
    expect(screen.getByText('+14155550100 — press Enter to add')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getAllByTestId('recipient-chip').map((chip) => chip.textContent)).toEqual(['+14155550100']);
    fireEvent.keyDown(input, { key: 'Backspace' });
    expect(screen.queryAllByTestId('recipient-chip')).toEqual([]);
  });

  it('a pasted list becomes one chip per number, and a bad one says what is wrong with it', () => {
    render(<Harness />);
    const input = screen.getByTestId('recipient-input');
    fireEvent.paste(input, { clipboardData: { getData: () => '+14155550100\n+442079460958; +1 415 555 01OO' } });
    expect(screen.getAllByTestId('recipient-chip')).toHaveLength(3);
    expect(screen.getByRole('alert').textContent).toMatch(/contains letters/);
  });

  it('a contact with two fax numbers is offered twice, labelled; a contact with none is not offered', async () => {
    vi.useFakeTimers();
    render(<Harness />);
    fireEvent.change(screen.getByTestId('recipient-input'), { target: { value: 'Dev' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Dev Patel · City Lab Services · BUSINESS_FAX+14155550104',
      'Dev Patel · City Lab Services · HOME_FAX+14155550114',
    ]);
    fireEvent.click(options[1] as HTMLElement);
    expect(composeStore.get().recipients).toEqual([expect.objectContaining({ e164: '+14155550114', name: 'Dev Patel' })]);
  });
});

describe('numbers typed the national way', () => {
  it('with a default country in Settings, "(415) 555-0100" becomes a chip showing it as typed and the number it goes to', async () => {
    const { settingsStore } = await import('../../renderer/src/data/settings');
    const { defaultSettings } = await import('../../preload/settings');
    settingsStore.set({ ...defaultSettings('/tmp'), defaultCountry: 'US' });
    render(<Harness />);
    const input = screen.getByTestId('recipient-input');
    fireEvent.change(input, { target: { value: '(415) 555-0100' } });
    expect(screen.getByText('+14155550100 — press Enter to add')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getAllByTestId('recipient-chip').map((chip) => chip.textContent)).toEqual(['(415) 555-0100+14155550100']);
    expect(composeStore.get().recipients[0]?.e164).toBe('+14155550100');
    settingsStore.set(null);
    // Without a default country the same digits need their +.
    fireEvent.change(input, { target: { value: '(415) 555-0199' } });
    expect(screen.getByText('Add the country code with a leading + (e.g. +1 415 555 0100).')).toBeTruthy();
  });

  it('leaving the field adds a typed number, never a typed name, and nothing when the whole window lost focus', () => {
    render(<Harness />);
    const input = screen.getByTestId('recipient-input');
    const chips = () => composeStore.get().recipients.map((recipient) => recipient.input);
    const hasFocus = vi.spyOn(document, 'hasFocus');

    hasFocus.mockReturnValue(true);
    fireEvent.change(input, { target: { value: '+1 415 555 0100' } });
    fireEvent.blur(input);
    expect(chips()).toEqual(['+1 415 555 0100']);

    fireEvent.change(input, { target: { value: 'Carla' } });
    fireEvent.blur(input);
    expect(chips()).toEqual(['+1 415 555 0100']);
    expect((input as HTMLInputElement).value).toBe('Carla');

    // Switching to another program: the half-typed number stays as typed.
    hasFocus.mockReturnValue(false);
    fireEvent.change(input, { target: { value: '+1 415 55' } });
    fireEvent.blur(input);
    expect(chips()).toEqual(['+1 415 555 0100']);
    expect((input as HTMLInputElement).value).toBe('+1 415 55');
    hasFocus.mockRestore();
  });
});
