import { deskRoleOf } from '../../main/hub/hub-schema';
import { resettingPeople } from '../../main/hub/hub-schema-join';
import { ownEverything, ownerRoleOf } from '../../main/hub/hub-schema-roles';

/**
 * SQL that takes a hub back from schema 11 to what schema 8 left (for upgrade tests): one office key (no
 * generations), joining as it was (no enrolments), the record's functions gone, desks writing the tables themselves again under row-level security.
 */
export function undoRecordFunctions(deskRole: string): string {
  const desk = `"${deskRole.replaceAll('"', '""')}"`;
  const joining = `"${deskRole.replace(/_desk$/, '_joining').replaceAll('"', '""')}"`;
  return `
    DROP TABLE fax_hub.key_grants, fax_hub.desk_keys, fax_hub.office_keys;
    DROP TABLE fax_hub.enrolments;
    REVOKE USAGE ON SCHEMA fax_hub FROM ${joining};
    DO $$
    BEGIN
      EXECUTE format('REVOKE CONNECT ON DATABASE %I FROM %I', current_database(), '${deskRole.replace(/_desk$/, '_joining').replaceAll("'", "''")}');
    END $$;
    DO $$
    DECLARE
      f record;
    BEGIN
      FOR f IN SELECT p.oid::regprocedure AS signature FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
               WHERE n.nspname = 'fax_hub' AND p.proname NOT IN ('refuse_rewrite', 'note_change', 'note_office_change', 'limit_person') LOOP
        EXECUTE 'DROP FUNCTION ' || f.signature;
      END LOOP;
    END $$;
    GRANT SELECT, INSERT, DELETE ON fax_hub.claims TO ${desk};
    GRANT UPDATE (claimed_by, claimed_at) ON fax_hub.claims TO ${desk};
    GRANT SELECT, INSERT ON fax_hub.triage TO ${desk};
    GRANT UPDATE (assignee, handled_by, handled_at, labels_sealed, updated_by, updated_at) ON fax_hub.triage TO ${desk};
    GRANT SELECT, INSERT, DELETE ON fax_hub.notes TO ${desk};
    GRANT SELECT, INSERT ON fax_hub.audit TO ${desk};
    GRANT USAGE ON SEQUENCE fax_hub.audit_id_seq TO ${desk};
    GRANT SELECT, INSERT, UPDATE ON fax_hub.leases TO ${desk};
    GRANT SELECT, INSERT ON fax_hub.sent, fax_hub.reply_links TO ${desk};
    GRANT UPDATE (answers, set_by, set_at) ON fax_hub.reply_links TO ${desk};
  `;
}

const sd = 'LANGUAGE plpgsql SECURITY DEFINER SET search_path = fax_hub, pg_temp';

/** SQL that takes a hub back from schema 16 to what schema 15 left: no filings on the hub. */
export function undoFilings(): string {
  return `
    DROP FUNCTION fax_hub.record_filing(text, text, bytea, text, bigint, text), fax_hub.record_withdrawal(text, text), fax_hub.record_office_created(text, bigint, text);
    DROP TABLE fax_hub.filings;
  `;
}

/**
 * SQL that takes a hub back from schema 15 to what schema 14 left: chains under an advisory lock anyone may take, no
 * limit on notes, every change told with its own payload.
 */
export function undoGuarded(): string {
  return `
    DROP FUNCTION fax_hub.next_entry(text);
    CREATE OR REPLACE FUNCTION fax_hub.append_entry(p_actor text, p_action text, p_fax text, p_desk text, p_seq bigint, p_detail text) RETURNS void ${sd} AS $$
    DECLARE
      last_seq bigint;
      last_hash text;
      next_seq bigint;
      stamped timestamptz := date_trunc('milliseconds', clock_timestamp());
    BEGIN
      IF p_desk IS NULL OR octet_length(p_desk) NOT BETWEEN 1 AND 100 THEN
        RAISE EXCEPTION 'a desk id is needed' USING ERRCODE = 'check_violation';
      END IF;
      PERFORM pg_advisory_xact_lock(hashtext('fax_hub.audit/' || p_desk));
      SELECT a.seq, a.hash INTO last_seq, last_hash FROM fax_hub.audit a WHERE a.desk_id = p_desk ORDER BY a.seq DESC LIMIT 1;
      next_seq := coalesce(last_seq, 0) + 1;
      last_hash := coalesce(last_hash, repeat('0', 64));
      IF p_detail IS NOT NULL AND p_seq IS DISTINCT FROM next_seq THEN
        RAISE EXCEPTION 'the detail was sealed for another entry' USING ERRCODE = 'serialization_failure';
      END IF;
      INSERT INTO fax_hub.audit (desk_id, seq, actor, action, fax_id, at, detail_sealed, prev_hash, hash)
        VALUES (p_desk, next_seq, p_actor, p_action, p_fax, stamped, p_detail, last_hash,
                fax_hub.entry_hash(last_hash, p_desk, next_seq, p_actor, p_action, p_fax, stamped, p_detail));
    END $$;
    DROP FUNCTION fax_hub.hold_chain(text, text);
    DROP TABLE fax_hub.desks;
    DROP INDEX fax_hub.notes_by_author;
    CREATE OR REPLACE FUNCTION fax_hub.add_note(p_id uuid, p_fax text, p_body bytea, p_desk text) RETURNS void ${sd} AS $$
    DECLARE
      who text := fax_hub.caller();
    BEGIN
      INSERT INTO fax_hub.notes (id, fax_id, author, body_sealed) VALUES (p_id, p_fax, who, p_body);
      PERFORM fax_hub.append_entry(who, 'noted', p_fax, p_desk, NULL, NULL);
    END $$;
    CREATE OR REPLACE FUNCTION fax_hub.note_change() RETURNS trigger ${sd} AS $$
    DECLARE
      changed text := CASE WHEN TG_OP = 'DELETE' THEN OLD.fax_id ELSE NEW.fax_id END;
      change_id bigint;
    BEGIN
      INSERT INTO fax_hub.changes (fax_id) VALUES (changed) RETURNING id INTO change_id;
      PERFORM pg_notify('fax_hub', change_id || ':' || changed);
      RETURN NULL;
    END $$;
    CREATE OR REPLACE FUNCTION fax_hub.note_office_change() RETURNS trigger ${sd} AS $$
    DECLARE
      change_id bigint;
    BEGIN
      INSERT INTO fax_hub.changes (fax_id) VALUES ('') RETURNING id INTO change_id;
      PERFORM pg_notify('fax_hub', change_id || ':');
      RETURN NULL;
    END $$;
  `;
}

/** SQL that takes a hub back from schema 14 to what schema 13 left: a person's calls no longer hold their row. */
export function undoSettledCalls(): string {
  return `
    DROP FUNCTION fax_hub.hold_person(text);
    CREATE OR REPLACE FUNCTION fax_hub.caller() RETURNS text LANGUAGE plpgsql SECURITY DEFINER SET search_path = fax_hub, pg_temp STABLE AS $$
    DECLARE
      who text := session_user;
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM fax_hub.people WHERE login = who AND removed_at IS NULL) THEN
        RAISE EXCEPTION 'not a person of this office' USING ERRCODE = 'insufficient_privilege';
      END IF;
      RETURN who;
    END $$;
  `;
}

/**
 * SQL (run as the server's superuser) that takes a hub back from schema 16 to what schema 12 left (schemas 16, 15
 * and 14 first: undoFilings, undoGuarded, undoSettledCalls): the
 * administrator owns the schema, its tables and functions and the database again and may create roles, row-level
 * security is not forced, the administrator writes the office's people and labels directly — a hub as the app
 * before roles by least privilege made it.
 */
export function undoLeastPrivilege(database: string, administrator: string): string {
  const owner = ownerRoleOf(database);
  const desk = deskRoleOf(database);
  return `
    ${undoFilings()}
    ${undoGuarded()}
    ${undoSettledCalls()}
    DO $$
    DECLARE
      t record;
    BEGIN
      FOR t IN SELECT c.relname FROM pg_class c WHERE c.relnamespace = 'fax_hub'::regnamespace AND c.relkind = 'r' LOOP
        EXECUTE format('ALTER TABLE fax_hub.%I NO FORCE ROW LEVEL SECURITY', t.relname);
        EXECUTE format('DROP POLICY owner_acts ON fax_hub.%I', t.relname);
        IF EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = format('fax_hub.%I', t.relname)::regclass AND p.polname = 'read_as_granted') THEN
          EXECUTE format('DROP POLICY read_as_granted ON fax_hub.%I', t.relname);
          EXECUTE format('ALTER TABLE fax_hub.%I DISABLE ROW LEVEL SECURITY', t.relname);
        END IF;
      END LOOP;
    END $$;
    DROP FUNCTION fax_hub.add_person(text, text, timestamptz, bytea, text, bigint, text), fax_hub.waiting_people(),
      fax_hub.confirm_person(text, bytea, bytea, text, bigint, text), fax_hub.office_desk_keys(),
      fax_hub.change_key(text, integer, text, bytea, text[], bytea[], bytea[]),
      fax_hub.remove_person(text, integer, text, bytea, text[], bytea[], bytea[], text, bigint, text),
      fax_hub.reset_person(text, text, timestamptz, integer, text, bytea, text[], bytea[], bytea[], text, bigint, text),
      fax_hub.end_sessions(text), fax_hub.save_label(uuid, boolean, bytea, text, bigint, text), fax_hub.remove_label(uuid, text, bigint, text),
      fax_hub.administrator(), fax_hub.staff_role(text), fax_hub.check_join_password(text, timestamptz);
    ${resettingPeople()}
    ${ownEverything(administrator)}
    ALTER ROLE "${administrator}" CREATEROLE;
    REVOKE "${desk}" FROM "${administrator}";
    DO $$
    DECLARE
      p record;
    BEGIN
      FOR p IN SELECT login FROM fax_hub.people WHERE role = 'staff' AND to_regrole(login) IS NOT NULL LOOP
        EXECUTE format('REVOKE %I FROM %I', p.login, '${owner}');
      END LOOP;
    END $$;
    UPDATE fax_hub.meta SET value = '12' WHERE key = 'schema_version';
  `;
}
