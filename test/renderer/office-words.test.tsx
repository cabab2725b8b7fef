// What the office's desks read: the status bar's words for a hub that is away, full or refused this desk (never a
// code or "77 waiting"), a removal with who did it, the row and the detail telling one story of "not shared yet",
// a person's own name in their own words (in German too), "and 1 more" instead of "+1", and no app-internal error
// codes on screen.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FaxDetail, FaxSummary } from '../../preload/models';
import type { FaxTriageSummary, OfficeView } from '../../preload/office';
import { ErrorNotice } from '../../renderer/src/components/ErrorNotice';
import { accountStore } from '../../renderer/src/data/account';
import { officeStore, startOffice, triageStore } from '../../renderer/src/data/office';
import { chooseLanguage } from '../../renderer/src/i18n';
import { who } from '../../renderer/src/lists/FaxRows';
import { ConnectionSummary } from '../../renderer/src/views/ConnectionSummary';
import { holdExplanation, hubStatusWords, removalWords } from '../../renderer/src/views/office-words';
import { TriagePanel } from '../../renderer/src/views/TriagePanel';
import { OfficeSettings } from '../../renderer/src/views/OfficeSettings';
import { installFakeFax } from './fake-fax';
import { at } from '../helpers/clock';

const joined = (overrides: Partial<Extract<OfficeView, { joined: true }>>): Extract<OfficeView, { joined: true }> => ({
  joined: true,
  host: 'hub.office.lan',
  port: 5432,
  database: 'front_desk',
  me: { login: 'tom', name: 'Tom Baker' },
  role: 'staff',
  state: 'connected',
  pending: 0,
  hold: null,
  unreachableSince: null,
  problem: null,
  removal: null,
  trail: null,
  waitingToJoin: 0,
  needsUpgrade: false,
  ...overrides,
});


const triage = (overrides: Partial<FaxTriageSummary>): FaxTriageSummary => ({ claimedBy: null, claimedAt: null, assignee: null, handledBy: null, labels: [], sentBy: null, notes: 0, pending: false, ...overrides });

const received = (overrides: Partial<FaxDetail>): FaxDetail => ({
  id: '77',
  reference: 'FX-77',
  direction: 'inbound',
  status: 'received',
  statusGroup: 'received',
  pages: 2,
  createdAt: '2026-11-26T09:00:00Z',
  counterpart: '+14155550103',
  counterpartName: null,
  senderName: null,
  subject: null,
  recipientCount: 1,
  deliveredCount: 0,
  failedCount: 0,
  unread: false,
  recipients: [],
  cost: null,
  providerError: null,
  requestId: null,
  submissionId: null,
  pdfCached: false,
  ...overrides,
});

// Times of the test day read as times of today (only the date is pinned: React's own timers run as usual).
beforeEach(() => {
  chooseLanguage('en');
  vi.useFakeTimers({ now: at('12:00'), toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  officeStore.set({ joined: false });
  triageStore.set(new Map());
  accountStore.set(null);
});

describe('the hub in words', () => {
  it('says what holds the actions back, since when, and how many — never a code or "waiting"', () => {
    expect(hubStatusWords(joined({}))).toBe('Hub connected');
    expect(hubStatusWords(joined({ pending: 3 }))).toBe('Hub connected · sharing 3 actions');
    const away = joined({ state: 'offline', pending: 69, unreachableSince: at('10:02'), hold: { reason: 'unreachable', since: at('10:02'), nextTryAt: null } });
    expect(hubStatusWords(away)).toMatch(/^Hub not reachable since 10:02 (AM )?· 69 actions not shared yet$/);
    expect(holdExplanation(away)).toMatch(/^The hub cannot be reached since 10:02( AM)?\. 69 actions wait on this desk and go as soon as it answers\.$/);
    const full = joined({ pending: 1, hold: { reason: 'full', since: at('09:15'), nextTryAt: at('09:16') } });
    expect(hubStatusWords(full)).toMatch(/^Hub full since 0?9:15 (AM )?· 1 action not shared yet$/);
    expect(holdExplanation(full)).toMatch(/next try 0?9:16/);
    expect(hubStatusWords(joined({ state: 'refused', pending: 4 }))).toBe("Hub no longer accepts this desk's password · 4 actions not shared yet");
    for (const words of [hubStatusWords(away), hubStatusWords(full), holdExplanation(away) ?? '']) expect(words).not.toMatch(/waiting|refused this desk|hub_/);
  });

  it('a removal says who did it when the hub said so, else whom to ask; in German too', () => {
    const removed = joined({ state: 'removed', pending: 2, removal: { by: { login: 'maria', name: 'Maria Lopez' }, at: at('11:40'), administrators: [{ login: 'maria', name: 'Maria Lopez' }] } });
    expect(hubStatusWords(removed)).toBe('Removed from the office');
    expect(removalWords(removed)).toMatch(/^Maria Lopez removed you from the office \(.+\)\. Shared triage is off on this desk/);
    const unknown = joined({ state: 'removed', removal: { by: null, at: null, administrators: [{ login: 'maria', name: 'Maria Lopez' }] } });
    expect(removalWords(unknown)).toMatch(/^You were removed from the office, or your sign-in to the hub was turned off \(ask Maria Lopez, who administers it\)/);
    chooseLanguage('de');
    expect(removalWords(removed)).toMatch(/^Maria Lopez hat Sie aus dem Büro entfernt/);
    expect(hubStatusWords(removed)).toBe('Aus dem Büro entfernt');
  });
});

describe('the triage panel', () => {
  it('follows the store main keeps: the row and the detail tell the same "not shared yet", and a take-over changes the buttons at once', () => {
    const fax = installFakeFax({ listTriageNotes: () => [], listOfficePeople: () => [] });
    startOffice();
    officeStore.set(joined({}));
    const detail = received({ triage: triage({}) });
    render(<TriagePanel detail={detail} />);
    expect(screen.getByTestId('claim-status').textContent).toBe('Nobody is on it yet.');
    act(() => fax.emit('triageChanged', { faxIds: ['77'], triage: { '77': triage({ claimedBy: { login: 'tom', name: 'Tom Baker' }, claimedAt: at('10:05'), pending: true }) } }));
    expect(screen.getByTestId('claim-status').textContent).toMatch(/^You are on it \(since 10:05( AM)?\)\. · Not shared yet$/);
    act(() => fax.emit('triageChanged', { faxIds: ['77'], triage: { '77': triage({ claimedBy: { login: 'ana', name: 'Ana Ruiz' }, claimedAt: at('10:06') }) } }));
    expect(screen.getByTestId('claim-status').textContent).toMatch(/^Ana Ruiz is on it/);
    expect(screen.getByRole('button', { name: 'Take over' })).toBeTruthy();
  });

  it('a note this desk cannot read is said so, between the notes it can', async () => {
    installFakeFax({
      listTriageNotes: () => [
        { id: 'a', author: { login: 'tom', name: 'Tom Baker' }, at: at('10:05'), text: 'Called back' },
        { id: 'b', author: { login: 'eve', name: 'Eve Stone' }, at: at('10:06'), text: null },
      ],
      listOfficePeople: () => [],
    });
    startOffice();
    officeStore.set(joined({}));
    render(<TriagePanel detail={received({ triage: triage({ notes: 2 }) })} />);
    expect((await screen.findByTestId('note-unreadable')).textContent).toMatch(/^A note this desk cannot read/);
    expect(screen.getByText('Called back')).toBeTruthy();
  });

  it('a note nobody can read is offered for removal to its author and the administrator only, after a confirmation', async () => {
    const mine = '11111111-1111-4111-8111-111111111111';
    const eves = '22222222-2222-4222-8222-222222222222';
    let notes = [
      { id: 'a', author: { login: 'tom', name: 'Tom Baker' }, at: at('10:05'), text: 'Called back' },
      { id: mine, author: { login: 'tom', name: 'Tom Baker' }, at: at('10:06'), text: null },
      { id: eves, author: { login: 'eve', name: 'Eve Stone' }, at: at('10:07'), text: null },
    ];
    const fax = installFakeFax({
      listTriageNotes: () => notes,
      listOfficePeople: () => [],
      removeTriageNote: (request) => {
        notes = notes.filter((note) => note.id !== (request as { noteId: string }).noteId);
        return null;
      },
    });
    startOffice();
    officeStore.set(joined({}));
    const view = render(<TriagePanel detail={received({ triage: triage({ notes: 3 }) })} />);
    await screen.findAllByTestId('note-unreadable');
    // Tom (staff) may remove his own unreadable note, not Eve's, and no readable one.
    expect(screen.getAllByTestId('remove-unreadable-note')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('remove-unreadable-note'));
    expect(fax.callsOf('removeTriageNote')).toEqual([]);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove this note' }));
    await waitFor(() => expect(screen.getAllByTestId('note-unreadable')).toHaveLength(1));
    expect(fax.callsOf('removeTriageNote')).toEqual([{ faxId: '77', noteId: mine, confirmed: true }]);
    expect(screen.getByText('Called back')).toBeTruthy();
    view.unmount();
    // The administrator may remove anyone's.
    officeStore.set(joined({ me: { login: 'maria', name: 'Maria Lopez' }, role: 'admin' }));
    render(<TriagePanel detail={received({ triage: triage({ notes: 2 }) })} />);
    await screen.findAllByTestId('note-unreadable');
    expect(screen.getAllByTestId('remove-unreadable-note')).toHaveLength(1);
  });

  it("says the person's own name in words of their own, in German too", () => {
    installFakeFax({ listTriageNotes: () => [], listOfficePeople: () => [] });
    chooseLanguage('de');
    officeStore.set(joined({}));
    render(<TriagePanel detail={received({ triage: triage({ handledBy: { login: 'tom', name: 'Tom Baker' } }) })} />);
    expect(screen.getByText('Von Ihnen erledigt')).toBeTruthy();
    expect(screen.queryByText(/Erledigt von Sie/)).toBeNull();
  });

  it('a removed person is told so and offered nothing to share', () => {
    installFakeFax({ listTriageNotes: () => [], listOfficePeople: () => [] });
    officeStore.set(joined({ state: 'removed', removal: { by: { login: 'maria', name: 'Maria Lopez' }, at: at('11:40'), administrators: [] } }));
    render(<TriagePanel detail={received({ triage: triage({}) })} />);
    expect(screen.getByTestId('office-removed').textContent).toMatch(/^Maria Lopez removed you from the office/);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('other words', () => {
  it('a sent fax to several says "and 2 more", never "+2" beside a number', () => {
    const sent = { direction: 'outbound', counterpartName: 'Carla Diaz', counterpart: '+14155550103', recipientCount: 3 } as FaxSummary;
    expect(who(sent)).toBe('Carla Diaz and 2 more');
    chooseLanguage('de');
    expect(who(sent)).toBe('Carla Diaz und 2 weitere');
  });

  it("the app's own codes are not shown; a code with the request it belongs to is, for support", () => {
    render(<ErrorNotice error={{ kind: 'conflict', message: 'The office already has a label with this name.', code: 'office_label_exists' }} />);
    expect(document.body.textContent).not.toMatch(/office_label_exists|Code/);
    cleanup();
    render(<ErrorNotice error={{ kind: 'server', message: 'The Fax Service answered 503.', code: 'service_unavailable', requestId: 'req_7d1' }} />);
    expect(document.body.textContent).toContain('service_unavailable');
  });

  it('Settings → Connection shows the usage Account shows (the account as last read, not as it was at sign-in)', () => {
    installFakeFax({});
    accountStore.set({ plan: 'Office', pagesUsed: 209, pageLimit: 500, billingCycle: null, paused: false, usageRatio: 0.418 });
    const connection = { status: 'connected', baseUrl: 'https://fax.example', capabilities: { scopes: {}, automationOnly: false }, account: { plan: 'Office', pagesUsed: 186, pageLimit: 500, billingCycle: null, paused: false, usageRatio: 0.372 } } as unknown as Parameters<typeof ConnectionSummary>[0]['connection'];
    render(<ConnectionSummary connection={connection} />);
    expect(screen.getByTestId('connection-summary').textContent).toContain('209');
    expect(screen.getByTestId('connection-summary').textContent).not.toContain('186');
  });

  it('an audit trail not as this desk saw it is said in Settings, in both languages; nothing is said when it is', async () => {
    installFakeFax({ listOfficePeople: () => [], listOfficeLabels: () => [], listOfficeWaiting: () => [] });
    officeStore.set(joined({ trail: null }));
    const { unmount } = render(<OfficeSettings />);
    await waitFor(() => expect(screen.getByTestId('office-summary')).toBeTruthy());
    expect(screen.queryByTestId('office-trail-not-as-seen')).toBeNull();
    unmount();
    officeStore.set(joined({ trail: { missing: 2, rewritten: 1 } }));
    render(<OfficeSettings />);
    expect(screen.getByRole('alert').textContent).toBe(
      "The office's audit trail on the hub is not as this desk saw it: 2 entries it saw missing, 1 entry re-hashed. Someone with the hub's administrator account changed it. Export the audit trail to see which, and keep the file.",
    );
    cleanup();
    chooseLanguage('de');
    try {
      render(<OfficeSettings />);
      expect(screen.getByTestId('office-trail-not-as-seen').textContent).toContain('2 gesehene Einträge fehlen, 1 Eintrag neu berechnet');
    } finally {
      chooseLanguage('en');
    }
  });

  it('a desk waiting to join shows its safety code and until when; refused or too late, it says so; stopping leaves', async () => {
    const fax = installFakeFax({ leaveOffice: () => ({ joined: false }) });
    const joining = { host: 'hub.office.lan', database: 'front_desk', login: 'tom', safetyCode: '482 913', expiresAt: Date.parse('2026-11-28T15:00:00Z'), problem: null };
    officeStore.set({ joined: false, joining });
    const { unmount } = render(<OfficeSettings />);
    expect(screen.getByTestId('office-safety-code').textContent).toBe('482 913');
    expect(screen.getByTestId('office-joining').textContent).toContain('front_desk on hub.office.lan');
    fireEvent.click(screen.getByRole('button', { name: 'Stop waiting' }));
    await waitFor(() => expect(fax.callsOf('leaveOffice')).toEqual([{ confirmed: true }]));
    unmount();
    for (const [problem, words] of [
      ['refused', 'removed this sign-in instead of confirming it'],
      ['expired', 'before its join code ran out'],
    ] as const) {
      officeStore.set({ joined: false, joining: { ...joining, problem } });
      render(<OfficeSettings />);
      expect(screen.getByRole('alert').textContent).toContain(words);
      expect(screen.queryByTestId('office-safety-code')).toBeNull();
      cleanup();
    }
  });

  it('the administrator sees who waits to join with which code, and confirms only through a dialog showing it', async () => {
    const people = [
      { login: 'maria', name: 'Maria Lopez', role: 'admin' as const, removed: false, me: true, joining: null },
      { login: 'tom', name: 'Tom Baker', role: 'staff' as const, removed: false, me: false, joining: { safetyCode: '482 913', expiresAt: null } },
      { login: 'ana', name: 'Ana Ruiz', role: 'staff' as const, removed: false, me: false, joining: { safetyCode: null, expiresAt: Date.parse('2026-11-28T15:00:00Z') } },
    ];
    const fax = installFakeFax({ listOfficePeople: () => people, listOfficeLabels: () => [], listOfficeWaiting: () => [], confirmOfficeJoin: () => null });
    officeStore.set(joined({ role: 'admin', me: { login: 'maria', name: 'Maria Lopez' }, waitingToJoin: 1 }));
    render(<OfficeSettings />);
    await waitFor(() => expect(screen.getAllByTestId('office-person-joining')).toHaveLength(2));
    const [tom, ana] = screen.getAllByTestId('office-person-joining');
    expect(tom?.textContent).toBe('waiting to join · safety code 482 913');
    expect(ana?.textContent).toMatch(/^join code not used yet · valid until /);
    // One confirm button: Ana's desk has not asked yet.
    expect(screen.getAllByRole('button', { name: 'Check and confirm…' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Check and confirm…' }));
    expect(screen.getByTestId('office-confirm-safety-code').textContent).toBe('482 913');
    expect(fax.callsOf('confirmOfficeJoin')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Their screen shows this code — confirm' }));
    await waitFor(() => expect(fax.callsOf('confirmOfficeJoin')).toEqual([{ login: 'tom', safetyCode: '482 913', confirmed: true }]));
  });

  it('a new join code for a person is given only after a dialog that says their old desk is out; the code is shown once', async () => {
    const people = [
      { login: 'maria', name: 'Maria Lopez', role: 'admin' as const, removed: false, me: true, joining: null },
      { login: 'tom', name: 'Tom Baker', role: 'staff' as const, removed: false, me: false, joining: null },
      { login: 'ana', name: 'Ana Ruiz', role: 'staff' as const, removed: false, me: false, joining: { safetyCode: null, expiresAt: null } },
    ];
    const fax = installFakeFax({ listOfficePeople: () => people, listOfficeLabels: () => [], listOfficeWaiting: () => [], resetOfficePerson: () => ({ joinCode: 'FXHUB2.code.check' }) });
    officeStore.set(joined({ role: 'admin', me: { login: 'maria', name: 'Maria Lopez' } }));
    render(<OfficeSettings />);
    // Tom only: not the administrator, not someone still joining.
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^New join code for / })).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'New join code for Tom Baker' }));
    expect(screen.getByRole('dialog').textContent).toContain('The desk Tom Baker uses now stops working for the office at once');
    expect(fax.callsOf('resetOfficePerson')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Give a new join code' }));
    await waitFor(() => expect(screen.getByTestId<HTMLTextAreaElement>('join-code').value).toBe('FXHUB2.code.check'));
    expect(fax.callsOf('resetOfficePerson')).toEqual([{ login: 'tom', validHours: 24, confirmed: true }]);
  });
  it("a hub older than the app: the administrator's desk offers IT the upgrade with the setup account, which is not left in the form; a member's desk only says so", async () => {
    const text = "The office hub needs an upgrade for this version of Fax Desktop.";
    const fax = installFakeFax({ listOfficeWaiting: () => [], upgradeOfficeHub: () => joined({ role: 'admin', me: { login: 'maria', name: 'Maria Lopez' } }) });
    officeStore.set(joined({ role: 'staff', state: 'refused', problem: text, needsUpgrade: true }));
    const member = render(<OfficeSettings />);
    expect(screen.getByTestId('office-refused').textContent).toBe(text);
    expect(screen.queryByTestId('hub-upgrade')).toBeNull();
    member.unmount();
    officeStore.set(joined({ role: 'admin', me: { login: 'maria', name: 'Maria Lopez' }, state: 'refused', problem: text, needsUpgrade: true }));
    render(<OfficeSettings />);
    const button = screen.getByRole('button', { name: 'Upgrade the hub' });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Setup account'), { target: { value: ' postgres ' } });
    fireEvent.change(screen.getByLabelText("Setup account's password"), { target: { value: 'it-secret' } });
    fireEvent.click(button);
    await waitFor(() => expect(fax.callsOf('upgradeOfficeHub')).toEqual([{ setupUser: 'postgres', setupPassword: 'it-secret' }]));
    await waitFor(() => expect(screen.queryByTestId('hub-upgrade')).toBeNull());
    expect(officeStore.get()).toMatchObject({ state: 'connected', needsUpgrade: false });
  });
});

