// What a received fax is, in its detail: the kind with how it was read (a suggestion until a person confirms),
// every field with "needs a look" where the reading is unsure, a field pressed shows its spot, a batch points to the
// page tools; and the page tools' suggested split follows the grid through every edit.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { FaxIntake } from '../../preload/intake';
import { IntakePanel, type IntakeSpot } from '../../renderer/src/intake/IntakePanel';
import { rangesText, suggestedSplit } from '../../renderer/src/intake/split-suggestion';
import { installFakeFax, Refusal } from './fake-fax';
import { OfficeKindsSettings } from '../../renderer/src/intake/OfficeKindsSettings';
import { intakeKindsStore } from '../../renderer/src/data/intake';

afterEach(cleanup);

const intake: FaxIntake = {
  kind: { kind: 'referral', confidence: 62, source: 'rules', sure: false },
  fields: [
    { name: 'patient', value: 'Jörg Weiß', confidence: 96, needsLook: false, page: 1, box: [0.2, 0.3, 0.4, 0.32] },
    { name: 'dob', value: '03/14/1961', confidence: 71, needsLook: true, page: 2, box: [0.5, 0.3, 0.6, 0.32] },
  ],
  parts: [
    { firstPage: 1, lastPage: 2, patient: 'Jörg Weiß', kind: 'referral' },
    { firstPage: 3, lastPage: 3, patient: 'Ann Lee', kind: 'lab_results' },
  ],
};

describe('the intake panel', () => {
  it('shows the kind as a suggestion, marks the unsure field, shows a spot, confirms and changes the kind', async () => {
    const fax = installFakeFax({ getIntakeKinds: () => ({ builtIn: ['referral', 'lab_results', 'other'], office: ['Workers comp'] }), setFaxKind: () => null });
    const shown: IntakeSpot[] = [];
    let split = 0;
    render(<IntakePanel faxId="9" intake={intake} onShow={(spot) => shown.push(spot)} onSplit={() => (split += 1)} />);
    expect(screen.getByTestId('intake-kind-how').textContent).toBe('suggested (62 %) — confirm or change');
    expect(screen.getByTestId('intake-field-patient').getAttribute('data-needs-look')).toBe('false');
    expect(screen.getByTestId('intake-field-dob').textContent).toContain('needs a look');
    fireEvent.click(screen.getByRole('button', { name: /Date of birth: 03\/14\/1961 — needs a look: read with 71 % confidence/ }));
    expect(shown).toEqual([{ page: 2, box: [0.5, 0.3, 0.6, 0.32] }]);
    fireEvent.click(screen.getByTestId('intake-confirm'));
    await waitFor(() => expect(fax.callsOf('setFaxKind')).toEqual([{ id: '9', kind: 'referral' }]));
    await waitFor(() => expect(screen.getByRole('option', { name: 'Workers comp' })).toBeTruthy());
    fireEvent.change(screen.getByTestId('intake-kind'), { target: { value: 'Workers comp' } });
    await waitFor(() => expect(fax.callsOf('setFaxKind')).toHaveLength(2));
    expect(screen.getByTestId('intake-batch').textContent).toContain('batch of 2 documents');
    fireEvent.click(screen.getByRole('button', { name: 'Split in the page tools…' }));
    expect(split).toBe(1);
  });

  it('a label with nothing read after it says "not read", and its spot is one click away', () => {
    installFakeFax({ getIntakeKinds: () => ({ builtIn: ['referral'], office: [] }) });
    const shown: IntakeSpot[] = [];
    render(<IntakePanel faxId="9" intake={{ ...intake, unread: [{ name: 'memberId', page: 1, box: [0.1, 0.4, 0.2, 0.42] }] }} onShow={(spot) => shown.push(spot)} onSplit={() => undefined} />);
    expect(screen.getByTestId('intake-unread-memberId').textContent).toBe('Member / insurance ID not read');
    fireEvent.click(within(screen.getByTestId('intake-unread-memberId')).getByRole('button', { name: /not read/ }));
    expect(shown).toEqual([{ page: 1, box: [0.1, 0.4, 0.2, 0.42] }]);
    // With no field read at all, the unread labels still show (not "nothing read").
    cleanup();
    render(<IntakePanel faxId="9" intake={{ ...intake, fields: [], unread: [{ name: 'dob', page: 1, box: [0.1, 0.4, 0.2, 0.42] }] }} onShow={() => undefined} onSplit={() => undefined} />);
    expect(screen.getByTestId('intake-unread-dob').textContent).toBe('Date of birth not read');
  });

  it('a field read at a spot learned from a correction says so, needs a look, and its spot is one click away', () => {
    installFakeFax({ getIntakeKinds: () => ({ builtIn: ['referral'], office: [] }) });
    const shown: IntakeSpot[] = [];
    const learned: FaxIntake = { ...intake, fields: [...intake.fields, { name: 'mrn', value: '0099313', confidence: 60, needsLook: true, page: 1, box: [0.1, 0.5, 0.2, 0.52], learned: true }] };
    render(<IntakePanel faxId="9" intake={learned} onShow={(spot) => shown.push(spot)} onSplit={() => undefined} />);
    const row = screen.getByTestId('intake-field-mrn');
    expect(row.getAttribute('data-needs-look')).toBe('true');
    expect(within(row).getByTestId('intake-learned').textContent).toBe('learned');
    fireEvent.click(within(row).getByRole('button', { name: /0099313 — Read where a person corrected this field on an earlier fax from this sender: check it/ }));
    expect(shown).toEqual([{ page: 1, box: [0.1, 0.5, 0.2, 0.52] }]);
    expect(screen.getByTestId('intake-field-patient').querySelector('[data-testid=intake-learned]')).toBeNull();
  });

  it('a field is corrected in place: the pencil, the value typed, Enter saves it; Escape leaves it as it was', async () => {
    const fax = installFakeFax({ getIntakeKinds: () => ({ builtIn: ['referral'], office: [] }), setFaxField: ({ name, value }) => ({ ...intake, fields: [...intake.fields.filter((field) => field.name !== name), { name, value, confidence: 100, needsLook: false, page: 2, box: [0.5, 0.3, 0.6, 0.32], byPerson: true as const }] }) });
    render(<IntakePanel faxId="9" intake={{ ...intake, unread: [{ name: 'memberId', page: 1, box: [0.1, 0.4, 0.2, 0.42] }] }} onShow={() => undefined} onSplit={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Correct Date of birth' }));
    const input = screen.getByRole('textbox', { name: 'Correct Date of birth' });
    expect((input as HTMLInputElement).value).toBe('03/14/1961');
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: '03/14/1962' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await waitFor(() => expect(fax.callsOf('setFaxField')).toEqual([{ id: '9', name: 'dob', value: '03/14/1962' }]));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Correct Date of birth' })).toBeNull());
    // A field not read is given its value the same way; Escape leaves without saving.
    fireEvent.click(screen.getByRole('button', { name: 'Correct Member / insurance ID' }));
    const given = screen.getByRole('textbox', { name: 'Correct Member / insurance ID' });
    expect((given as HTMLInputElement).value).toBe('');
    fireEvent.change(given, { target: { value: 'XJ4471920' } });
    fireEvent.keyDown(given, { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Correct Member / insurance ID' })).toBeNull();
    expect(fax.callsOf('setFaxField')).toHaveLength(1);
  });

  it('a kind a person gave is not offered for confirmation', () => {
    installFakeFax({ getIntakeKinds: () => ({ builtIn: ['referral'], office: [] }) });
    render(<IntakePanel faxId="9" intake={{ ...intake, kind: { kind: 'referral', confidence: 100, source: 'person', sure: true }, parts: [] }} onShow={() => undefined} onSplit={() => undefined} />);
    expect(screen.getByTestId('intake-kind-how').textContent).toBe('set by a person');
    expect(screen.queryByTestId('intake-confirm')).toBeNull();
    expect(screen.queryByTestId('intake-batch')).toBeNull();
  });
});

describe('the suggested split in the page tools', () => {
  const parts = intake.parts;
  const grid = (pages: number[], source = 'fax:9') => pages.map((page) => ({ source, page }));

  it('gives the parts as grid positions, following moves, removals and added pages', () => {
    expect(suggestedSplit(grid([1, 2, 3]), 'fax:9', parts)?.text).toBe('1-2; 3');
    // Page 3 moved first, page 1 taken out, another fax's page added.
    expect(suggestedSplit([...grid([3, 2]), ...grid([1], 'fax:12')], 'fax:9', parts)?.text).toBe('2; 1');
    // A part whose pages are all gone drops out: nothing left to split.
    expect(suggestedSplit(grid([1, 2]), 'fax:9', parts)).toBeNull();
    expect(rangesText([5, 1, 2, 3, 7])).toBe('1-3, 5, 7');
  });

  it('every suggested part holds only pages in the grid, each once, in parts of the fax', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ page: fc.integer({ min: 1, max: 6 }), other: fc.boolean() }), { maxLength: 12 }), (entries) => {
        const shown = entries.map((entry) => ({ source: entry.other ? 'fax:12' : 'fax:9', page: entry.page }));
        const suggestion = suggestedSplit(shown, 'fax:9', [...parts, { firstPage: 4, lastPage: 6, patient: null, kind: null }]);
        if (suggestion === null) return;
        const positions = suggestion.parts.flatMap((part) => part.positions);
        expect(new Set(positions).size).toBe(positions.length);
        for (const position of positions) {
          const entry = shown[position - 1];
          expect(entry?.source).toBe('fax:9');
        }
        expect(suggestion.parts.length).toBeGreaterThanOrEqual(2);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the office’s own kinds', () => {
  it('adds a kind, keeps what was typed when it is refused, removes one by name', async () => {
    let office: string[] = [];
    const fax = installFakeFax({
      getIntakeKinds: () => ({ builtIn: ['referral'], office }),
      saveOfficeKinds: ({ kinds }) => {
        if (kinds.some((kind) => kind.length > 40)) return new Refusal({ kind: 'invalid_input', message: 'Give each kind a name of at most 40 characters (30 kinds at most).' });
        office = [...new Set(kinds)];
        return office;
      },
    });
    intakeKindsStore.set({ builtIn: [], office: [] });
    render(<OfficeKindsSettings />);
    await waitFor(() => expect(fax.callsOf('getIntakeKinds')).toHaveLength(1));
    const input = screen.getByRole('textbox', { name: 'Add kind' });
    fireEvent.change(input, { target: { value: 'Workers comp' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add kind' }));
    await waitFor(() => expect(screen.getByText('Workers comp')).toBeTruthy());
    expect((input as HTMLInputElement).value).toBe('');
    fireEvent.change(input, { target: { value: 'x'.repeat(41) } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await waitFor(() => expect(fax.callsOf('saveOfficeKinds')).toHaveLength(2));
    expect((input as HTMLInputElement).value).toBe('x'.repeat(41));
    fireEvent.click(screen.getByRole('button', { name: 'Remove the kind Workers comp' }));
    await waitFor(() => expect(screen.queryByText('Workers comp')).toBeNull());
    expect(office).toEqual([]);
  });
});
