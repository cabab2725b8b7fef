// The cover sheet by name where the service lists them: a select of names, and an id that is not among them
// explained before sending (it blocks Send with the reason); where it does not list them, the id is typed.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountView } from '../../preload/models';
import { CoverSheetField } from '../../renderer/src/compose/CoverSheetField';
import { composeStore, resetCompose } from '../../renderer/src/data/compose';
import { coverSheetProblem } from '../../renderer/src/data/cover-sheets';
import { installFakeFax } from './fake-fax';

afterEach(cleanup);

const account = (coverSheets: AccountView['coverSheets']): AccountView => ({ plan: 'team', pagesUsed: 1, pageLimit: 500, billingCycle: null, paused: false, usageRatio: 0, coverSheets });
const listed = account([
  { id: 'cov_1', name: 'Standard (confidential)' },
  { id: 'cov_2', name: 'Referral' },
]);

describe('cover sheets', () => {
  it('listed: chosen by name; an unknown id is explained before sending', () => {
    installFakeFax({ saveDraft: () => null });
    resetCompose();
    render(<CoverSheetField coverId="" account={listed} />);
    const select = screen.getByTestId('cover-sheet');
    expect([...select.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['None', 'Standard (confidential)', 'Referral']);
    fireEvent.change(select, { target: { value: 'cov_2' } });
    expect(composeStore.get().coverId).toBe('cov_2');
    expect(coverSheetProblem('cov_2', listed)).toBeNull();
    expect(coverSheetProblem('cov_x', listed)).toBe('“cov_x” is not one of this account’s cover sheets (Standard (confidential), Referral); the Fax Service would refuse the fax. Choose one, or none.');
    expect(coverSheetProblem('cov_x', account([]))).toMatch(/which has none/);
    cleanup();
    render(<CoverSheetField coverId="cov_x" account={listed} />);
    expect(screen.getByRole('combobox')).toHaveProperty('value', 'cov_x');
    expect(screen.getByText(/is not one of this account’s cover sheets/)).toBeTruthy();
  });

  it('not listed: the id is typed, and only the service can check it', () => {
    installFakeFax({ saveDraft: () => null });
    resetCompose();
    render(<CoverSheetField coverId="" account={account(null)} />);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'cov_typed' } });
    expect(composeStore.get().coverId).toBe('cov_typed');
    expect(coverSheetProblem('cov_typed', account(null))).toBeNull();
    expect(coverSheetProblem('cov_typed', null)).toBeNull();
  });
});
