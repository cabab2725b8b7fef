/**
 * The office on this desk: creating, joining and leaving it, its people, and the shared triage of received faxes
 * as the window sees it (names, not logins; the cache mirror for the lists). Without a membership nothing here
 * runs: no connection, no timer, and the lists read exactly as before.
 *
 * The mirror: whenever the triage of a fax changes (this desk or another), its view is written to the cache
 * (`hubTriage`, for the "Mine"/"Unclaimed" filters and the columns) and its handled mark to the local handling
 * table, so the "Not handled" filter, the status bar and the tray count the office's marks without a hub query.
 */
import crypto from 'node:crypto';
import type { FaxId } from '../../preload/fax-id';
import type { ClaimOutcome, FaxTriageSummary, HubHold, LabelView, OfficeView, PersonRef, PersonView, TriageNoteView, WaitingAction } from '../../preload/office';
import { msg } from '../../preload/i18n/translator';
import { AppError } from '../errors';
import { say } from '../i18n/main-locale';
import type { Desktop } from '../desktop';
import type { Logger } from '../log/logger';
import type { AuditAction as HubAuditAction } from '../hub/audit-chain';
import { hubAddressSchema } from '../hub/hub-address';
import { addPerson, listPeople, removePerson } from '../hub/office-setup';
import { createOffice, upgradeOffice, type SetupAccount } from '../hub/hub-setup';
import { confirmJoin, joiningPeople } from '../hub/office-join';
import { resetPerson } from '../hub/office-reset';
import { createJoiningDesk } from './office-joining';
import type { EventBus } from '../runtime/event-bus';
import type { Checkpoint } from '../runtime/checkpoint';
import type { Timers } from '../runtime/timers';
import type { AuditAction } from '../store/cache/audit-log';
import type { Cache } from '../store/cache/cache';
import type { MirroredTriage } from '../store/cache/hub-triage-repository';
import type { SecretStore } from '../store/secret-store';
import { adoptOfficeFilings, filingToShare } from './office-filings';
import { createOfficeDesk, type OfficeDesk } from './office-desk';
import { officeLeaseMs, type OfficeJobs } from '../hub/office-leases';
import { createAuditExport, type AuditRow } from './audit-export';
import { createAuditWatch, type AuditWatch } from './audit-watch';
import type { AnchorFinding } from '../hub/audit-anchors';
import type { KeyRing } from '../hub/office-key';
import { newDeskKeyPair } from '../hub/desk-key';
import type { DeskKeys } from '../hub/office-keyring';
import { createOfficeLabelBook } from './office-label-book';
import { createOfficeMembership, credentialsOf, type Membership, type MembershipSecrets } from './office-membership';
import type { TriageStatus, TriageView } from './shared-triage';

/** What a local audit entry is in the office's trail (the rest stays on this desk). */
/** How long the office's people as last read are taken as they are (changes are told and read at once). */
const peopleFreshMs = 30_000;

const sharedAudit: Partial<Record<AuditAction, HubAuditAction>> = { view: 'viewed', print: 'printed', save_pdf: 'saved', forward: 'forwarded', rule_save: 'saved', rule_print: 'printed' };

export interface OfficeServiceDeps {
  dataDir: string;
  fileKey: Buffer;
  secrets: SecretStore;
  cache: Cache;
  events: EventBus;
  log: Logger;
  now?: () => number;
  timers?: Timers;
  checkpoint?: Checkpoint;
  catchUpMs?: number;
  /** How long the office's leases last (tests shorten it). */
  leaseMs?: number;
  /** How often a desk waiting to join asks for its office key. */
  joinPollMs?: number;
  desktop: Pick<Desktop, 'chooseSavePath'>;
}


export interface CreateOfficeInput {
  host: string;
  port: number;
  database: string;
  user: string;
  /** The administrator account's password — or a client certificate and its key instead. */
  password?: string | undefined;
  clientCertificate?: string | undefined;
  clientKey?: string | undefined;
  ca?: string | undefined;
  name: string;
  /** The server's setup account (IT's), used for this moment only: it makes the office's schema and roles. */
  setupUser: string;
  setupPassword: string;
}

const privateKeyPem = /-----BEGIN [A-Z ]*PRIVATE KEY-----/;

export interface OfficeService {
  /**
   * Reads this desk's membership (local: a file and the keychain) and connects to the hub in the background: once
   * it resolves, the office is known (state "connecting" until the hub answers) but a hub that cannot be reached
   * holds nothing up.
   */
  start(): Promise<void>;
  /** Resolves when the start's connection attempt has ended (connected or not). */
  started(): Promise<void>;
  view(): OfficeView;
  create(input: CreateOfficeInput): Promise<OfficeView>;
  /** Upgrades the hub's schema with IT's setup account (the administrator's desk; the account is not kept). */
  upgradeHub(setup: SetupAccount): Promise<OfficeView>;
  join(code: string): Promise<OfficeView>;
  leave(): Promise<OfficeView>;
  people(): Promise<PersonView[]>;
  addPerson(person: { login: string; name: string; validHours?: number | undefined }): Promise<{ joinCode: string }>;
  /** A new join code for a person in the office (a new or lost computer): their old desk is out (administrator only). */
  resetPerson(person: { login: string; validHours?: number | undefined }): Promise<{ joinCode: string }>;
  /** Confirms a person waiting to join whose screen shows `safetyCode` (administrator only). */
  confirmJoin(login: string, safetyCode: string): Promise<void>;
  removePerson(login: string): Promise<void>;
  claim(faxId: FaxId): Promise<ClaimOutcome>;
  release(faxId: FaxId): Promise<void>;
  takeOver(faxId: FaxId): Promise<void>;
  assign(faxId: FaxId, login: string | null): Promise<void>;
  /** Marks received faxes handled (or not) for the office; false without an office (the desk's own marks apply). */
  markHandled(faxIds: readonly FaxId[], handled: boolean): Promise<boolean>;
  notes(faxId: FaxId): Promise<TriageNoteView[]>;
  addNote(faxId: FaxId, text: string): Promise<void>;
  /** Removes a note (its author, or the administrator): online only, the database checks who may. */
  removeNote(faxId: FaxId, noteId: string): Promise<void>;
  labels(): LabelView[];
  /** Adds (id null) or renames an office label (administrator only); returns its id. */
  saveLabel(label: { id: string | null; name: string }): Promise<string>;
  removeLabel(labelId: string): Promise<void>;
  setLabels(faxId: FaxId, labelIds: readonly string[]): Promise<void>;
  /** Tells the office who sent a fax and by when a reply is expected (nothing without an office). */
  shareSent(faxId: FaxId, replyDue: number | null): void;
  /** Tells the office a received fax was linked to a sent one by hand, or unlinked (nothing without an office). */
  shareReplyLink(inboundId: FaxId, outboundId: FaxId | null): void;
  /** The triage of these received faxes as the lists show it (empty without an office). */
  summaries(faxIds: readonly FaxId[]): Map<FaxId, FaxTriageSummary>;
  /** This person's sign-in name on the hub, or null without an office. */
  login(): string | null;
  /** Leases of work done once per office (rules, the reminder); without an office every job is this desk's. */
  jobs: OfficeJobs;
  /** The actions waiting on this desk for the hub, oldest first (to look at after the hub refused this desk). */
  waiting(): WaitingAction[];
  /** Tries the hub again after it refused this desk. */
  retry(): Promise<OfficeView>;
  /** The audit trail of a time range, each desk's chain checked. */
  auditRows(range: { from: number; to: number }): Promise<AuditRow[]>;
  /** Writes the audit trail of a time range as CSV where the user chooses. */
  exportAudit(range: { from: number; to: number }): Promise<{ saved: boolean }>;
  stop(): Promise<void>;
}

/** An id that is the same each time for the same person, fax and purpose: moving local marks twice moves them once. */
function fixedActionId(...parts: string[]): string {
  const hex = crypto.createHash('sha256').update(parts.join('\n')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function createOfficeService(deps: OfficeServiceDeps): OfficeService {
  const membership = createOfficeMembership(deps.dataDir, deps.fileKey, deps.secrets);
  const log = deps.log.child('office');
  let current: (Membership & MembershipSecrets) | null = null;
  let desk: OfficeDesk | null = null;
  let status: TriageStatus = { state: 'connecting', pending: 0, hold: null, refusal: null };
  let unreachableSince: number | null = null;
  const people = new Map<string, PersonView>();
  /** Resolves once this desk knows whether it is in an office (its membership read at start). */
  let membershipKnown: () => void = () => undefined;
  const known = new Promise<void>((resolve) => (membershipKnown = resolve));
  let unhookAudit: (() => void) | null = null;
  let auditWatch: AuditWatch | null = null;
  let keyRing: KeyRing | null = null;
  let peopleReadAt = 0;
  let trailFindings: AnchorFinding[] = [];
  let stopped = false;
  let opening: Promise<void> = Promise.resolve();

  const joiningDesk = createJoiningDesk({
    dataDir: deps.dataDir,
    fileKey: deps.fileKey,
    log,
    joined: async (arrived) => {
      const record: Membership = { version: 1, address: arrived.address, deskId: crypto.randomUUID(), role: 'staff', joinedAt: deps.now?.() ?? Date.now(), localMoved: false, auditHeads: [], removal: null };
      // The key pair it joined with stays this desk's: the office's next key is wrapped to it.
      const secrets = { password: arrived.password, clientKey: null, officeKey: arrived.officeKey, deskKey: arrived.privateKeyPem };
      await membership.write(record, secrets);
      // As at start: `started()` resolves once the desk is open (a failure to open is logged, never retried here).
      opening = openDesk({ ...record, ...secrets }).catch((error: unknown) => log.warn('office.start_failed', { error }));
      await opening;
    },
    changed: () => announce(),
    ...(deps.joinPollMs !== undefined ? { pollMs: deps.joinPollMs } : {}),
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.timers ? { timers: deps.timers } : {}),
  });

  const labelBook = createOfficeLabelBook({ withSession: (work) => joinedDesk().triage.withSession(work) });

  const ref = (login: string): PersonRef => ({ login, name: people.get(login)?.name ?? login });

  function view(): OfficeView {
    if (current === null) {
      const waiting = joiningDesk.view();
      return waiting === null ? { joined: false } : { joined: false, joining: waiting };
    }
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
      unreachableSince: status.state === 'offline' ? unreachableSince : null,
      problem: status.refusal ? say(status.refusal.text) : null,
      needsUpgrade: status.refusal?.details.code === 'hub_schema_older',
      removal: status.state === 'removed' ? removalView(current.removal) : null,
      waitingToJoin: [...people.values()].filter((person) => person.joining?.safetyCode != null).length,
      trail: trailFindings.length === 0 ? null : { missing: trailFindings.filter((finding) => finding.problem === 'missing').length, rewritten: trailFindings.filter((finding) => finding.problem === 'rewritten').length },
    };
  }

  function removalView(removal: Membership['removal']): NonNullable<Extract<OfficeView, { joined: true }>['removal']> {
    const named = (login: string): PersonRef => ({ login, name: people.get(login)?.name ?? removal?.names[login] ?? login });
    const administrators = removal?.administrators.length ? removal.administrators : [...people.values()].filter((person) => person.role === 'admin' && !person.me).map((person) => person.login);
    return { by: removal?.by ? named(removal.by) : null, at: removal?.at ?? null, administrators: administrators.map(named) };
  }

  function holdView(): HubHold | null {
    const hold = status.hold;
    if (hold === null) return null;
    const code = hold.failure.details.code;
    return { reason: code === 'hub_busy' ? 'busy' : code === 'hub_too_many' ? 'too_many' : hold.reason, since: hold.since, nextTryAt: hold.nextTryAt };
  }

  const announce = (): void => deps.events.emit('officeChanged', view());

  const mirrored = (view: TriageView): MirroredTriage => ({ ...view, sentBy: view.sent?.by ?? null });

  /** The office's reply expectations and links set by hand, written where this desk's reply tracking reads them. */
  function mirrorReplies(views: ReadonlyArray<TriageView | null>): void {
    for (const view of views) {
      if (view?.sent?.replyDue != null) deps.cache.replies.adopt(view.faxId, view.sent.replyDue, view.sent.by === current?.address.user);
      if (view?.replyLink) deps.cache.replies.adoptLink(view.faxId, view.replyLink.answers);
    }
  }

  /** Writes these faxes' triage views to the cache mirror (all of them at start, replacing what was there). */
  function mirror(faxIds: string[], options: { replaceAll?: boolean } = {}): void {
    if (desk === null) return;
    const triage = desk.triage;
    const entries = faxIds.map((faxId) => ({ faxId, view: triage.view(faxId) }));
    if (options.replaceAll) deps.cache.hubTriage.replaceAll(entries.flatMap((entry) => (entry.view ? [mirrored(entry.view)] : [])));
    else deps.cache.hubTriage.put(entries.map((entry) => ({ faxId: entry.faxId, triage: entry.view ? mirrored(entry.view) : null })));
    mirrorReplies(entries.map((entry) => entry.view));
    const filed = adoptOfficeFilings(deps.cache.chartFilings, entries.map((entry) => entry.view), deps.now?.() ?? Date.now());
    if (filed.length > 0) {
      deps.events.emit('faxesChanged', { added: [], updated: filed, unreadInbound: deps.cache.faxes.unreadInbound() });
      deps.events.emit('chartChanged', { faxIds: filed, toFile: deps.cache.chartFilings.counts().toFile });
    }
    // A sent fax has no handled mark: only received ones (and ones the hub knows only by their triage) are marked.
    const marked = entries.filter((entry) => !entry.view?.sent);
    const handled = marked.filter((entry) => entry.view?.handled).map((entry) => entry.faxId);
    const open = marked.filter((entry) => !entry.view?.handled).map((entry) => entry.faxId);
    if (handled.length > 0) deps.cache.handling.mark(handled, deps.now?.() ?? Date.now());
    if (open.length > 0) deps.cache.handling.mark(open, null);
    deps.events.emit('triageChanged', { faxIds, triage: summariesOf(faxIds) });
    deps.events.emit('handlingChanged', { notHandled: deps.cache.handling.notHandled(), faxIds });
  }

  /** What the window shows of each fax's triage (null: nothing on the hub or this desk). */
  function summariesOf(faxIds: readonly string[]): Record<string, FaxTriageSummary | null> {
    const found = service.summaries(faxIds);
    return Object.fromEntries(faxIds.map((faxId) => [faxId, found.get(faxId) ?? null]));
  }

  /** The office's labels or people changed on some desk: read them again and tell the window. */
  function officeListsChanged(): void {
    // A change of the office may be a new office key (someone was removed): take it before reading sealed names.
    void refreshSessionKeys()
      .then(() => Promise.all([refreshPeople(), labelBook.refresh()]))
      .then(() => {
        announce();
        // The rows showing a label are drawn again (a renamed or removed label reads differently there).
        const labelled = desk === null ? [] : [...desk.triage.views().values()].filter((view) => view.labelIds.length > 0).map((view) => view.faxId);
        deps.events.emit('triageChanged', { faxIds: labelled, triage: summariesOf(labelled) });
      })
      .catch((error: unknown) => log.info('office.lists_unavailable', { error }));
  }

  async function refreshPeople(): Promise<void> {
    if (desk === null || current === null) return;
    const key = keyRing ?? current.officeKey;
    const me = current.address.user;
    // Who is waiting to join, and with which safety code, is the administrator's to see (the hub shows others none).
    const admin = current.role === 'admin';
    const [listed, waiting] = await desk.triage.withSession((session) => session.withClient(async (client) => [await listPeople(client, key), admin ? await joiningPeople(client) : []] as const));
    const joining = new Map(waiting.map((person) => [person.login, person]));
    people.clear();
    peopleReadAt = deps.now?.() ?? Date.now();
    for (const person of listed) {
      const asked = joining.get(person.login);
      people.set(person.login, { ...person, me: person.login === me, joining: asked ? { safetyCode: asked.safetyCode, expiresAt: asked.expiresAt } : null });
    }
  }

  /**
   * Moves this desk's own handled marks and notes to the hub, once (fixed action ids: asking again moves nothing).
   * `own` is read before the hub's marks are mirrored into the same table, so only this desk's are moved.
   */
  async function moveLocalMarks(own: ReadonlyArray<{ faxId: FaxId; handledAt: number | null; note: string }>): Promise<void> {
    if (desk === null || current === null || current.localMoved) return;
    const login = current.address.user;
    for (const mark of own) {
      if (mark.handledAt !== null && !desk.triage.view(mark.faxId)?.handled) await desk.triage.act({ faxId: mark.faxId, kind: 'handled', handled: true, id: fixedActionId(login, mark.faxId, 'handled') });
      if (mark.note.trim() !== '') await desk.triage.act({ faxId: mark.faxId, kind: 'note', text: mark.note, id: fixedActionId(login, mark.faxId, 'note') });
    }
    current = { ...current, localMoved: true };
    await membership.update(current);
  }

  /** The office key changed (a person was removed): the new one is this desk's to seal with, kept in the keychain. */
  function keysChanged(ring: KeyRing): void {
    keyRing = ring;
    if (current === null || current.officeKey.equals(ring.current)) return;
    current = { ...current, officeKey: ring.current };
    void membership.keepOfficeKey(ring.current).catch((error: unknown) => log.warn('office.key_not_kept', { error }));
  }

  /** The desk's session takes a newer office key from the hub, and the history (told to keysChanged). */
  async function refreshSessionKeys(): Promise<void> {
    await desk?.triage.withSession((session) => session.refreshKeys()).catch((error: unknown) => log.info('office.keys_unavailable', { error }));
  }

  /** This desk's own key pair: made once (desks that joined before desks had one), kept in the keychain. */
  async function deskKeysOf(joined: Membership & MembershipSecrets): Promise<DeskKeys> {
    let pem = joined.deskKey;
    if (pem === null) {
      pem = newDeskKeyPair().privateKeyPem;
      await membership.keepDeskKey(pem);
      if (current !== null) current = { ...current, deskKey: pem };
    }
    return { privateKeyPem: pem, publicKey: crypto.createPublicKey(pem).export({ type: 'spki', format: 'der' }) };
  }

  async function openDesk(joined: Membership & MembershipSecrets): Promise<void> {
    const own = joined.localMoved ? [] : deps.cache.handling.all();
    current = joined;
    keyRing = { current: joined.officeKey, older: [] };
    status = { state: 'connecting', pending: 0, hold: null, refusal: null };
    const deskKeys = await deskKeysOf(joined);
    desk = createOfficeDesk({
      address: joined.address,
      credentials: credentialsOf(joined),
      officeKey: joined.officeKey,
      deskKeys,
      onKeys: keysChanged,
      deskId: joined.deskId,
      dataDir: deps.dataDir,
      fileKey: deps.fileKey,
      log: deps.log,
      onChanged: mirror,
      onStatus: (next) => {
        if (next.state === 'offline' && status.state !== 'offline') unreachableSince = deps.now?.() ?? Date.now();
        if (next.state === 'removed' && status.state !== 'removed') void noteRemoval(null);
        status = next;
        announce();
      },
      onLostClaim: (lost) => deps.events.emit('claimLost', { faxId: lost.faxId, reference: deps.cache.faxes.detail(lost.faxId)?.reference ?? null, by: ref(lost.by), since: lost.since }),
      onOfficeChanged: officeListsChanged,
      onRemovalHeard: (login, by) => {
        if (login === current?.address.user) void noteRemoval(by);
      },
      ...(deps.now ? { now: deps.now } : {}),
      ...(deps.timers ? { timers: deps.timers } : {}),
      ...(deps.checkpoint ? { checkpoint: deps.checkpoint } : {}),
      ...(deps.catchUpMs !== undefined ? { catchUpMs: deps.catchUpMs } : {}),
    });
    const opened = desk;
    unhookAudit = deps.cache.audit.onRecord((action, faxId) => {
      if (faxId !== null && status.state !== 'removed' && (action === 'chart_filed' || action === 'chart_withdrawn')) {
        const filing = filingToShare(deps.cache.chartFilings.get(faxId));
        const told = action === 'chart_withdrawn' ? { faxId, kind: 'unfiled' as const } : filing === null ? null : { faxId, kind: 'filed' as const, filing };
        if (told !== null) void opened.triage.act(told).catch((error: unknown) => log.warn('office.filing_not_shared', { error }));
        return;
      }
      const shared = sharedAudit[action];
      if (shared && faxId !== null && status.state !== 'removed') void opened.triage.act({ faxId, kind: 'audit', audit: shared }).catch((error: unknown) => log.warn('office.audit_failed', { error }));
    });
    await opened.start();
    if (stopped || desk !== opened) return;
    mirror([...opened.triage.views().keys()], { replaceAll: true });
    await refreshPeople().catch((error: unknown) => log.info('office.people_unavailable', { error }));
    await labelBook.refresh().catch((error: unknown) => log.info('office.labels_unavailable', { error }));
    await moveLocalMarks(own).catch((error: unknown) => log.warn('office.move_failed', { error }));
    // Left or stopped meanwhile: no watch on a desk that is closed.
    if (stillOpen(opened)) {
      auditWatch = watchTrail(opened);
      auditWatch.start();
    }
    announce();
  }

  /**
   * Keeps who removed this person (heard from the hub as it happened) with the membership, so the desk still says
   * it after a restart; the first word heard is kept.
   */
  async function noteRemoval(by: string | null): Promise<void> {
    if (current === null) return;
    if (current.removal && (current.removal.by !== null || by === null)) return;
    const administrators = [...people.values()].filter((person) => person.role === 'admin' && !person.removed && !person.me).map((person) => person.login);
    const names = Object.fromEntries([...people.values()].filter((person) => person.login === by || administrators.includes(person.login)).map((person) => [person.login, person.name]));
    current = { ...current, removal: { by, at: current.removal?.at ?? deps.now?.() ?? Date.now(), names, administrators } };
    await membership.update(current).catch((error: unknown) => log.warn('office.removal_not_kept', { error }));
    announce();
  }

  async function closeDesk(): Promise<void> {
    unhookAudit?.();
    unhookAudit = null;
    auditWatch?.stop();
    auditWatch = null;
    trailFindings = [];
    const closing = desk;
    desk = null;
    await closing?.stop();
  }

  function joinedDesk(): OfficeDesk {
    if (desk === null || current === null) throw new AppError('invalid_input', msg('office.notInAnOffice'), { code: 'office_not_joined' });
    return desk;
  }

  function requireAdmin(): Membership & MembershipSecrets {
    joinedDesk();
    if (current === null || current.role !== 'admin') throw new AppError('permission', msg('office.onlyTheAdministrator'), { code: 'office_not_admin' });
    return current;
  }

  const stillOpen = (opened: OfficeDesk): boolean => !stopped && desk === opened;

  function watchTrail(opened: OfficeDesk): AuditWatch {
    return createAuditWatch({
      read: (kept) => opened.triage.withSession((session) => session.chainHeads(kept)),
      kept: () => current?.auditHeads ?? [],
      keep: async (heads) => {
        if (current === null || JSON.stringify(current.auditHeads) === JSON.stringify(heads)) return;
        current = { ...current, auditHeads: heads };
        await membership.update(current);
      },
      onFindings: (found) => {
        trailFindings = found;
        announce();
      },
      log,
      ...(deps.now ? { now: deps.now } : {}),
      ...(deps.timers ? { timers: deps.timers } : {}),
    });
  }

  const auditTrail = createAuditExport({
    keptHeads: async () => {
      // The newest heads first (the hub may be unreachable: then the ones kept so far).
      await auditWatch?.check().catch((error: unknown) => log.info('office.audit_watch_unavailable', { error }));
      return current?.auditHeads ?? [];
    },
    entries: (range) => joinedDesk().triage.withSession((session) => session.auditEntries(range)),
    officeKey: () => {
      joinedDesk();
      if (current === null) throw new AppError('invalid_input', msg('office.notInAnOffice'), { code: 'office_not_joined' });
      // The key history too: entries written before a key change are sealed with an older key.
      return keyRing ?? current.officeKey;
    },
    personName: (login) => people.get(login)?.name ?? null,
    labelName: (id) => labelBook.all().find((label) => label.id === id)?.name ?? null,
    faxReference: (faxId) => deps.cache.faxes.detail(faxId)?.reference ?? null,
    desktop: deps.desktop,
  });

  const service: OfficeService = {
    async start() {
      try {
        const stored = await membership.read();
        if (stopped) return;
        if (!stored) {
          await joiningDesk.resume();
          return;
        }
        opening = openDesk(stored).catch((error: unknown) => log.warn('office.start_failed', { error }));
      } finally {
        membershipKnown();
      }
    },

    started: () => opening,

    view,

    async create(input) {
      if (current !== null) throw new AppError('conflict', msg('office.alreadyInAnOffice'), { code: 'office_joined' });
      const certificate = input.clientCertificate?.trim() ? input.clientCertificate : null;
      const clientKey = input.clientKey?.trim() ? input.clientKey : null;
      const password = input.password ? input.password : null;
      // A password, or a client certificate with its key: one way to sign in, complete.
      if ((certificate === null) !== (clientKey === null) || (clientKey !== null && !privateKeyPem.test(clientKey)) || (password === null && certificate === null)) {
        throw new AppError('invalid_input', msg('office.passwordOrCertificate'), { code: 'office_credentials' });
      }
      const parsed = hubAddressSchema.safeParse({ host: input.host, port: input.port, database: input.database, user: input.user, ca: input.ca?.trim() ? input.ca : null, clientCertificate: certificate });
      if (!parsed.success) throw new AppError('invalid_input', msg('office.addressInvalid'), { code: 'office_address' });
      const secrets = { password, clientKey };
      const deskId = crypto.randomUUID();
      const { officeKey } = await createOffice(parsed.data, credentialsOf(secrets), { user: input.setupUser, password: input.setupPassword }, { name: input.name, deskId });
      if (officeKey === null) throw new AppError('conflict', msg('office.officeExists'), { code: 'office_exists' });
      const joined: Membership = { version: 1, address: parsed.data, deskId, role: 'admin', joinedAt: deps.now?.() ?? Date.now(), localMoved: false, auditHeads: [], removal: null };
      const deskKey = newDeskKeyPair().privateKeyPem;
      await membership.write(joined, { ...secrets, officeKey, deskKey });
      await openDesk({ ...joined, ...secrets, officeKey, deskKey });
      return view();
    },

    async upgradeHub(setup) {
      const admin = requireAdmin();
      await upgradeOffice(admin.address, setup);
      await desk?.retry();
      return view();
    },

    async join(code) {
      if (current !== null || joiningDesk.view() !== null) throw new AppError('conflict', msg('office.alreadyInAnOffice'), { code: 'office_joined' });
      await joiningDesk.begin(code);
      return view();
    },

    async resetPerson(person) {
      const admin = requireAdmin();
      if (person.login === admin.address.user) throw new AppError('invalid_input', msg('office.cannotResetAdministrator'), { code: 'office_reset_admin' });
      const reset = await resetPerson(admin.address, credentialsOf(admin), keyRing ?? admin.officeKey, { login: person.login, validMs: person.validHours === undefined ? undefined : person.validHours * 3600_000 }, admin.deskId);
      keysChanged(reset.keys);
      await refreshSessionKeys();
      await refreshPeople().catch(() => undefined);
      return { joinCode: reset.joinCode };
    },

    async confirmJoin(login, safetyCode) {
      const admin = requireAdmin();
      await confirmJoin(admin.address, credentialsOf(admin), keyRing ?? admin.officeKey, login, safetyCode, admin.deskId);
      await refreshPeople().catch(() => undefined);
    },

    async leave() {
      if (current === null) {
        await joiningDesk.cancel();
        return view();
      }
      await closeDesk();
      await membership.remove();
      deps.cache.hubTriage.clear();
      current = null;
      people.clear();
      labelBook.clear();
      announce();
      return view();
    },

    async people() {
      joinedDesk();
      // The list is read again whenever the office's lists change (a notification), so a recent read is the list;
      // opening Settings does not ask the hub each time.
      if (people.size === 0 || (deps.now?.() ?? Date.now()) - peopleReadAt > peopleFreshMs) await refreshPeople();
      return [...people.values()];
    },

    async addPerson(person) {
      const admin = requireAdmin();
      const joinCode = await addPerson(admin.address, credentialsOf(admin), keyRing ?? admin.officeKey, { login: person.login, name: person.name, validMs: person.validHours === undefined ? undefined : person.validHours * 3600_000 }, admin.deskId);
      await refreshPeople().catch(() => undefined);
      return { joinCode };
    },

    async removePerson(login) {
      const admin = requireAdmin();
      if (login === admin.address.user) throw new AppError('invalid_input', msg('office.cannotRemoveYourself'), { code: 'office_remove_self' });
      const ring = await removePerson(admin.address, credentialsOf(admin), keyRing ?? admin.officeKey, login, admin.deskId);
      // The new key first on this desk: its own session takes it (and the history) from the hub too.
      keysChanged(ring);
      await refreshSessionKeys();
      await refreshPeople().catch(() => undefined);
    },

    async claim(faxId) {
      const outcome = await joinedDesk().triage.act({ faxId, kind: 'claim' });
      if (outcome.queued) return { kind: 'queued' };
      const claim = outcome.claim;
      if (claim === undefined || claim.won) return { kind: 'won' };
      return { kind: 'taken', by: ref(claim.by), since: claim.since };
    },

    async release(faxId) {
      await joinedDesk().triage.act({ faxId, kind: 'release' });
    },

    async takeOver(faxId) {
      await joinedDesk().triage.act({ faxId, kind: 'takeOver' });
    },

    async assign(faxId, login) {
      if (login !== null && !people.has(login)) await refreshPeople().catch(() => undefined);
      if (login !== null && (!people.has(login) || people.get(login)?.removed)) throw new AppError('invalid_input', msg('office.noSuchPerson'), { code: 'office_no_person' });
      await joinedDesk().triage.act({ faxId, kind: 'assign', assignee: login });
    },

    async markHandled(faxIds, handled) {
      if (desk === null) return false;
      const received = faxIds.filter((faxId) => deps.cache.faxes.detail(faxId)?.direction === 'inbound');
      for (const faxId of received) await desk.triage.act({ faxId, kind: 'handled', handled });
      return true;
    },

    async notes(faxId) {
      const notes = await joinedDesk().triage.withSession((session) => session.notes(faxId));
      return notes.map((note) => ({ id: note.id, author: ref(note.author), at: note.at, text: note.text }));
    },

    async addNote(faxId, text) {
      await joinedDesk().triage.act({ faxId, kind: 'note', text: text.trim() });
    },

    async removeNote(faxId, noteId) {
      const desk = joinedDesk();
      await desk.triage.withSession((session) => session.removeNote(faxId, noteId));
      await desk.triage.refresh([faxId]);
    },

    labels: () => (current === null ? [] : labelBook.all()),

    async saveLabel(label) {
      requireAdmin();
      const id = await labelBook.save(label);
      announce();
      return id;
    },

    async removeLabel(labelId) {
      requireAdmin();
      await labelBook.remove(labelId);
      announce();
    },

    async setLabels(faxId, labelIds) {
      const triage = joinedDesk().triage;
      const unique = [...new Set(labelIds)];
      if (unique.some((id) => !labelBook.has(id))) {
        await labelBook.refresh().catch(() => undefined);
        // A label removed meanwhile that the fax already carries may stay; a new one must be the office's.
        const carried = new Set(triage.view(faxId)?.labelIds ?? []);
        if (unique.some((id) => !labelBook.has(id) && !carried.has(id))) throw new AppError('invalid_input', msg('office.noSuchLabel'), { code: 'office_no_label' });
      }
      await triage.act({ faxId, kind: 'labels', labelIds: unique });
    },

    shareSent(faxId, replyDue) {
      if (desk === null) return;
      void desk.triage.act({ faxId, kind: 'sent', replyDue }).catch((error: unknown) => log.warn('office.sent_not_shared', { error }));
    },

    shareReplyLink(inboundId, outboundId) {
      if (desk === null) return;
      void desk.triage.act({ faxId: inboundId, kind: 'replyLink', answers: outboundId }).catch((error: unknown) => log.warn('office.link_not_shared', { error }));
    },

    summaries(faxIds) {
      const found = new Map<FaxId, FaxTriageSummary>();
      if (current === null || faxIds.length === 0) return found;
      for (const [faxId, triage] of deps.cache.hubTriage.among(faxIds)) {
        found.set(faxId, {
          claimedBy: triage.claim ? ref(triage.claim.by) : null,
          claimedAt: triage.claim?.since ?? null,
          assignee: triage.assignee ? ref(triage.assignee) : null,
          handledBy: triage.handled ? ref(triage.handled.by) : null,
          labels: labelBook.named(triage.labelIds),
          sentBy: triage.sentBy ? ref(triage.sentBy) : null,
          notes: triage.notes,
          pending: triage.pending > 0,
        });
      }
      return found;
    },

    login: () => current?.address.user ?? null,

    jobs: {
      // A desk that starts does not act on its own before it knows it is in an office: restarted, it would otherwise
      // save or print again what another desk finished while it was away.
      async take(job, notBefore) {
        await known;
        if (desk === null) return { turn: 'mine', target: null };
        if (status.state === 'removed') throw new AppError('permission', msg('office.youWereRemoved'), { code: 'office_removed' });
        return desk.triage.withSession((session) => session.takeJob(job, deps.leaseMs ?? officeLeaseMs, notBefore));
      },
      async name(job, target) {
        await known;
        if (desk === null) return;
        await desk.triage.withSession((session) => session.nameJob(job, target));
      },
      async renew(job) {
        await known;
        if (desk === null) return true;
        return desk.triage.withSession((session) => session.renewJob(job, deps.leaseMs ?? officeLeaseMs));
      },
      async finish(job) {
        await known;
        if (desk === null) return;
        await desk.triage.withSession((session) => session.finishJob(job));
      },
    },

    waiting() {
      if (desk === null) return [];
      return desk.triage.waiting().map((action) => ({ kind: action.kind, faxId: action.faxId, reference: deps.cache.faxes.detail(action.faxId)?.reference ?? null, at: action.createdAt, audit: action.audit }));
    },

    async retry() {
      joinedDesk();
      await desk?.retry();
      return view();
    },


    auditRows: (range) => auditTrail.rows(range),
    exportAudit: (range) => auditTrail.save(range),

    async stop() {
      stopped = true;
      joiningDesk.stop();
      await closeDesk();
    },
  };
  return service;
}
