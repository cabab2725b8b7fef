/**
 * Schema 11: the office key changes when a person is removed, and every member's desk gets the new one without the
 * removed person's. Each generation of the key is a row: a check value (never the key), and the previous key sealed
 * with this one — the key history, so a desk holding the newest key opens everything sealed before. Each desk
 * leaves its own public key (desk-key.ts); the administrator's desk wraps a new key to every member's desk key.
 * Desks read only their own grants and keys; only the administrator writes them (from schema 13 through the office's functions, hub-schema-roles.ts).
 */
import { deskPublicKeyBytes } from './hub-schema-join';

const identifier = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** How many desks one person may register (a desktop and a laptop, a new computer). */
export const deskKeysPerPerson = 5;

export const officeKeyGenerations = (deskRole: string): string => `
    CREATE TABLE fax_hub.office_keys (
      generation integer PRIMARY KEY,
      key_check text NOT NULL,
      previous_sealed bytea CHECK (octet_length(previous_sealed) <= 200),
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      created_by text NOT NULL DEFAULT session_user
    );
    INSERT INTO fax_hub.office_keys (generation, key_check) SELECT 1, value FROM fax_hub.meta WHERE key = 'key_check';
    CREATE TABLE fax_hub.desk_keys (
      login text NOT NULL,
      desk_key bytea NOT NULL CHECK (octet_length(desk_key) = ${deskPublicKeyBytes}),
      registered_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      PRIMARY KEY (login, desk_key)
    );
    INSERT INTO fax_hub.desk_keys (login, desk_key) SELECT login, desk_key FROM fax_hub.enrolments WHERE wrapped_key IS NOT NULL ON CONFLICT DO NOTHING;
    CREATE TABLE fax_hub.key_grants (
      login text NOT NULL,
      desk_key bytea NOT NULL,
      generation integer NOT NULL REFERENCES fax_hub.office_keys,
      wrapped bytea NOT NULL CHECK (octet_length(wrapped) <= 200),
      PRIMARY KEY (login, desk_key, generation)
    );
    ALTER TABLE fax_hub.desk_keys ENABLE ROW LEVEL SECURITY;
    CREATE POLICY desk_keys_own ON fax_hub.desk_keys FOR SELECT USING (login = session_user);
    ALTER TABLE fax_hub.key_grants ENABLE ROW LEVEL SECURITY;
    CREATE POLICY key_grants_own ON fax_hub.key_grants FOR SELECT USING (login = session_user);
    CREATE TRIGGER office_keys_changed AFTER INSERT ON fax_hub.office_keys FOR EACH STATEMENT EXECUTE FUNCTION fax_hub.note_office_change();

    -- A member's desk leaves its public key, so that a new office key can reach it.
    CREATE FUNCTION fax_hub.register_desk_key(p_desk_key bytea) RETURNS void
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = fax_hub, pg_temp AS $$
    DECLARE
      who text := fax_hub.caller();
    BEGIN
      IF EXISTS (SELECT 1 FROM fax_hub.desk_keys WHERE login = who AND desk_key = p_desk_key) THEN
        RETURN;
      END IF;
      IF (SELECT count(*) FROM fax_hub.desk_keys WHERE login = who) >= ${deskKeysPerPerson} THEN
        RAISE EXCEPTION 'too many desks for one person' USING ERRCODE = 'check_violation';
      END IF;
      INSERT INTO fax_hub.desk_keys (login, desk_key) VALUES (who, p_desk_key);
    END $$;
    REVOKE ALL ON FUNCTION fax_hub.register_desk_key(bytea) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION fax_hub.register_desk_key(bytea) TO ${identifier(deskRole)};
    GRANT SELECT ON fax_hub.office_keys, fax_hub.desk_keys, fax_hub.key_grants TO ${identifier(deskRole)};
`;
