/**
 * The office on this desk: creating, joining and leaving it, and the parts that do the rest behind one port
 * (office-service-port.ts) — its people (office-people.ts), the cache mirror of the shared triage
 * (office-mirror.ts), opening and closing the desk's hub connection (office-opening.ts), what a person does to a fax
 * (office-triage-actions.ts) and the audit trail's export. Without a membership nothing here runs: no connection,
 * no timer, and the lists read exactly as before.
 */
import crypto from 'node:crypto';
import { msg } from '../../preload/i18n/translator';
import type { PersonView } from '../../preload/office';
import { AppError } from '../errors';
import { hubAddressSchema } from '../hub/hub-address';
import { createOffice, upgradeOffice } from '../hub/hub-setup';
import { newDeskKeyPair } from '../hub/desk-key';
import { createAuditExport } from './audit-export';
import { createOfficeContext, newOfficeState } from './office-context';
import { createJoiningDesk } from './office-joining';
import { createOfficeLabelBook } from './office-label-book';
import { createOfficeMembership, credentialsOf, type Membership } from './office-membership';
import { createOfficeMirror } from './office-mirror';
import { createOfficeOpening } from './office-opening';
import { createOfficePeople } from './office-people';
import type { OfficeService, OfficeServiceDeps } from './office-service-port';
import { createOfficeTriageActions } from './office-triage-actions';

export type { CreateOfficeInput, OfficeService, OfficeServiceDeps } from './office-service-port';

const privateKeyPem = /-----BEGIN [A-Z ]*PRIVATE KEY-----/;

export function createOfficeService(deps: OfficeServiceDeps): OfficeService {
  const log = deps.log.child('office');
  const state = newOfficeState();
  const people = new Map<string, PersonView>();
  let membershipKnown: () => void = () => undefined;
  const known = new Promise<void>((resolve) => (membershipKnown = resolve));
  let opening: Promise<void> = Promise.resolve();

  const joiningDesk = createJoiningDesk({
    dataDir: deps.dataDir,
    fileKey: deps.fileKey,
    log,
    joined: async (arrived) => {
      const record: Membership = { version: 1, address: arrived.address, deskId: crypto.randomUUID(), role: 'staff', joinedAt: context.now(), localMoved: false, auditHeads: [], removal: null };
      // The key pair it joined with stays this desk's: the office's next key is wrapped to it.
      const secrets = { password: arrived.password, clientKey: null, officeKey: arrived.officeKey, deskKey: arrived.privateKeyPem };
      await context.membership.write(record, secrets);
      // As at start: `started()` resolves once the desk is open (a failure to open is logged, never retried here).
      opening = desk.open({ ...record, ...secrets }).catch((error: unknown) => log.warn('office.start_failed', { error }));
      await opening;
    },
    changed: () => context.announce(),
    ...(deps.joinPollMs !== undefined ? { pollMs: deps.joinPollMs } : {}),
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.timers ? { timers: deps.timers } : {}),
  });

  const context = createOfficeContext({
    deps,
    log,
    membership: createOfficeMembership(deps.dataDir, deps.fileKey, deps.secrets),
    joiningDesk,
    labelBook: createOfficeLabelBook({ withSession: (work) => context.joinedDesk().triage.withSession(work) }),
    state,
    people,
    known,
  });
  const office = createOfficePeople(context);
  const mirror = createOfficeMirror(context);
  const desk = createOfficeOpening(context, { people: office, mirror });
  const actions = createOfficeTriageActions(context, office);

  const auditTrail = createAuditExport({
    keptHeads: async () => {
      // The newest heads first (the hub may be unreachable: then the ones kept so far).
      await desk.auditWatch()?.check().catch((error: unknown) => log.info('office.audit_watch_unavailable', { error }));
      return state.current?.auditHeads ?? [];
    },
    entries: (range) => context.joinedDesk().triage.withSession((session) => session.auditEntries(range)),
    officeKey: () => {
      context.joinedDesk();
      if (state.current === null) throw new AppError('invalid_input', msg('office.notInAnOffice'), { code: 'office_not_joined' });
      // The key history too: entries written before a key change are sealed with an older key.
      return context.officeKeyRing(state.current);
    },
    personName: (login) => people.get(login)?.name ?? null,
    labelName: (id) => context.labelBook.all().find((label) => label.id === id)?.name ?? null,
    faxReference: (faxId) => deps.cache.faxes.detail(faxId)?.reference ?? null,
    desktop: deps.desktop,
  });

  return {
    ...actions,
    people: office.people,
    addPerson: office.addPerson,
    resetPerson: office.resetPerson,
    confirmJoin: office.confirmJoin,
    removePerson: office.removePerson,
    summaries: mirror.summaries,
    view: context.view,

    async start() {
      try {
        const stored = await context.membership.read();
        if (state.stopped) return;
        if (!stored) {
          await joiningDesk.resume();
          return;
        }
        opening = desk.open(stored).catch((error: unknown) => log.warn('office.start_failed', { error }));
      } finally {
        membershipKnown();
      }
    },

    started: () => opening,

    async create(input) {
      if (state.current !== null) throw new AppError('conflict', msg('office.alreadyInAnOffice'), { code: 'office_joined' });
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
      const joined: Membership = { version: 1, address: parsed.data, deskId, role: 'admin', joinedAt: context.now(), localMoved: false, auditHeads: [], removal: null };
      const deskKey = newDeskKeyPair().privateKeyPem;
      await context.membership.write(joined, { ...secrets, officeKey, deskKey });
      await desk.open({ ...joined, ...secrets, officeKey, deskKey });
      return context.view();
    },

    async upgradeHub(setup) {
      const admin = context.requireAdmin();
      await upgradeOffice(admin.address, setup);
      await state.desk?.retry();
      return context.view();
    },

    async join(code) {
      if (state.current !== null || joiningDesk.view() !== null) throw new AppError('conflict', msg('office.alreadyInAnOffice'), { code: 'office_joined' });
      await joiningDesk.begin(code);
      return context.view();
    },

    async leave() {
      if (state.current === null) {
        await joiningDesk.cancel();
        return context.view();
      }
      await desk.close();
      await context.membership.remove();
      deps.cache.hubTriage.clear();
      state.current = null;
      people.clear();
      context.labelBook.clear();
      context.announce();
      return context.view();
    },

    login: () => state.current?.address.user ?? null,

    async retry() {
      context.joinedDesk();
      await state.desk?.retry();
      return context.view();
    },

    auditRows: (range) => auditTrail.rows(range),
    exportAudit: (range) => auditTrail.save(range),

    async stop() {
      state.stopped = true;
      joiningDesk.stop();
      await desk.close();
    },
  };
}
