/**
 * The office hub's schema, as versioned migrations the server's setup account runs (in one transaction, holding the
 * office's meta table, so two setups at once do not both migrate). Everything lives in the `fax_hub`
 * schema; people sign in as their own PostgreSQL roles, all members of the office's desk role, which may read and
 * add but never rewrite history: the audit trail takes INSERT only (and a trigger refuses UPDATE and DELETE even
 * to its owner), notes are never edited, and row-level security makes every row name its real author.
 *
 * The hub holds fax ids, people's logins, times and ciphertext — never a fax number, a name or a subject.
 */
import type { ClientBase } from 'pg';
import { AppError } from '../errors';
import { msg } from '../../preload/i18n/translator';
import { labelNameMax } from './office-labels';
import { recordWrittenByTheDatabase } from './hub-schema-record';
import { joiningRoleOf, joiningWithoutTheKey, resettingPeople } from './hub-schema-join';
import { officeKeyGenerations } from './hub-schema-keys';
import { leastPrivilege, ownEverything, ownerRoleOf, type OfficeRoles } from './hub-schema-roles';
import { removalSettlesCalls } from './hub-schema-settled';
import { guardedFromMembers } from './hub-schema-guarded';
import { filingsOnTheHub } from './hub-schema-filings';

/** The office's group role every person is a member of (role names are per cluster, so it names the database). */
export function deskRoleOf(database: string): string {
  return `${database}_desk`;
}

const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** A migration's SQL, given the office's desk role and joining role (and all its roles). */
type Migration = (deskRole: string, joiningRole: string, roles: OfficeRoles) => string;

/** The app's own caps, which the database holds every desk to (a note: the journal's cap, above the window's). */
export const noteMaxChars = 10_000;
export const personNameMaxChars = 120;
const faxIdMaxBytes = 100;
/** A sealed value's largest size for a text of this many UTF-16 units. */
const sealedBytes = (chars: number): number => chars * 3 + 29;

export const personConnectionLimit = 5;
const personStatementTimeout = '20s';
const personLockTimeout = '5s';
const personIdleInTransaction = '10s';

const migrations: readonly Migration[] = [
  (deskRole) => `
    CREATE SCHEMA fax_hub;
    CREATE TABLE fax_hub.meta (key text PRIMARY KEY, value text NOT NULL);
    CREATE TABLE fax_hub.people (
      login text PRIMARY KEY,
      display_sealed bytea NOT NULL,
      role text NOT NULL CHECK (role IN ('admin', 'staff')),
      added_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      removed_at timestamptz
    );
    CREATE TABLE fax_hub.claims (
      fax_id text PRIMARY KEY,
      claimed_by text NOT NULL DEFAULT current_user,
      claimed_at timestamptz NOT NULL DEFAULT clock_timestamp()
    );
    CREATE TABLE fax_hub.triage (
      fax_id text PRIMARY KEY,
      assignee text,
      handled_by text,
      handled_at timestamptz,
      labels_sealed bytea,
      updated_by text NOT NULL DEFAULT current_user,
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
    );
    CREATE TABLE fax_hub.notes (
      id uuid PRIMARY KEY,
      fax_id text NOT NULL,
      author text NOT NULL DEFAULT current_user,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      body_sealed bytea NOT NULL
    );
    CREATE INDEX notes_by_fax ON fax_hub.notes (fax_id, created_at);
    CREATE TABLE fax_hub.labels (id uuid PRIMARY KEY, name_sealed bytea NOT NULL, created_at timestamptz NOT NULL DEFAULT clock_timestamp());
    -- A triage action made offline carries an id: applied once, however often its desk sends it.
    CREATE TABLE fax_hub.applied_actions (
      action_id uuid PRIMARY KEY,
      login text NOT NULL DEFAULT current_user,
      applied_at timestamptz NOT NULL DEFAULT clock_timestamp()
    );
    CREATE TABLE fax_hub.audit (
      id bigserial PRIMARY KEY,
      desk_id text NOT NULL,
      seq bigint NOT NULL,
      actor text NOT NULL DEFAULT current_user,
      action text NOT NULL,
      fax_id text,
      at timestamptz NOT NULL,
      prev_hash text NOT NULL,
      hash text NOT NULL,
      UNIQUE (desk_id, seq)
    );
    CREATE INDEX audit_by_time ON fax_hub.audit (at);
    -- What changed, for desks catching up on notifications they missed.
    CREATE TABLE fax_hub.changes (id bigserial PRIMARY KEY, fax_id text NOT NULL, at timestamptz NOT NULL DEFAULT clock_timestamp());

    CREATE FUNCTION fax_hub.refuse_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'the audit trail is append-only' USING ERRCODE = 'insufficient_privilege';
    END $$;
    CREATE TRIGGER audit_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON fax_hub.audit
      FOR EACH STATEMENT EXECUTE FUNCTION fax_hub.refuse_rewrite();

    CREATE FUNCTION fax_hub.note_change() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = fax_hub, pg_temp AS $$
    DECLARE
      changed text := CASE WHEN TG_OP = 'DELETE' THEN OLD.fax_id ELSE NEW.fax_id END;
      change_id bigint;
    BEGIN
      INSERT INTO fax_hub.changes (fax_id) VALUES (changed) RETURNING id INTO change_id;
      -- "<change id>:<fax id>": a desk that heard it need not read it again when catching up.
      PERFORM pg_notify('fax_hub', change_id || ':' || changed);
      RETURN NULL;
    END $$;
    CREATE TRIGGER claims_changed AFTER INSERT OR UPDATE OR DELETE ON fax_hub.claims FOR EACH ROW EXECUTE FUNCTION fax_hub.note_change();
    CREATE TRIGGER triage_changed AFTER INSERT OR UPDATE OR DELETE ON fax_hub.triage FOR EACH ROW EXECUTE FUNCTION fax_hub.note_change();
    CREATE TRIGGER notes_changed AFTER INSERT ON fax_hub.notes FOR EACH ROW EXECUTE FUNCTION fax_hub.note_change();

    ALTER TABLE fax_hub.claims ENABLE ROW LEVEL SECURITY;
    CREATE POLICY claims_read ON fax_hub.claims FOR SELECT USING (true);
    CREATE POLICY claims_own ON fax_hub.claims FOR INSERT WITH CHECK (claimed_by = current_user);
    CREATE POLICY claims_take_over ON fax_hub.claims FOR UPDATE USING (true) WITH CHECK (claimed_by = current_user);
    CREATE POLICY claims_release ON fax_hub.claims FOR DELETE USING (claimed_by = current_user);
    ALTER TABLE fax_hub.triage ENABLE ROW LEVEL SECURITY;
    CREATE POLICY triage_read ON fax_hub.triage FOR SELECT USING (true);
    CREATE POLICY triage_add ON fax_hub.triage FOR INSERT WITH CHECK (updated_by = current_user);
    CREATE POLICY triage_change ON fax_hub.triage FOR UPDATE USING (true) WITH CHECK (updated_by = current_user);
    ALTER TABLE fax_hub.notes ENABLE ROW LEVEL SECURITY;
    CREATE POLICY notes_read ON fax_hub.notes FOR SELECT USING (true);
    CREATE POLICY notes_own ON fax_hub.notes FOR INSERT WITH CHECK (author = current_user);
    ALTER TABLE fax_hub.audit ENABLE ROW LEVEL SECURITY;
    CREATE POLICY audit_read ON fax_hub.audit FOR SELECT USING (true);
    CREATE POLICY audit_own ON fax_hub.audit FOR INSERT WITH CHECK (actor = current_user);
    ALTER TABLE fax_hub.applied_actions ENABLE ROW LEVEL SECURITY;
    CREATE POLICY actions_own ON fax_hub.applied_actions FOR ALL USING (login = current_user) WITH CHECK (login = current_user);

    REVOKE ALL ON SCHEMA fax_hub FROM PUBLIC;
    GRANT USAGE ON SCHEMA fax_hub TO ${quote(deskRole)};
    GRANT SELECT ON fax_hub.meta, fax_hub.people, fax_hub.labels, fax_hub.changes TO ${quote(deskRole)};
    GRANT SELECT, INSERT, DELETE ON fax_hub.claims TO ${quote(deskRole)};
    GRANT UPDATE (claimed_by, claimed_at) ON fax_hub.claims TO ${quote(deskRole)};
    GRANT SELECT, INSERT ON fax_hub.triage TO ${quote(deskRole)};
    GRANT UPDATE (assignee, handled_by, handled_at, labels_sealed, updated_by, updated_at) ON fax_hub.triage TO ${quote(deskRole)};
    GRANT SELECT, INSERT ON fax_hub.notes, fax_hub.audit, fax_hub.applied_actions TO ${quote(deskRole)};
    GRANT USAGE ON SEQUENCE fax_hub.audit_id_seq TO ${quote(deskRole)};
  `,
  // Work the office does once, whichever desk does it (an inbound rule's copy or print, the daily reminder): a
  // desk takes a lease, does the job, marks it done; a lease not done by its expiry may be taken by another desk.
  (deskRole) => `
    CREATE TABLE fax_hub.leases (
      job text PRIMARY KEY,
      holder text NOT NULL DEFAULT current_user,
      desk_id text NOT NULL,
      expires_at timestamptz NOT NULL,
      done_at timestamptz
    );
    ALTER TABLE fax_hub.leases ENABLE ROW LEVEL SECURITY;
    CREATE POLICY leases_read ON fax_hub.leases FOR SELECT USING (true);
    CREATE POLICY leases_take ON fax_hub.leases FOR INSERT WITH CHECK (holder = current_user);
    CREATE POLICY leases_change ON fax_hub.leases FOR UPDATE USING (true) WITH CHECK (holder = current_user);
    GRANT SELECT, INSERT, UPDATE ON fax_hub.leases TO ${quote(deskRole)};
  `,
  // Labels the administrator defines (names sealed; a removed one keeps its id so old faxes still read), who sent
  // which fax and the reply it expects, and replies linked by hand: the office's, not one desk's. A change to the
  // office's lists (labels, people) is told as a change with no fax id.
  (deskRole) => `
    ALTER TABLE fax_hub.labels ADD COLUMN removed_at timestamptz;
    CREATE TABLE fax_hub.sent (
      fax_id text PRIMARY KEY,
      sent_by text NOT NULL DEFAULT current_user,
      sent_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      reply_due_at timestamptz
    );
    CREATE TABLE fax_hub.reply_links (
      fax_id text PRIMARY KEY,
      answers text,
      set_by text NOT NULL DEFAULT current_user,
      set_at timestamptz NOT NULL DEFAULT clock_timestamp()
    );
    CREATE TRIGGER sent_changed AFTER INSERT OR UPDATE ON fax_hub.sent FOR EACH ROW EXECUTE FUNCTION fax_hub.note_change();
    CREATE TRIGGER reply_links_changed AFTER INSERT OR UPDATE ON fax_hub.reply_links FOR EACH ROW EXECUTE FUNCTION fax_hub.note_change();
    CREATE FUNCTION fax_hub.note_office_change() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = fax_hub, pg_temp AS $$
    DECLARE
      change_id bigint;
    BEGIN
      INSERT INTO fax_hub.changes (fax_id) VALUES ('') RETURNING id INTO change_id;
      PERFORM pg_notify('fax_hub', change_id || ':');
      RETURN NULL;
    END $$;
    CREATE TRIGGER labels_changed AFTER INSERT OR UPDATE ON fax_hub.labels FOR EACH STATEMENT EXECUTE FUNCTION fax_hub.note_office_change();
    CREATE TRIGGER people_changed AFTER INSERT OR UPDATE ON fax_hub.people FOR EACH STATEMENT EXECUTE FUNCTION fax_hub.note_office_change();

    ALTER TABLE fax_hub.sent ENABLE ROW LEVEL SECURITY;
    CREATE POLICY sent_read ON fax_hub.sent FOR SELECT USING (true);
    CREATE POLICY sent_own ON fax_hub.sent FOR INSERT WITH CHECK (sent_by = current_user);
    ALTER TABLE fax_hub.reply_links ENABLE ROW LEVEL SECURITY;
    CREATE POLICY reply_links_read ON fax_hub.reply_links FOR SELECT USING (true);
    CREATE POLICY reply_links_add ON fax_hub.reply_links FOR INSERT WITH CHECK (set_by = current_user);
    CREATE POLICY reply_links_change ON fax_hub.reply_links FOR UPDATE USING (true) WITH CHECK (set_by = current_user);
    GRANT SELECT, INSERT ON fax_hub.sent TO ${quote(deskRole)};
    GRANT SELECT, INSERT ON fax_hub.reply_links TO ${quote(deskRole)};
    GRANT UPDATE (answers, set_by, set_at) ON fax_hub.reply_links TO ${quote(deskRole)};
  `,
  // What a job makes (a saved copy's file name), named by the desk holding its lease and sealed with the office key:
  // a desk taking the job over after a kill writes the same file instead of leaving a half-written one beside its own.
  () => `
    ALTER TABLE fax_hub.leases ADD COLUMN target_sealed bytea;
  `,
  // What an audit entry changed (whom a fax was assigned to, which labels, which person or label the office gained
  // or lost), sealed with the office key and covered by the entry's hash. Older entries have none and hash as before.
  () => `
    ALTER TABLE fax_hub.audit ADD COLUMN detail_sealed text;
  `,
  // Limits the database holds every member to, whatever their desk does. Sizes at the app's own caps (sealed: the
  // text's UTF-8, at most 3 bytes a UTF-16 unit, plus 29 bytes of nonce, tag and version), checked for new rows
  // (NOT VALID: a hub that already holds a larger value still upgrades). Each person's sessions: at most
  // ${personConnectionLimit} at once, a statement at most ${personStatementTimeout}, a lock waited for at most
  // ${personLockTimeout}, a transaction left open ended after ${personIdleInTransaction}.
  () => `
    ALTER TABLE fax_hub.notes ADD CONSTRAINT note_size CHECK (octet_length(body_sealed) <= ${sealedBytes(noteMaxChars)}) NOT VALID;
    ALTER TABLE fax_hub.labels ADD CONSTRAINT label_name_size CHECK (octet_length(name_sealed) <= ${sealedBytes(labelNameMax)}) NOT VALID;
    ALTER TABLE fax_hub.people ADD CONSTRAINT person_name_size CHECK (octet_length(display_sealed) <= ${sealedBytes(personNameMaxChars)}) NOT VALID;
    ALTER TABLE fax_hub.triage ADD CONSTRAINT labels_size CHECK (octet_length(labels_sealed) <= 16384) NOT VALID;
    ALTER TABLE fax_hub.leases ADD CONSTRAINT target_size CHECK (octet_length(target_sealed) <= 16384) NOT VALID;
    ALTER TABLE fax_hub.audit ADD CONSTRAINT detail_size CHECK (octet_length(detail_sealed) <= 16384) NOT VALID;
    ALTER TABLE fax_hub.claims ADD CONSTRAINT claim_fax_id CHECK (octet_length(fax_id) <= ${faxIdMaxBytes}) NOT VALID;
    ALTER TABLE fax_hub.triage ADD CONSTRAINT triage_fax_id CHECK (octet_length(fax_id) <= ${faxIdMaxBytes}) NOT VALID;
    ALTER TABLE fax_hub.notes ADD CONSTRAINT note_fax_id CHECK (octet_length(fax_id) <= ${faxIdMaxBytes}) NOT VALID;
    ALTER TABLE fax_hub.sent ADD CONSTRAINT sent_fax_id CHECK (octet_length(fax_id) <= ${faxIdMaxBytes}) NOT VALID;
    ALTER TABLE fax_hub.reply_links ADD CONSTRAINT reply_fax_ids CHECK (octet_length(fax_id) <= ${faxIdMaxBytes} AND octet_length(answers) <= ${faxIdMaxBytes}) NOT VALID;
    ALTER TABLE fax_hub.audit ADD CONSTRAINT audit_fax_id CHECK (octet_length(fax_id) <= ${faxIdMaxBytes} AND octet_length(action) <= 40) NOT VALID;
    ALTER TABLE fax_hub.leases ADD CONSTRAINT lease_job CHECK (octet_length(job) <= 200) NOT VALID;

    CREATE FUNCTION fax_hub.limit_person(person text) RETURNS void LANGUAGE plpgsql SET search_path = fax_hub, pg_temp AS $$
    BEGIN
      EXECUTE format('ALTER ROLE %I CONNECTION LIMIT ${personConnectionLimit}', person);
      EXECUTE format('ALTER ROLE %I IN DATABASE %I SET statement_timeout = %L', person, current_database(), '${personStatementTimeout}');
      EXECUTE format('ALTER ROLE %I IN DATABASE %I SET lock_timeout = %L', person, current_database(), '${personLockTimeout}');
      EXECUTE format('ALTER ROLE %I IN DATABASE %I SET idle_in_transaction_session_timeout = %L', person, current_database(), '${personIdleInTransaction}');
    END $$;
    REVOKE ALL ON FUNCTION fax_hub.limit_person(text) FROM PUBLIC;
    DO $$
    DECLARE
      member record;
    BEGIN
      FOR member IN SELECT p.login FROM fax_hub.people p JOIN pg_roles r ON r.rolname = p.login WHERE p.role = 'staff' AND p.removed_at IS NULL LOOP
        PERFORM fax_hub.limit_person(member.login);
      END LOOP;
    END $$;
  `,
  // Only the office's people may connect to its database: PostgreSQL lets every role on the server connect to every
  // database by default (a member of another office on the same server could read the change feed's LISTEN).
  (deskRole) => `
    DO $$
    BEGIN
      EXECUTE format('REVOKE CONNECT, TEMPORARY ON DATABASE %I FROM PUBLIC', current_database());
      EXECUTE format('GRANT CONNECT ON DATABASE %I TO %I', current_database(), '${deskRole.replaceAll("'", "''")}');
    END $$;
  `,
  // A note may be removed by its author (the database checks who) and by the administrator, who owns the table: a
  // note no desk can read (stored by hand, or sealed with another key) need not stay in the thread. Other desks hear
  // of a removal as of an addition.
  (deskRole) => `
    CREATE POLICY notes_remove_own ON fax_hub.notes FOR DELETE USING (author = current_user);
    GRANT DELETE ON fax_hub.notes TO ${quote(deskRole)};
    DROP TRIGGER notes_changed ON fax_hub.notes;
    CREATE TRIGGER notes_changed AFTER INSERT OR DELETE ON fax_hub.notes FOR EACH ROW EXECUTE FUNCTION fax_hub.note_change();
  `,
  recordWrittenByTheDatabase,
  joiningWithoutTheKey,
  officeKeyGenerations,
  resettingPeople,
  (_desk, _joining, roles) => leastPrivilege(roles),
  (_desk, _joining, roles) => removalSettlesCalls(roles),
  (_desk, _joining, roles) => guardedFromMembers(roles),
  (_desk, _joining, roles) => filingsOnTheHub(roles),
];

/** From this version on the office belongs to its owner role and only the server's setup account migrates. */
export const ownerSchemaVersion = 13;

/** The schema version this app writes and reads. */
export const hubSchemaVersion = migrations.length;

async function installedVersion(client: ClientBase): Promise<number> {
  const exists = await client.query<{ present: boolean }>("SELECT to_regclass('fax_hub.meta') IS NOT NULL AS present");
  if (exists.rows[0]?.present !== true) return 0;
  const row = await client.query<{ value: string }>("SELECT value FROM fax_hub.meta WHERE key = 'schema_version'");
  return Number(row.rows[0]?.value ?? 0);
}

/** Refuses a hub made by a newer app (its tables may mean things this app does not know). */
export function checkVersion(version: number): void {
  if (version > hubSchemaVersion) throw new AppError('conflict', msg('hub.schemaNewer'), { code: 'hub_schema_newer' });
}

/** The hub's schema version as installed (0 when the office was never created there). */
export async function hubVersion(client: ClientBase): Promise<number> {
  const version = await installedVersion(client);
  checkVersion(version);
  return version;
}

/** Refuses an account that is not the server's superuser (a person's, the administrator's) as the setup account. */
export async function requireSetupAccount(client: ClientBase): Promise<void> {
  const setup = await client.query<{ rolsuper: boolean }>('SELECT rolsuper FROM pg_roles WHERE rolname = current_user');
  if (setup.rows[0]?.rolsuper !== true) throw new AppError('permission', msg('hub.setupAccountNeeded'), { code: 'hub_setup_account' });
}

/**
 * Brings the hub's schema to this app's version. Run with the server's setup account (a superuser: IT's, never a
 * person's desk — hub-setup.ts); the office's roles are made here when they do not exist yet, and everything the
 * migrations made is given to the owner role nobody signs in as.
 */
export async function migrate(client: ClientBase, database: string): Promise<{ from: number; to: number }> {
  const roles: OfficeRoles = { desk: deskRoleOf(database), joining: joiningRoleOf(database), owner: ownerRoleOf(database) };
  await client.query('BEGIN');
  try {
    // Two setups at once wait for each other on the office's own table, which a member cannot lock against them (an
    // advisory lock's name anyone connected may take and keep). Before the office exists nobody else is connected.
    const exists = await client.query<{ present: boolean }>("SELECT to_regclass('fax_hub.meta') IS NOT NULL AS present");
    if (exists.rows[0]?.present === true) await client.query('LOCK TABLE fax_hub.meta IN EXCLUSIVE MODE');
    else await client.query("SELECT pg_advisory_xact_lock(hashtext('fax_hub.migrate'))");
    await requireSetupAccount(client);
    const from = await installedVersion(client);
    checkVersion(from);
    for (const name of [roles.desk, roles.joining, roles.owner]) {
      const role = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [name]);
      if (role.rowCount === 0) await client.query(`CREATE ROLE ${quote(name)} NOLOGIN`);
    }
    // The owner makes and changes the people's roles (through the administrator's functions) and nothing else.
    await client.query(`ALTER ROLE ${quote(roles.owner)} NOLOGIN CREATEROLE NOCREATEDB`);
    // It moves people between the desk and joining roles (PostgreSQL 16 and later ask for the admin option for that).
    await client.query(`GRANT ${quote(roles.desk)}, ${quote(roles.joining)} TO ${quote(roles.owner)} WITH ADMIN OPTION`);
    for (let version = from; version < migrations.length; version++) {
      const migration = migrations[version];
      if (migration) await client.query(migration(roles.desk, roles.joining, roles));
    }
    await client.query(ownEverything(roles.owner));
    await client.query("INSERT INTO fax_hub.meta (key, value) VALUES ('schema_version', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value", [String(migrations.length)]);
    await client.query('COMMIT');
    return { from, to: migrations.length };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

export { quote as quoteIdentifier };
