/**
 * What a person does to a received fax for the office — claim, release, take over, assign, mark handled, notes,
 * labels — and what the desk tells the office of its sent faxes and reply links; the actions still waiting for the
 * hub; and the leases of work done once per office.
 */
import { msg } from '../../preload/i18n/translator';
import { AppError } from '../errors';
import { officeLeaseMs } from '../hub/office-leases';
import type { OfficeContext } from './office-context';
import type { OfficePeople } from './office-people';
import type { OfficeService } from './office-service-port';

export type OfficeTriageActions = Pick<
  OfficeService,
  'claim' | 'release' | 'takeOver' | 'assign' | 'markHandled' | 'notes' | 'addNote' | 'removeNote' | 'labels' | 'saveLabel' | 'removeLabel' | 'setLabels' | 'shareSent' | 'shareReplyLink' | 'waiting' | 'jobs'
>;

export function createOfficeTriageActions(context: OfficeContext, people: OfficePeople): OfficeTriageActions {
  const { deps, state, log, labelBook } = context;
  const triage = () => context.joinedDesk().triage;
  const leaseMs = deps.leaseMs ?? officeLeaseMs;

  /** The office's desk for a lease, or null when this desk is in no office (every job is then this desk's). */
  async function jobDesk() {
    await context.known;
    return state.desk;
  }

  return {
    async claim(faxId) {
      const outcome = await triage().act({ faxId, kind: 'claim' });
      if (outcome.queued) return { kind: 'queued' };
      const claim = outcome.claim;
      if (claim === undefined || claim.won) return { kind: 'won' };
      return { kind: 'taken', by: context.ref(claim.by), since: claim.since };
    },

    async release(faxId) {
      await triage().act({ faxId, kind: 'release' });
    },

    async takeOver(faxId) {
      await triage().act({ faxId, kind: 'takeOver' });
    },

    async assign(faxId, login) {
      const listed = context.people;
      if (login !== null && !listed.has(login)) await people.refresh().catch(() => undefined);
      if (login !== null && (!listed.has(login) || listed.get(login)?.removed)) throw new AppError('invalid_input', msg('office.noSuchPerson'), { code: 'office_no_person' });
      await triage().act({ faxId, kind: 'assign', assignee: login });
    },

    async markHandled(faxIds, handled) {
      const { desk } = state;
      if (desk === null) return false;
      const received = faxIds.filter((faxId) => deps.cache.faxes.detail(faxId)?.direction === 'inbound');
      for (const faxId of received) await desk.triage.act({ faxId, kind: 'handled', handled });
      return true;
    },

    async notes(faxId) {
      const notes = await triage().withSession((session) => session.notes(faxId));
      return notes.map((note) => ({ id: note.id, author: context.ref(note.author), at: note.at, text: note.text }));
    },

    async addNote(faxId, text) {
      await triage().act({ faxId, kind: 'note', text: text.trim() });
    },

    async removeNote(faxId, noteId) {
      const shared = triage();
      await shared.withSession((session) => session.removeNote(faxId, noteId));
      await shared.refresh([faxId]);
    },

    labels: () => (state.current === null ? [] : labelBook.all()),

    async saveLabel(label) {
      context.requireAdmin();
      const id = await labelBook.save(label);
      context.announce();
      return id;
    },

    async removeLabel(labelId) {
      context.requireAdmin();
      await labelBook.remove(labelId);
      context.announce();
    },

    async setLabels(faxId, labelIds) {
      const shared = triage();
      const unique = [...new Set(labelIds)];
      if (unique.some((id) => !labelBook.has(id))) {
        await labelBook.refresh().catch(() => undefined);
        // A label removed meanwhile that the fax already carries may stay; a new one must be the office's.
        const carried = new Set(shared.view(faxId)?.labelIds ?? []);
        if (unique.some((id) => !labelBook.has(id) && !carried.has(id))) throw new AppError('invalid_input', msg('office.noSuchLabel'), { code: 'office_no_label' });
      }
      await shared.act({ faxId, kind: 'labels', labelIds: unique });
    },

    shareSent(faxId, replyDue) {
      void state.desk?.triage.act({ faxId, kind: 'sent', replyDue }).catch((error: unknown) => log.warn('office.sent_not_shared', { error }));
    },

    shareReplyLink(inboundId, outboundId) {
      void state.desk?.triage.act({ faxId: inboundId, kind: 'replyLink', answers: outboundId }).catch((error: unknown) => log.warn('office.link_not_shared', { error }));
    },

    waiting() {
      if (state.desk === null) return [];
      return state.desk.triage.waiting().map((action) => ({ kind: action.kind, faxId: action.faxId, reference: deps.cache.faxes.detail(action.faxId)?.reference ?? null, at: action.createdAt, audit: action.audit }));
    },

    jobs: {
      // A desk that starts does not act on its own before it knows it is in an office: restarted, it would otherwise
      // save or print again what another desk finished while it was away.
      async take(job, notBefore) {
        const desk = await jobDesk();
        if (desk === null) return { turn: 'mine', target: null };
        if (state.status.state === 'removed') throw new AppError('permission', msg('office.youWereRemoved'), { code: 'office_removed' });
        return desk.triage.withSession((session) => session.takeJob(job, leaseMs, notBefore));
      },
      async name(job, target) {
        const desk = await jobDesk();
        await desk?.triage.withSession((session) => session.nameJob(job, target));
      },
      async renew(job) {
        const desk = await jobDesk();
        if (desk === null) return true;
        return desk.triage.withSession((session) => session.renewJob(job, leaseMs));
      },
      async finish(job) {
        const desk = await jobDesk();
        await desk?.triage.withSession((session) => session.finishJob(job));
      },
    },
  };
}
