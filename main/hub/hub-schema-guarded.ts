/**
 * Schema 15: nothing a member can call holds up another desk, floods the office, or moves a desk by its own word
 * (issue 57, the hub's last three holes, each found with a member's real sign-in and raw SQL):
 * - A desk's audit chain was serialized by an advisory lock on a name anyone could compute from the desk id (which
 *   the audit table shows): a member holding it in their session froze that desk's every audited action. The chain
 *   is now held by its row in `fax_hub.desks`, a table no member has any privilege on, taken only by the hub's
 *   functions and only for the caller's own desk: a desk id is its first user's, and a call naming another person's
 *   desk is refused before anything waits. Row locks end with their transaction, which the database ends after 10 s
 *   idle; a session-level lock a member could keep for hours no longer guards anything.
 * - `add_note` took 20,000 notes in one statement. A person adds at most `notesPerFaxPerPerson` notes to one fax
 *   and `notesPerPersonWindow` in any `noteWindowMinutes` (SQLSTATE 54000: the desk keeps the note and tries later).
 * - Every change was told to every desk with its own payload, and desks acted on what a payload said. A change is
 *   now told as one word, the same for all, so PostgreSQL folds a transaction's many into one; a desk reads what
 *   changed from the change log (which only the hub writes), so a member's hand-made NOTIFY moves nothing.
 */
import type { OfficeRoles } from './hub-schema-roles';

const sd = 'LANGUAGE plpgsql SECURITY DEFINER SET search_path = fax_hub, pg_temp';
const identifier = (name: string): string => `"${name.replaceAll('"', '""')}"`;

export const notesPerFaxPerPerson = 100;
export const notesPerPersonWindow = 300;
export const noteWindowMinutes = 10;
/** What the hub says on its channel for any change to a fax or to the office's lists: "read the change log". */
export const changeWord = 'changed';

export const guardedFromMembers = (roles: OfficeRoles): string => `
    -- Whose desk a desk id is (the person who first wrote to its chain), and the row its chain is held by.
    CREATE TABLE fax_hub.desks (
      desk_id text PRIMARY KEY CHECK (octet_length(desk_id) BETWEEN 1 AND 100),
      login text NOT NULL,
      since timestamptz NOT NULL DEFAULT clock_timestamp()
    );
    ALTER TABLE fax_hub.desks ENABLE ROW LEVEL SECURITY;
    ALTER TABLE fax_hub.desks FORCE ROW LEVEL SECURITY;
    CREATE POLICY owner_acts ON fax_hub.desks TO ${identifier(roles.owner)} USING (true) WITH CHECK (true);
    INSERT INTO fax_hub.desks (desk_id, login)
      SELECT DISTINCT ON (desk_id) desk_id, actor FROM fax_hub.audit ORDER BY desk_id, seq DESC;

    -- Holds the caller's own desk's chain for this transaction and returns the entry number it writes next.
    CREATE FUNCTION fax_hub.hold_chain(p_desk text, p_who text) RETURNS bigint ${sd} AS $$
    DECLARE
      holder text;
      last_seq bigint;
    BEGIN
      IF p_desk IS NULL OR octet_length(p_desk) NOT BETWEEN 1 AND 100 THEN
        RAISE EXCEPTION 'a desk id is needed' USING ERRCODE = 'check_violation';
      END IF;
      INSERT INTO fax_hub.desks (desk_id, login) VALUES (p_desk, p_who) ON CONFLICT (desk_id) DO NOTHING;
      -- Asked before the row is taken: a call naming someone else's desk never waits on that desk's work.
      SELECT login INTO holder FROM fax_hub.desks WHERE desk_id = p_desk;
      IF holder IS DISTINCT FROM p_who THEN
        RAISE EXCEPTION 'this desk id is another person''s' USING ERRCODE = 'insufficient_privilege';
      END IF;
      PERFORM 1 FROM fax_hub.desks WHERE desk_id = p_desk FOR UPDATE;
      SELECT a.seq INTO last_seq FROM fax_hub.audit a WHERE a.desk_id = p_desk ORDER BY a.seq DESC LIMIT 1;
      RETURN coalesce(last_seq, 0) + 1;
    END $$;
    REVOKE ALL ON FUNCTION fax_hub.hold_chain(text, text) FROM PUBLIC;

    -- For a desk sealing what its next entry changed: the number, under the chain's hold until the entry is written.
    CREATE FUNCTION fax_hub.next_entry(p_desk text) RETURNS bigint ${sd} AS $$
    BEGIN
      RETURN fax_hub.hold_chain(p_desk, fax_hub.caller());
    END $$;
    REVOKE ALL ON FUNCTION fax_hub.next_entry(text) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION fax_hub.next_entry(text) TO ${identifier(roles.desk)};

    CREATE OR REPLACE FUNCTION fax_hub.append_entry(p_actor text, p_action text, p_fax text, p_desk text, p_seq bigint, p_detail text) RETURNS void ${sd} AS $$
    DECLARE
      next_seq bigint := fax_hub.hold_chain(p_desk, p_actor);
      last_hash text;
      stamped timestamptz := date_trunc('milliseconds', clock_timestamp());
    BEGIN
      SELECT a.hash INTO last_hash FROM fax_hub.audit a WHERE a.desk_id = p_desk AND a.seq = next_seq - 1;
      last_hash := coalesce(last_hash, repeat('0', 64));
      IF p_detail IS NOT NULL AND p_seq IS DISTINCT FROM next_seq THEN
        RAISE EXCEPTION 'the detail was sealed for another entry' USING ERRCODE = 'serialization_failure';
      END IF;
      INSERT INTO fax_hub.audit (desk_id, seq, actor, action, fax_id, at, detail_sealed, prev_hash, hash)
        VALUES (p_desk, next_seq, p_actor, p_action, p_fax, stamped, p_detail, last_hash,
                fax_hub.entry_hash(last_hash, p_desk, next_seq, p_actor, p_action, p_fax, stamped, p_detail));
    END $$;

    CREATE INDEX notes_by_author ON fax_hub.notes (author, created_at);
    CREATE OR REPLACE FUNCTION fax_hub.add_note(p_id uuid, p_fax text, p_body bytea, p_desk text) RETURNS void ${sd} AS $$
    DECLARE
      who text := fax_hub.caller();
    BEGIN
      IF (SELECT count(*) FROM fax_hub.notes WHERE fax_id = p_fax AND author = who) >= ${notesPerFaxPerPerson} THEN
        RAISE EXCEPTION 'too many notes on one fax' USING ERRCODE = 'program_limit_exceeded';
      END IF;
      IF (SELECT count(*) FROM fax_hub.notes WHERE author = who AND created_at > clock_timestamp() - interval '${noteWindowMinutes} minutes') >= ${notesPerPersonWindow} THEN
        RAISE EXCEPTION 'too many notes at once' USING ERRCODE = 'program_limit_exceeded';
      END IF;
      INSERT INTO fax_hub.notes (id, fax_id, author, body_sealed) VALUES (p_id, p_fax, who, p_body);
      PERFORM fax_hub.append_entry(who, 'noted', p_fax, p_desk, NULL, NULL);
    END $$;

    CREATE OR REPLACE FUNCTION fax_hub.note_change() RETURNS trigger ${sd} AS $$
    BEGIN
      INSERT INTO fax_hub.changes (fax_id) VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.fax_id ELSE NEW.fax_id END);
      PERFORM pg_notify('fax_hub', '${changeWord}');
      RETURN NULL;
    END $$;
    CREATE OR REPLACE FUNCTION fax_hub.note_office_change() RETURNS trigger ${sd} AS $$
    BEGIN
      INSERT INTO fax_hub.changes (fax_id) VALUES ('');
      PERFORM pg_notify('fax_hub', '${changeWord}');
      RETURN NULL;
    END $$;
`;
