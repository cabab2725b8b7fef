/**
 * Removal changes the office key (issue 38, point 5), attacked by the removed member who kept the old key and a copy
 * of the database: what is written after the removal does not open with the old key; the members' desks take the
 * new key by themselves (live, or at their next session) and still read everything older through the key history,
 * as does someone who joins after the change. A desk that never left its desk key cannot take the new key and is
 * told so. The hub never holds a key in the clear.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { hubClientConfig, type HubAddress } from '../../main/hub/hub-address';
import { newDeskKeyPair } from '../../main/hub/desk-key';
import { openHubSession, type HubSession } from '../../main/hub/hub-session';
import { open, openOrNull, type KeyRing } from '../../main/hub/office-key';
import type { DeskKeys } from '../../main/hub/office-keyring';
import { joinWithConfirmation, useTestOffice } from '../helpers/hub-office';
import { resetPerson } from '../../main/hub/office-reset';
import { deskKeysPerPerson } from '../../main/hub/hub-schema-keys';

const hub = useTestOffice();
const raw: pg.Client[] = [];
afterAll(() => Promise.all(raw.map((client) => client.end().catch(() => undefined))));

function deskKeys(): DeskKeys {
  const pair = newDeskKeyPair();
  return { privateKeyPem: pair.privateKeyPem, publicKey: pair.publicKey };
}

interface Desk {
  login: string;
  address: HubAddress;
  password: string;
  keys: DeskKeys | null;
  session: HubSession;
  rings: KeyRing[];
}

/** A person's desk as the app opens it: with its desk key left on the hub (or none, like a desk of an older app). */
async function desk(name: string, withDeskKey = true): Promise<Desk> {
  const { session: first, address, password } = await hub.office.person(name, name);
  await first.close();
  const keys = withDeskKey ? deskKeys() : null;
  const rings: KeyRing[] = [];
  const session = hub.keep(await openHubSession({ address, credentials: { password }, officeKey: hub.office.keys, deskKeys: keys, onKeys: (ring) => rings.push(ring), deskId: crypto.randomUUID() }));
  return { login: session.login, address, password, keys, session, rings };
}

const sealedNote = (id: string): Buffer => Buffer.from(hub.server.sql(hub.office.address.database, `SELECT encode(body_sealed, 'hex') FROM fax_hub.notes WHERE id = '${id}'`).trim(), 'hex');

describe('the office key changes when someone is removed', () => {
  it('what is written after the removal does not open with the key the removed person kept; members read everything', async () => {
    const [maria, tom, mallory] = [await desk('kc_maria'), await desk('kc_tom'), await desk('kc_mallory')];
    const faxId = '995000000000000001';
    const before = await maria.session.addNote(faxId, 'Called the clinic back');
    const keptByMallory = mallory.session.officeKey.current;
    expect(keptByMallory.equals(hub.office.officeKey)).toBe(true);

    await hub.office.remove(mallory.login, 0);
    const newKey = hub.office.officeKey;
    expect(newKey.equals(keptByMallory)).toBe(false);

    // Maria's desk, live: told of a change of the office, it takes the new key wrapped to its desk key.
    await maria.session.refreshKeys();
    expect(maria.session.officeKey.current.equals(newKey)).toBe(true);
    expect(maria.rings.at(-1)?.current.equals(newKey)).toBe(true);
    const after = await maria.session.addNote(faxId, 'Referral for Maria Lopez sent back');
    // Mallory, with the old key and a copy of the database, opens the note from before and not the one after.
    expect(openOrNull(keptByMallory, 'note', `${faxId}/${before.id}`, sealedNote(before.id))).toBe('Called the clinic back');
    expect(openOrNull(keptByMallory, 'note', `${faxId}/${after.id}`, sealedNote(after.id))).toBeNull();
    // Nor the new key from what the hub holds: every grant is wrapped to another desk's key; no key in the clear.
    const grants = hub.server.sql(hub.office.address.database, "SELECT string_agg(login || ':' || encode(wrapped, 'hex'), ',') FROM fax_hub.key_grants");
    expect(grants).not.toContain(mallory.login);
    const everything = hub.server.dump(hub.office.address.database);
    for (const form of [newKey.toString('hex'), newKey.toString('base64'), keptByMallory.toString('hex')]) expect(everything).not.toContain(form);

    // Tom's desk, at its next session from the key it kept: takes the new key, and reads the whole thread.
    await tom.session.close();
    const tomAgain = hub.keep(await openHubSession({ address: tom.address, credentials: { password: tom.password }, officeKey: keptByMallory, deskKeys: tom.keys, deskId: crypto.randomUUID() }));
    expect(tomAgain.officeKey.current.equals(newKey)).toBe(true);
    expect((await tomAgain.notes(faxId)).map((note) => note.text)).toEqual(['Called the clinic back', 'Referral for Maria Lopez sent back']);
    // Removed, Mallory cannot even ask.
    const mallorys = new pg.Client(hubClientConfig(mallory.address, { password: mallory.password }));
    mallorys.on('error', () => undefined);
    await expect(mallorys.connect()).rejects.toMatchObject({ code: '28000' });
  });

  it('someone who joins after the change reads what was written before it, through the key history', async () => {
    const [maria] = [await desk('hist_maria')];
    const faxId = '995000000000000002';
    const old = await maria.session.addNote(faxId, 'Lab results faxed to Dr Patel');
    const leaver = await desk('hist_leaver');
    await hub.office.remove(leaver.login, 0);
    await hub.office.remove((await desk('hist_leaver_two')).login, 0);
    const ana = await desk('hist_ana');
    // Ana was given only the newest key; the two older ones open from the history on the hub.
    expect(ana.session.officeKey.current.equals(hub.office.officeKey)).toBe(true);
    expect(ana.session.officeKey.older.length).toBeGreaterThanOrEqual(2);
    expect((await ana.session.notes(faxId)).find((note) => note.id === old.id)?.text).toBe('Lab results faxed to Dr Patel');
    expect(() => open(ana.session.officeKey.current, 'note', `${faxId}/${old.id}`, sealedNote(old.id))).toThrow();
  });

  it('a desk that never left its desk key (an older app) cannot take the new key and is told so', async () => {
    const oldApp = await desk('nokey_old', false);
    const leaver = await desk('nokey_leaver');
    const kept = oldApp.session.officeKey.current;
    await hub.office.remove(leaver.login, 0);
    await expect(openHubSession({ address: oldApp.address, credentials: { password: oldApp.password }, officeKey: kept, deskKeys: null, deskId: crypto.randomUUID() })).rejects.toMatchObject({
      details: { code: 'hub_office_key_changed' },
    });
    // A key of no generation at all is the wrong office's, as before.
    await expect(openHubSession({ address: oldApp.address, credentials: { password: oldApp.password }, officeKey: crypto.randomBytes(32), deskKeys: null, deskId: crypto.randomUUID() })).rejects.toMatchObject({
      details: { code: 'hub_wrong_office_key' },
    });
  });

  it('a member cannot write key generations or grants, read another\'s grants, or leave more desk keys than a person has desks', async () => {
    const [maria, tom] = [await desk('grant_maria'), await desk('grant_tom')];
    const client = new pg.Client(hubClientConfig(maria.address, { password: maria.password }));
    client.on('error', () => undefined);
    await client.connect();
    raw.push(client);
    for (const attack of [
      "INSERT INTO fax_hub.office_keys (generation, key_check) VALUES (99, 'x')",
      "UPDATE fax_hub.meta SET value = 'x' WHERE key = 'key_check'",
      `INSERT INTO fax_hub.key_grants (login, desk_key, generation, wrapped) VALUES ('${tom.login}', '\\x00', 1, '\\x00')`,
      `DELETE FROM fax_hub.desk_keys WHERE login = '${tom.login}'`,
    ]) {
      await expect(client.query(attack), attack).rejects.toMatchObject({ code: '42501' });
    }
    const leaver = await desk('grant_leaver');
    await hub.office.remove(leaver.login, 0);
    // Only Maria's own grants are visible to her.
    const visible = await client.query<{ login: string }>('SELECT DISTINCT login FROM fax_hub.key_grants');
    expect(visible.rows.map((row) => row.login)).toEqual([maria.login]);
    // Her joining desk and her desk now are two; three more fit, a sixth does not.
    const has = Number((await client.query<{ count: string }>('SELECT count(*) FROM fax_hub.desk_keys')).rows[0]?.count);
    expect(has).toBe(2);
    for (let index = has; index < deskKeysPerPerson; index++) await client.query('SELECT fax_hub.register_desk_key($1)', [newDeskKeyPair().publicKey]);
    await expect(client.query('SELECT fax_hub.register_desk_key($1)', [newDeskKeyPair().publicKey])).rejects.toMatchObject({ code: '23514' });
    await expect(client.query('SELECT fax_hub.register_desk_key($1)', [crypto.randomBytes(10)])).rejects.toMatchObject({ code: '23514' });
  });
});

describe('a new join code for a person already in the office', () => {
  it('their old desk is out at once and cannot read what comes after; they join again with the safety code and read everything', async () => {
    const [maria, tom] = [await desk('reset_maria'), await desk('reset_tom')];
    const faxId = '995000000000000003';
    const before = await tom.session.addNote(faxId, 'Called the lab back');
    const keptByOldDesk = tom.session.officeKey.current;
    const admin = hub.keep(await hub.office.admin());
    const joinCode = await hub.office.reset(tom.login);
    const keys = hub.office.keys;
    expect(keys.current.equals(keptByOldDesk)).toBe(false);
    // The old desk: its connections have ended when the reset returns…
    expect(hub.server.sql('postgres', `SELECT count(*) FROM pg_stat_activity WHERE usename = '${tom.login}'`).trim()).toBe('0');
    // …and it is refused (its password no longer signs in).
    await expect(tom.session.claim(faxId)).rejects.toMatchObject({ kind: expect.stringMatching(/^(permission|authentication)$/) as string });
    await expect(openHubSession({ address: tom.address, credentials: { password: tom.password }, officeKey: keptByOldDesk, deskKeys: tom.keys, deskId: crypto.randomUUID() })).rejects.toMatchObject({ kind: 'authentication' });
    // What Maria writes now does not open with the key the old desk kept.
    await maria.session.refreshKeys();
    const after = await maria.session.addNote(faxId, 'Sent the results to the clinic');
    expect(openOrNull(keptByOldDesk, 'note', `${faxId}/${after.id}`, sealedNote(after.id))).toBeNull();
    // Tom's new desk joins with the new code and the safety code, and reads the whole thread.
    const rejoined = await joinWithConfirmation(joinCode, hub.office.address, { password: hub.office.adminPassword }, keys);
    expect(rejoined.officeKey.equals(keys.current)).toBe(true);
    const newDesk = hub.keep(await openHubSession({ address: rejoined.address, credentials: { password: rejoined.password }, officeKey: rejoined.officeKey, deskKeys: deskKeys(), deskId: crypto.randomUUID() }));
    expect((await newDesk.notes(faxId)).map((note) => [note.author, note.text])).toEqual([
      [tom.login, 'Called the lab back'],
      [maria.login, 'Sent the results to the clinic'],
    ]);
    expect(before.author).toBe(tom.login);
    const entries = await admin.auditEntries({ from: 0, to: Date.now() + 60_000 });
    expect(entries.filter((entry) => entry.action === 'person_reset').map((entry) => entry.actor)).toEqual([hub.office.address.user]);
    // The administrator's own sign-in, or someone not in the office, gets none.
    await expect(resetPerson(hub.office.address, { password: hub.office.adminPassword }, keys, { login: hub.office.address.user }, 'admin-desk')).rejects.toMatchObject({ details: { code: 'office_reset_admin' } });
    await expect(resetPerson(hub.office.address, { password: hub.office.adminPassword }, keys, { login: 'nobody_here' }, 'admin-desk')).rejects.toMatchObject({ details: { code: 'office_no_such_person' } });
  });
});

