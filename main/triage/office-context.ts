/**
 * What the parts of the office service share: this desk's membership and hub connection as they are now, the
 * office's people as last read, and the few checks every action starts with. One object, so each part (people,
 * the mirror, opening the desk, triage actions) reads the same state and none keeps a copy that goes stale.
 */
import type { HubHold, OfficeView, PersonRef, PersonView } from '../../preload/office';
import { msg } from '../../preload/i18n/translator';
import { AppError } from '../errors';
import { say } from '../i18n/main-locale';
import type { Logger } from '../log/logger';
import type { AnchorFinding } from '../hub/audit-anchors';
import type { KeyRing } from '../hub/office-key';
import type { OfficeDesk } from './office-desk';
import type { createJoiningDesk } from './office-joining';
import type { createOfficeLabelBook } from './office-label-book';
import type { createOfficeMembership, Membership, MembershipSecrets } from './office-membership';
import type { OfficeServiceDeps } from './office-service-port';
import type { TriageStatus } from './shared-triage';

export type Joined = Membership & MembershipSecrets;

/** The desk's office as it is now (one place: every part reads and writes it here). */
export interface OfficeState {
  current: Joined | null;
  desk: OfficeDesk | null;
  status: TriageStatus;
  unreachableSince: number | null;
  /** The office key and its history, as the hub last told (null before the desk opened). */
  keyRing: KeyRing | null;
  peopleReadAt: number;
  trailFindings: AnchorFinding[];
  stopped: boolean;
}

export interface OfficeContext {
  deps: OfficeServiceDeps;
  log: Logger;
  membership: ReturnType<typeof createOfficeMembership>;
  joiningDesk: ReturnType<typeof createJoiningDesk>;
  labelBook: ReturnType<typeof createOfficeLabelBook>;
  state: OfficeState;
  /** The office's people by login, as last read. */
  people: Map<string, PersonView>;
  /** Resolves once this desk knows whether it is in an office (its membership read at start). */
  known: Promise<void>;
  now(): number;
  ref(login: string): PersonRef;
  view: () => OfficeView;
  /** Tells the window the office's view changed. */
  announce(): void;
  /** The open desk, or the error that this desk is in no office. */
  joinedDesk(): OfficeDesk;
  /** This desk's membership when it is the administrator's, or the error that says only they may. */
  requireAdmin(): Joined;
  /** The key to seal with and the history to open older entries. */
  officeKeyRing(joined: Joined): KeyRing | Buffer;
}

export function newOfficeState(): OfficeState {
  return { current: null, desk: null, status: { state: 'connecting', pending: 0, hold: null, refusal: null }, unreachableSince: null, keyRing: null, peopleReadAt: 0, trailFindings: [], stopped: false };
}

type ContextParts = Pick<OfficeContext, 'deps' | 'log' | 'membership' | 'joiningDesk' | 'labelBook' | 'state' | 'people' | 'known'>;

export function createOfficeContext(parts: ContextParts): OfficeContext {
  const { state, people, deps } = parts;
  const ref = (login: string): PersonRef => ({ login, name: people.get(login)?.name ?? login });

  function removalView(removal: Membership['removal']): NonNullable<Extract<OfficeView, { joined: true }>['removal']> {
    const named = (login: string): PersonRef => ({ login, name: people.get(login)?.name ?? removal?.names[login] ?? login });
    const administrators = removal?.administrators.length ? removal.administrators : [...people.values()].filter((person) => person.role === 'admin' && !person.me).map((person) => person.login);
    return { by: removal?.by ? named(removal.by) : null, at: removal?.at ?? null, administrators: administrators.map(named) };
  }

  function holdView(): HubHold | null {
    const hold = state.status.hold;
    if (hold === null) return null;
    const code = hold.failure.details.code;
    return { reason: code === 'hub_busy' ? 'busy' : code === 'hub_too_many' ? 'too_many' : hold.reason, since: hold.since, nextTryAt: hold.nextTryAt };
  }

  function view(): OfficeView {
    const { current, status } = state;
    if (current === null) {
      const waiting = parts.joiningDesk.view();
      return waiting === null ? { joined: false } : { joined: false, joining: waiting };
    }
    const findings = state.trailFindings;
    return {
      joined: true,
      host: current.address.host,
      port: current.address.port,
      database: current.address.database,
      me: ref(current.address.user),
      role: current.role,
      state: status.state,
      pending: status.pending,
      hold: holdView(),
      unreachableSince: status.state === 'offline' ? state.unreachableSince : null,
      problem: status.refusal ? say(status.refusal.text) : null,
      needsUpgrade: status.refusal?.details.code === 'hub_schema_older',
      removal: status.state === 'removed' ? removalView(current.removal) : null,
      waitingToJoin: [...people.values()].filter((person) => person.joining?.safetyCode != null).length,
      trail: findings.length === 0 ? null : { missing: findings.filter((finding) => finding.problem === 'missing').length, rewritten: findings.filter((finding) => finding.problem === 'rewritten').length },
    };
  }

  function joinedDesk(): OfficeDesk {
    if (state.desk === null || state.current === null) throw new AppError('invalid_input', msg('office.notInAnOffice'), { code: 'office_not_joined' });
    return state.desk;
  }

  return {
    ...parts,
    now: () => deps.now?.() ?? Date.now(),
    ref,
    view,
    announce: () => deps.events.emit('officeChanged', view()),
    joinedDesk,
    requireAdmin() {
      joinedDesk();
      const { current } = state;
      if (current === null || current.role !== 'admin') throw new AppError('permission', msg('office.onlyTheAdministrator'), { code: 'office_not_admin' });
      return current;
    },
    officeKeyRing: (joined) => state.keyRing ?? joined.officeKey,
  };
}
