/**
 * Schema 10: joining without handing out the office key. A person added to the office signs in first as a member
 * of the office's joining role, which may do two things only: leave its desk's public key (once — the first desk to
 * ask stands) and fetch the office key once it is wrapped to that desk. It reads nothing of the office and changes
 * nothing; the administrator's confirmation (their desk checks the safety code and wraps the key) moves the person
 * into the desk role. An administrator's desk hears of a desk asking as of a change to the office's lists.
 */

import { officeChangeFunction } from './hub-schema-record';

/** The administrator's changes to the office's people or labels, confirming a person who joins among them. */
export const officeActions = ['person_added', 'person_removed', 'person_confirmed', 'label_added', 'label_renamed', 'label_removed'] as const;

/** Schema 12: a new join code for a person already in the office (office-reset.ts) is an office change too. */
export const resettingPeople = (): string => officeChangeFunction([...officeActions, 'person_reset']);

const identifier = (name: string): string => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/** The office's role for people added but not yet confirmed (role names are per cluster, so it names the database). */
export function joiningRoleOf(database: string): string {
  return `${database}_joining`;
}

/** An X25519 public key as SPKI DER. */
export const deskPublicKeyBytes = 44;

export const joiningWithoutTheKey = (deskRole: string, joiningRole: string): string => `
    CREATE TABLE fax_hub.enrolments (
      login text PRIMARY KEY,
      desk_key bytea NOT NULL CHECK (octet_length(desk_key) = ${deskPublicKeyBytes}),
      requested_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      wrapped_key bytea CHECK (octet_length(wrapped_key) <= 200),
      confirmed_by text,
      confirmed_at timestamptz
    );
    ALTER TABLE fax_hub.enrolments ENABLE ROW LEVEL SECURITY;
    CREATE POLICY enrolments_own ON fax_hub.enrolments FOR SELECT USING (login = session_user);
    CREATE TRIGGER enrolments_changed AFTER INSERT OR UPDATE ON fax_hub.enrolments FOR EACH STATEMENT EXECUTE FUNCTION fax_hub.note_office_change();

    CREATE FUNCTION fax_hub.request_office_key(p_desk_key bytea) RETURNS void
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = fax_hub, pg_temp AS $$
    DECLARE
      who text := fax_hub.caller();
    BEGIN
      INSERT INTO fax_hub.enrolments (login, desk_key) VALUES (who, p_desk_key) ON CONFLICT (login) DO NOTHING;
      IF NOT FOUND AND NOT EXISTS (SELECT 1 FROM fax_hub.enrolments WHERE login = who AND desk_key = p_desk_key) THEN
        RAISE EXCEPTION 'a desk already asked to join as this person' USING ERRCODE = 'unique_violation';
      END IF;
    END $$;

    CREATE FUNCTION fax_hub.my_office_key() RETURNS bytea
      LANGUAGE sql STABLE SECURITY DEFINER SET search_path = fax_hub, pg_temp AS $$
      SELECT wrapped_key FROM fax_hub.enrolments WHERE login = session_user
    $$;

    ${officeChangeFunction(officeActions)}
    REVOKE ALL ON FUNCTION fax_hub.request_office_key(bytea), fax_hub.my_office_key() FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION fax_hub.request_office_key(bytea), fax_hub.my_office_key() TO ${identifier(joiningRole)}, ${identifier(deskRole)};
    GRANT USAGE ON SCHEMA fax_hub TO ${identifier(joiningRole)};
    GRANT SELECT ON fax_hub.enrolments TO ${identifier(deskRole)};
    DO $$
    BEGIN
      EXECUTE format('GRANT CONNECT ON DATABASE %I TO %I', current_database(), ${literal(joiningRole)});
    END $$;
`;
