/**
 * The office's people on this desk: the list as last read (read again when the hub says it changed), adding,
 * resetting and removing a person, confirming one who waits to join (the administrator's), and the office key that
 * changes when someone leaves.
 */
import type { PersonView } from '../../preload/office';
import { msg } from '../../preload/i18n/translator';
import { AppError } from '../errors';
import { addPerson, listPeople, removePerson } from '../hub/office-setup';
import { confirmJoin, joiningPeople } from '../hub/office-join';
import { resetPerson } from '../hub/office-reset';
import type { KeyRing } from '../hub/office-key';
import { credentialsOf } from './office-membership';
import type { OfficeContext } from './office-context';
import type { OfficeService } from './office-service-port';

/** How long the office's people as last read are taken as they are (changes are told and read at once). */
const peopleFreshMs = 30_000;

const validMsOf = (validHours: number | undefined): number | undefined => (validHours === undefined ? undefined : validHours * 3600_000);

export interface OfficePeople extends Pick<OfficeService, 'people' | 'addPerson' | 'resetPerson' | 'confirmJoin' | 'removePerson'> {
  /** Reads the people (and, for the administrator, who waits to join) from the hub. */
  refresh(): Promise<void>;
  /** The office key changed (a person was removed): the new one is this desk's to seal with, kept in the keychain. */
  keysChanged: (ring: KeyRing) => void;
  /** The desk's session takes a newer office key from the hub, and the history (told to keysChanged). */
  refreshSessionKeys(): Promise<void>;
}

export function createOfficePeople(context: OfficeContext): OfficePeople {
  const { state, people, log } = context;

  async function refresh(): Promise<void> {
    const { desk, current } = state;
    if (desk === null || current === null) return;
    const key = context.officeKeyRing(current);
    const me = current.address.user;
    // Who is waiting to join, and with which safety code, is the administrator's to see (the hub shows others none).
    const admin = current.role === 'admin';
    const [listed, waiting] = await desk.triage.withSession((session) => session.withClient(async (client) => [await listPeople(client, key), admin ? await joiningPeople(client) : []] as const));
    const joining = new Map(waiting.map((person) => [person.login, person]));
    people.clear();
    state.peopleReadAt = context.now();
    for (const person of listed) {
      const asked = joining.get(person.login);
      people.set(person.login, { ...person, me: person.login === me, joining: asked ? { safetyCode: asked.safetyCode, expiresAt: asked.expiresAt } : null });
    }
  }

  function keysChanged(ring: KeyRing): void {
    state.keyRing = ring;
    const { current } = state;
    if (current === null || current.officeKey.equals(ring.current)) return;
    state.current = { ...current, officeKey: ring.current };
    void context.membership.keepOfficeKey(ring.current).catch((error: unknown) => log.warn('office.key_not_kept', { error }));
  }

  async function refreshSessionKeys(): Promise<void> {
    await state.desk?.triage.withSession((session) => session.refreshKeys()).catch((error: unknown) => log.info('office.keys_unavailable', { error }));
  }

  const refreshQuietly = (): Promise<void> => refresh().catch(() => undefined);

  return {
    refresh,
    keysChanged,
    refreshSessionKeys,

    async people() {
      context.joinedDesk();
      // The list is read again whenever the office's lists change (a notification), so a recent read is the list;
      // opening Settings does not ask the hub each time.
      if (people.size === 0 || context.now() - state.peopleReadAt > peopleFreshMs) await refresh();
      return [...people.values()] satisfies PersonView[];
    },

    async addPerson(person) {
      const admin = context.requireAdmin();
      const joinCode = await addPerson(admin.address, credentialsOf(admin), context.officeKeyRing(admin), { login: person.login, name: person.name, validMs: validMsOf(person.validHours) }, admin.deskId);
      await refreshQuietly();
      return { joinCode };
    },

    async resetPerson(person) {
      const admin = context.requireAdmin();
      if (person.login === admin.address.user) throw new AppError('invalid_input', msg('office.cannotResetAdministrator'), { code: 'office_reset_admin' });
      const reset = await resetPerson(admin.address, credentialsOf(admin), context.officeKeyRing(admin), { login: person.login, validMs: validMsOf(person.validHours) }, admin.deskId);
      keysChanged(reset.keys);
      await refreshSessionKeys();
      await refreshQuietly();
      return { joinCode: reset.joinCode };
    },

    async confirmJoin(login, safetyCode) {
      const admin = context.requireAdmin();
      await confirmJoin(admin.address, credentialsOf(admin), context.officeKeyRing(admin), login, safetyCode, admin.deskId);
      await refreshQuietly();
    },

    async removePerson(login) {
      const admin = context.requireAdmin();
      if (login === admin.address.user) throw new AppError('invalid_input', msg('office.cannotRemoveYourself'), { code: 'office_remove_self' });
      const ring = await removePerson(admin.address, credentialsOf(admin), context.officeKeyRing(admin), login, admin.deskId);
      // The new key first on this desk: its own session takes it (and the history) from the hub too.
      keysChanged(ring);
      await refreshSessionKeys();
      await refreshQuietly();
    },
  };
}
