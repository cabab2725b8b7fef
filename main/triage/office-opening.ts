/**
 * Opening this desk's office and closing it: the hub connection (the office desk), what the desk tells the office of
 * its own audit entries and chart filings, moving the desk's marks made before it joined, the watch on the audit
 * trail, and keeping who removed this person.
 */
import crypto from 'node:crypto';
import type { FaxId } from '../../preload/fax-id';
import type { AuditAction as HubAuditAction } from '../hub/audit-chain';
import { newDeskKeyPair } from '../hub/desk-key';
import type { DeskKeys } from '../hub/office-keyring';
import type { AuditAction } from '../store/cache/audit-log';
import { createAuditWatch, type AuditWatch } from './audit-watch';
import type { Joined, OfficeContext } from './office-context';
import { createOfficeDesk, type OfficeDesk } from './office-desk';
import { filingToShare } from './office-filings';
import { credentialsOf } from './office-membership';
import type { OfficeMirror } from './office-mirror';
import type { OfficePeople } from './office-people';

/** What a local audit entry is in the office's trail (the rest stays on this desk). */
const sharedAudit: Partial<Record<AuditAction, HubAuditAction>> = { view: 'viewed', print: 'printed', save_pdf: 'saved', forward: 'forwarded', rule_save: 'saved', rule_print: 'printed' };

/** An id that is the same each time for the same person, fax and purpose: moving local marks twice moves them once. */
function fixedActionId(...parts: string[]): string {
  const hex = crypto.createHash('sha256').update(parts.join('\n')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface OfficeOpening {
  open(joined: Joined): Promise<void>;
  close(): Promise<void>;
  /** The audit trail's watch while the desk is open (null otherwise). */
  auditWatch(): AuditWatch | null;
}

export function createOfficeOpening(context: OfficeContext, parts: { people: OfficePeople; mirror: OfficeMirror }): OfficeOpening {
  const { deps, state, log, membership } = context;
  const { people, mirror } = parts;
  let unhookAudit: (() => void) | null = null;
  let auditWatch: AuditWatch | null = null;

  /** The office's labels or people changed on some desk: read them again and tell the window. */
  function officeListsChanged(): void {
    // A change of the office may be a new office key (someone was removed): take it before reading sealed names.
    void people
      .refreshSessionKeys()
      .then(() => Promise.all([people.refresh(), context.labelBook.refresh()]))
      .then(() => {
        context.announce();
        // The rows showing a label are drawn again (a renamed or removed label reads differently there).
        const labelled = state.desk === null ? [] : [...state.desk.triage.views().values()].filter((view) => view.labelIds.length > 0).map((view) => view.faxId);
        deps.events.emit('triageChanged', { faxIds: labelled, triage: mirror.summariesOf(labelled) });
      })
      .catch((error: unknown) => log.info('office.lists_unavailable', { error }));
  }

  /**
   * Moves this desk's own handled marks and notes to the hub, once (fixed action ids: asking again moves nothing).
   * `own` is read before the hub's marks are mirrored into the same table, so only this desk's are moved.
   */
  async function moveLocalMarks(own: ReadonlyArray<{ faxId: FaxId; handledAt: number | null; note: string }>): Promise<void> {
    const { desk, current } = state;
    if (desk === null || current === null || current.localMoved) return;
    const login = current.address.user;
    for (const mark of own) {
      if (mark.handledAt !== null && !desk.triage.view(mark.faxId)?.handled) await desk.triage.act({ faxId: mark.faxId, kind: 'handled', handled: true, id: fixedActionId(login, mark.faxId, 'handled') });
      if (mark.note.trim() !== '') await desk.triage.act({ faxId: mark.faxId, kind: 'note', text: mark.note, id: fixedActionId(login, mark.faxId, 'note') });
    }
    const moved = { ...(state.current ?? current), localMoved: true };
    state.current = moved;
    await membership.update(moved);
  }

  /** This desk's own key pair: made once (desks that joined before desks had one), kept in the keychain. */
  async function deskKeysOf(joined: Joined): Promise<DeskKeys> {
    let pem = joined.deskKey;
    if (pem === null) {
      pem = newDeskKeyPair().privateKeyPem;
      await membership.keepDeskKey(pem);
      if (state.current !== null) state.current = { ...state.current, deskKey: pem };
    }
    return { privateKeyPem: pem, publicKey: crypto.createPublicKey(pem).export({ type: 'spki', format: 'der' }) };
  }

  /**
   * Keeps who removed this person (heard from the hub as it happened) with the membership, so the desk still says
   * it after a restart; the first word heard is kept.
   */
  async function noteRemoval(by: string | null): Promise<void> {
    const { current } = state;
    if (current === null) return;
    if (current.removal && (current.removal.by !== null || by === null)) return;
    const listed = [...context.people.values()];
    const administrators = listed.filter((person) => person.role === 'admin' && !person.removed && !person.me).map((person) => person.login);
    const names = Object.fromEntries(listed.filter((person) => person.login === by || administrators.includes(person.login)).map((person) => [person.login, person.name]));
    const noted = { ...current, removal: { by, at: current.removal?.at ?? context.now(), names, administrators } };
    state.current = noted;
    await membership.update(noted).catch((error: unknown) => log.warn('office.removal_not_kept', { error }));
    context.announce();
  }

  const stillOpen = (opened: OfficeDesk): boolean => !state.stopped && state.desk === opened;

  function watchTrail(opened: OfficeDesk): AuditWatch {
    return createAuditWatch({
      read: (kept) => opened.triage.withSession((session) => session.chainHeads(kept)),
      kept: () => state.current?.auditHeads ?? [],
      keep: async (heads) => {
        const { current } = state;
        if (current === null || JSON.stringify(current.auditHeads) === JSON.stringify(heads)) return;
        state.current = { ...current, auditHeads: heads };
        await membership.update(state.current);
      },
      onFindings: (found) => {
        state.trailFindings = found;
        context.announce();
      },
      log,
      ...(deps.now ? { now: deps.now } : {}),
      ...(deps.timers ? { timers: deps.timers } : {}),
    });
  }

  /** Tells the office what this desk did to a fax that belongs in its trail: chart filings, views, prints, saves. */
  function shareAudit(opened: OfficeDesk): () => void {
    return deps.cache.audit.onRecord((action, faxId) => {
      if (faxId === null || state.status.state === 'removed') return;
      if (action === 'chart_filed' || action === 'chart_withdrawn') {
        const filing = filingToShare(deps.cache.chartFilings.get(faxId));
        const told = action === 'chart_withdrawn' ? { faxId, kind: 'unfiled' as const } : filing === null ? null : { faxId, kind: 'filed' as const, filing };
        if (told !== null) void opened.triage.act(told).catch((error: unknown) => log.warn('office.filing_not_shared', { error }));
        return;
      }
      const shared = sharedAudit[action];
      if (shared) void opened.triage.act({ faxId, kind: 'audit', audit: shared }).catch((error: unknown) => log.warn('office.audit_failed', { error }));
    });
  }

  async function open(joined: Joined): Promise<void> {
    const own = joined.localMoved ? [] : deps.cache.handling.all();
    state.current = joined;
    state.keyRing = { current: joined.officeKey, older: [] };
    state.status = { state: 'connecting', pending: 0, hold: null, refusal: null };
    const deskKeys = await deskKeysOf(joined);
    const opened = createOfficeDesk({
      address: joined.address,
      credentials: credentialsOf(joined),
      officeKey: joined.officeKey,
      deskKeys,
      onKeys: people.keysChanged,
      deskId: joined.deskId,
      dataDir: deps.dataDir,
      fileKey: deps.fileKey,
      log: deps.log,
      onChanged: mirror.mirror,
      onStatus: (next) => {
        if (next.state === 'offline' && state.status.state !== 'offline') state.unreachableSince = context.now();
        if (next.state === 'removed' && state.status.state !== 'removed') void noteRemoval(null);
        state.status = next;
        context.announce();
      },
      onLostClaim: (lost) => deps.events.emit('claimLost', { faxId: lost.faxId, reference: deps.cache.faxes.detail(lost.faxId)?.reference ?? null, by: context.ref(lost.by), since: lost.since }),
      onOfficeChanged: officeListsChanged,
      onRemovalHeard: (login, by) => {
        if (login === state.current?.address.user) void noteRemoval(by);
      },
      ...(deps.now ? { now: deps.now } : {}),
      ...(deps.timers ? { timers: deps.timers } : {}),
      ...(deps.checkpoint ? { checkpoint: deps.checkpoint } : {}),
      ...(deps.catchUpMs !== undefined ? { catchUpMs: deps.catchUpMs } : {}),
    });
    state.desk = opened;
    unhookAudit = shareAudit(opened);
    await opened.start();
    if (!stillOpen(opened)) return;
    mirror.mirror([...opened.triage.views().keys()], { replaceAll: true });
    await people.refresh().catch((error: unknown) => log.info('office.people_unavailable', { error }));
    await context.labelBook.refresh().catch((error: unknown) => log.info('office.labels_unavailable', { error }));
    await moveLocalMarks(own).catch((error: unknown) => log.warn('office.move_failed', { error }));
    // Left or stopped meanwhile: no watch on a desk that is closed.
    if (stillOpen(opened)) {
      auditWatch = watchTrail(opened);
      auditWatch.start();
    }
    context.announce();
  }

  async function close(): Promise<void> {
    unhookAudit?.();
    unhookAudit = null;
    auditWatch?.stop();
    auditWatch = null;
    state.trailFindings = [];
    const closing = state.desk;
    state.desk = null;
    await closing?.stop();
  }

  return { open, close, auditWatch: () => auditWatch };
}
