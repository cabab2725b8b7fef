/**
 * A fax's shared triage as this desk shows it: what the hub last said, with this desk's actions the hub does not
 * have yet laid on top, oldest first. One function, so the inbox row and the detail can never tell two stories.
 */
import type { ClaimResult, FaxTriage } from '../hub/hub-session';
import { queueOrder, type TriageAction } from './triage-journal';

export interface TriageView extends FaxTriage {
  /** This desk's actions on it that the hub does not have yet. */
  pending: number;
}

const nothingYet = (faxId: string): FaxTriage => ({ faxId, claim: null, assignee: null, handled: null, labelIds: [], notes: 0, sent: null, replyLink: null, filing: null });

/** An action of this desk the hub took, with the hub's answer to it (a claim's), before the fax was read again. */
export interface TakenAction {
  action: TriageAction;
  answer: ClaimResult | undefined;
}

function layOn(view: TriageView, action: TriageAction, login: string): void {
  if (action.kind === 'claim' && view.claim === null) view.claim = { by: login, since: action.createdAt };
  if (action.kind === 'takeOver') view.claim = { by: login, since: action.createdAt };
  if (action.kind === 'release' && view.claim?.by === login) view.claim = null;
  if (action.kind === 'assign') view.assignee = action.assignee;
  if (action.kind === 'handled') view.handled = action.handled ? { by: login, at: action.createdAt } : null;
  if (action.kind === 'note') view.notes += 1;
  if (action.kind === 'labels') view.labelIds = [...action.labelIds];
  if (action.kind === 'sent' && view.sent === null) view.sent = { by: login, at: action.createdAt, replyDue: action.replyDue };
  if (action.kind === 'replyLink') view.replyLink = { answers: action.answers };
  if (action.kind === 'filed' && action.filing) view.filing = { by: login, how: action.filing.how, at: action.createdAt, withdrawn: false, place: action.filing.place };
  if (action.kind === 'unfiled' && view.filing) view.filing = { ...view.filing, withdrawn: true };
}

/**
 * `mine`: this desk's pending actions on this fax (any order); what the person did with it (viewed, printed) is not
 * triage. `taken`: actions the hub took since this fax was last read from it — laid on first, as the hub answered
 * them (a claim another desk won names that desk), and no longer counted as not shared.
 */
export function triageView(faxId: string, base: FaxTriage | undefined, mine: readonly TriageAction[], login: string, taken: readonly TakenAction[] = []): TriageView | null {
  const actions = mine.filter((action) => action.faxId === faxId && action.kind !== 'audit').sort(queueOrder);
  const sharedMeanwhile = taken.filter((entry) => entry.action.faxId === faxId && entry.action.kind !== 'audit').sort((a, b) => queueOrder(a.action, b.action));
  if (!base && actions.length === 0 && sharedMeanwhile.length === 0) return null;
  const view: TriageView = { ...(base ?? nothingYet(faxId)), pending: actions.length };
  for (const { action, answer } of sharedMeanwhile) {
    if (action.kind !== 'claim' || !answer) layOn(view, action, login);
    else if (answer.won) view.claim = { by: login, since: answer.since };
    else if (answer.by !== '') view.claim = { by: answer.by, since: answer.since };
  }
  for (const action of actions) layOn(view, action, login);
  return view;
}
