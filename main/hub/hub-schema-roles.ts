/**
 * Schema 13: roles by least privilege. The office's tables, functions, schema and database belong to an owner role
 * nobody signs in as (`<db>_owner`, NOLOGIN); the migrations are run by IT with the server's setup account
 * (hub-setup.ts), never by a person's desk. The administrator signs in as a plain member of the desk role — no
 * CREATEROLE, no ownership — and administers through the functions below, which check that the caller is the
 * office's administrator, touch only roles that are this office's people, and write their audit entry themselves.
 * Row-level security is forced on every table, so even the owner's functions write only through a policy.
 *
 * Why the owner may create roles and the administrator may not: on PostgreSQL 13–15 CREATEROLE is enough to grant
 * oneself `pg_execute_server_program` (programs on the hub's host) or take over another office's roles. The owner
 * holds it, but nobody can sign in as the owner or become it; what it does is only what these functions say.
 */

const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/** The role that owns the office's schema and database (role names are per cluster, so it names the database). */
export function ownerRoleOf(database: string): string {
  return `${database}_owner`;
}

const sd = 'LANGUAGE plpgsql SECURITY DEFINER SET search_path = fax_hub, pg_temp';

/** A SCRAM-SHA-256 verifier, the only form of password the administrator's desk may hand to the hub. */
export const scramVerifierPattern = '^SCRAM-SHA-256\\$[0-9]+:[A-Za-z0-9+/=]+\\$[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$';
/** Sign-in names the app makes for people (office-setup.ts checks the same before asking). */
export const personLoginPattern = '^[a-z][a-z0-9_]{2,39}$';

export interface OfficeRoles {
  desk: string;
  joining: string;
  owner: string;
}

export const leastPrivilege = (roles: OfficeRoles): string => {
  const desk = literal(roles.desk);
  const joining = literal(roles.joining);
  const owner = literal(roles.owner);
  return `
    -- The administrator: a member of the desk role like everyone, and nothing more.
    DO $$
    DECLARE
      admin record;
    BEGIN
      FOR admin IN SELECT p.login FROM fax_hub.people p JOIN pg_roles r ON r.rolname = p.login WHERE p.role = 'admin' LOOP
        EXECUTE format('ALTER ROLE %I NOCREATEROLE', admin.login);
        EXECUTE format('GRANT %I TO %I', ${desk}, admin.login);
      END LOOP;
      -- The owner manages the people's roles from now on (on PostgreSQL 16 and later that takes the admin option;
      -- the administrator, who made them, keeps none).
      FOR admin IN SELECT p.login, a.login AS by_admin FROM fax_hub.people p JOIN pg_roles r ON r.rolname = p.login
                    CROSS JOIN (SELECT q.login FROM fax_hub.people q WHERE q.role = 'admin') a WHERE p.role = 'staff' LOOP
        EXECUTE format('GRANT %I TO %I WITH ADMIN OPTION', admin.login, ${owner});
        IF EXISTS (SELECT 1 FROM pg_auth_members m WHERE m.roleid = to_regrole(admin.login) AND m.member = to_regrole(admin.by_admin)) THEN
          EXECUTE format('REVOKE %I FROM %I CASCADE', admin.login, admin.by_admin);
        END IF;
      END LOOP;
    END $$;

    -- Row-level security on every table, forced: the owner's functions write through their own policy.
    DO $$
    DECLARE
      t record;
    BEGIN
      FOR t IN SELECT c.relname, c.relrowsecurity FROM pg_class c WHERE c.relnamespace = 'fax_hub'::regnamespace AND c.relkind = 'r' LOOP
        IF NOT t.relrowsecurity THEN
          EXECUTE format('ALTER TABLE fax_hub.%I ENABLE ROW LEVEL SECURITY', t.relname);
          -- Read by whoever the table is granted to, as before.
          EXECUTE format('CREATE POLICY read_as_granted ON fax_hub.%I FOR SELECT USING (true)', t.relname);
        END IF;
        EXECUTE format('ALTER TABLE fax_hub.%I FORCE ROW LEVEL SECURITY', t.relname);
        EXECUTE format('CREATE POLICY owner_acts ON fax_hub.%I TO %I USING (true) WITH CHECK (true)', t.relname, ${owner});
      END LOOP;
    END $$;

    -- The caller, when they are the office's administrator.
    CREATE FUNCTION fax_hub.administrator() RETURNS text ${sd} AS $$
    DECLARE
      who text := fax_hub.caller();
    BEGIN
      IF NOT fax_hub.caller_is_admin() THEN
        RAISE EXCEPTION 'only the administrator changes the office' USING ERRCODE = 'insufficient_privilege';
      END IF;
      RETURN who;
    END $$;

    -- A role the administrator may change: one of this office's staff, and nothing else on the server — not a
    -- superuser, not a role that may create roles, not a member of any role but this office's desk or joining
    -- role, nobody a member of it but the owner. (A row in the people list alone is not enough: an older hub's
    -- administrator wrote that list directly.)
    CREATE FUNCTION fax_hub.staff_role(p_login text) RETURNS text ${sd} AS $$
    BEGIN
      IF p_login IS NULL OR NOT EXISTS (
          SELECT 1 FROM fax_hub.people p JOIN pg_roles r ON r.rolname = p.login
           WHERE p.login = p_login AND p.role = 'staff'
             AND NOT (r.rolsuper OR r.rolcreaterole OR r.rolcreatedb OR r.rolreplication OR r.rolbypassrls))
        OR EXISTS (SELECT 1 FROM pg_auth_members m WHERE m.member = to_regrole(p_login) AND m.roleid NOT IN (to_regrole(${desk}), to_regrole(${joining})))
        OR EXISTS (SELECT 1 FROM pg_auth_members m WHERE m.roleid = to_regrole(p_login) AND m.member <> to_regrole(${owner})) THEN
        RAISE EXCEPTION 'not a person of this office' USING ERRCODE = 'insufficient_privilege';
      END IF;
      RETURN p_login;
    END $$;

    -- A join code's one-time password: only as a SCRAM verifier, taken for a week at most.
    CREATE FUNCTION fax_hub.check_join_password(p_verifier text, p_valid_until timestamptz) RETURNS void ${sd} AS $$
    BEGIN
      IF p_verifier IS NULL OR p_verifier !~ ${literal(scramVerifierPattern)} THEN
        RAISE EXCEPTION 'a password reaches the hub only as a SCRAM verifier' USING ERRCODE = 'check_violation';
      END IF;
      IF p_valid_until IS NULL OR p_valid_until > clock_timestamp() + interval '8 days' THEN
        RAISE EXCEPTION 'a join code is taken for a week at most' USING ERRCODE = 'check_violation';
      END IF;
    END $$;

    CREATE FUNCTION fax_hub.add_person(p_login text, p_verifier text, p_valid_until timestamptz, p_name bytea, p_desk text, p_seq bigint, p_detail text)
      RETURNS void ${sd} AS $$
    DECLARE
      who text := fax_hub.administrator();
    BEGIN
      IF p_login IS NULL OR p_login !~ ${literal(personLoginPattern)} THEN
        RAISE EXCEPTION 'not a sign-in name the office makes' USING ERRCODE = 'check_violation';
      END IF;
      IF to_regrole(p_login) IS NOT NULL THEN
        RAISE EXCEPTION 'that sign-in name is taken on this server' USING ERRCODE = 'duplicate_object';
      END IF;
      PERFORM fax_hub.check_join_password(p_verifier, p_valid_until);
      EXECUTE format('CREATE ROLE %I LOGIN PASSWORD %L VALID UNTIL %L IN ROLE %I', p_login, p_verifier, p_valid_until, ${joining});
      INSERT INTO fax_hub.people (login, display_sealed, role) VALUES (p_login, p_name, 'staff');
      PERFORM fax_hub.limit_person(p_login);
      PERFORM fax_hub.append_entry(who, 'person_added', NULL, p_desk, p_seq, p_detail);
    END $$;

    -- The people waiting to join, with the desk key their desk left (the administrator's desk shows its safety code).
    CREATE FUNCTION fax_hub.waiting_people() RETURNS TABLE (login text, desk_key bytea, requested_at timestamptz, valid_until timestamptz) ${sd} AS $$
    BEGIN
      PERFORM fax_hub.administrator();
      RETURN QUERY
        SELECT p.login, e.desk_key, e.requested_at, r.rolvaliduntil
          FROM fax_hub.people p JOIN pg_roles r ON r.rolname = p.login
          LEFT JOIN fax_hub.enrolments e ON e.login = p.login
         WHERE p.removed_at IS NULL AND pg_has_role(p.login, ${joining}, 'MEMBER') AND NOT pg_has_role(p.login, ${desk}, 'MEMBER');
    END $$;

    -- Confirms a waiting person: the office key wrapped to the desk key their desk left (the administrator's desk
    -- compared the safety codes), their code's expiry lifted, the joining role exchanged for the desk role.
    CREATE FUNCTION fax_hub.confirm_person(p_login text, p_desk_key bytea, p_wrapped bytea, p_desk text, p_seq bigint, p_detail text)
      RETURNS void ${sd} AS $$
    DECLARE
      who text := fax_hub.administrator();
    BEGIN
      PERFORM fax_hub.staff_role(p_login);
      UPDATE fax_hub.enrolments SET wrapped_key = p_wrapped, confirmed_by = who, confirmed_at = clock_timestamp()
       WHERE login = p_login AND desk_key = p_desk_key AND wrapped_key IS NULL
         AND EXISTS (SELECT 1 FROM fax_hub.people p WHERE p.login = p_login AND p.removed_at IS NULL);
      IF NOT FOUND THEN
        RAISE EXCEPTION 'nobody of that name waits with that desk key' USING ERRCODE = 'no_data_found';
      END IF;
      INSERT INTO fax_hub.desk_keys (login, desk_key) VALUES (p_login, p_desk_key) ON CONFLICT DO NOTHING;
      EXECUTE format('ALTER ROLE %I VALID UNTIL %L', p_login, 'infinity');
      EXECUTE format('REVOKE %I FROM %I', ${joining}, p_login);
      EXECUTE format('GRANT %I TO %I', ${desk}, p_login);
      PERFORM fax_hub.append_entry(who, 'person_confirmed', NULL, p_desk, p_seq, p_detail);
    END $$;

    -- Every current member's desk keys (a new office key is wrapped to each).
    CREATE FUNCTION fax_hub.office_desk_keys() RETURNS TABLE (login text, desk_key bytea) ${sd} AS $$
    BEGIN
      PERFORM fax_hub.administrator();
      RETURN QUERY SELECT d.login, d.desk_key FROM fax_hub.desk_keys d JOIN fax_hub.people p ON p.login = d.login WHERE p.removed_at IS NULL;
    END $$;

    -- A new generation of the office key (its check value, the previous key sealed with it), wrapped to the desks
    -- given, leaving out p_without's desks. Only with a removal or a reset, in their transaction.
    CREATE FUNCTION fax_hub.change_key(p_without text, p_generation integer, p_key_check text, p_previous bytea, p_logins text[], p_desk_keys bytea[], p_wrapped bytea[])
      RETURNS void ${sd} AS $$
    BEGIN
      IF p_generation IS DISTINCT FROM (SELECT coalesce(max(generation), 1) + 1 FROM fax_hub.office_keys) THEN
        RAISE EXCEPTION 'the office key changed meanwhile' USING ERRCODE = 'serialization_failure';
      END IF;
      IF p_without = ANY (p_logins) OR cardinality(p_logins) IS DISTINCT FROM cardinality(p_desk_keys) OR cardinality(p_logins) IS DISTINCT FROM cardinality(p_wrapped) THEN
        RAISE EXCEPTION 'a new office key goes to the other members only' USING ERRCODE = 'check_violation';
      END IF;
      INSERT INTO fax_hub.office_keys (generation, key_check, previous_sealed, created_by) VALUES (p_generation, p_key_check, p_previous, session_user);
      UPDATE fax_hub.meta SET value = p_key_check WHERE key = 'key_check';
      INSERT INTO fax_hub.key_grants (login, desk_key, generation, wrapped)
        SELECT g.login, g.desk_key, p_generation, g.wrapped FROM unnest(p_logins, p_desk_keys, p_wrapped) AS g (login, desk_key, wrapped)
          JOIN fax_hub.desk_keys d ON d.login = g.login AND d.desk_key = g.desk_key;
      DELETE FROM fax_hub.desk_keys WHERE login = p_without;
    END $$;

    CREATE FUNCTION fax_hub.remove_person(p_login text, p_generation integer, p_key_check text, p_previous bytea, p_logins text[], p_desk_keys bytea[], p_wrapped bytea[], p_desk text, p_seq bigint, p_detail text)
      RETURNS void ${sd} AS $$
    DECLARE
      who text := fax_hub.administrator();
    BEGIN
      PERFORM fax_hub.staff_role(p_login);
      EXECUTE format('ALTER ROLE %I NOLOGIN', p_login);
      EXECUTE format('REVOKE %I FROM %I', ${desk}, p_login);
      EXECUTE format('REVOKE %I FROM %I', ${joining}, p_login);
      UPDATE fax_hub.people SET removed_at = clock_timestamp() WHERE login = p_login AND removed_at IS NULL;
      PERFORM fax_hub.change_key(p_login, p_generation, p_key_check, p_previous, p_logins, p_desk_keys, p_wrapped);
      PERFORM fax_hub.append_entry(who, 'person_removed', NULL, p_desk, p_seq, p_detail);
      PERFORM pg_notify('fax_hub', 'removed:' || p_login || ':' || who);
    END $$;

    CREATE FUNCTION fax_hub.reset_person(p_login text, p_verifier text, p_valid_until timestamptz, p_generation integer, p_key_check text, p_previous bytea, p_logins text[], p_desk_keys bytea[], p_wrapped bytea[], p_desk text, p_seq bigint, p_detail text)
      RETURNS void ${sd} AS $$
    DECLARE
      who text := fax_hub.administrator();
    BEGIN
      PERFORM fax_hub.staff_role(p_login);
      IF NOT EXISTS (SELECT 1 FROM fax_hub.people WHERE login = p_login AND removed_at IS NULL) THEN
        RAISE EXCEPTION 'not a current person of this office' USING ERRCODE = 'no_data_found';
      END IF;
      PERFORM fax_hub.check_join_password(p_verifier, p_valid_until);
      EXECUTE format('ALTER ROLE %I LOGIN PASSWORD %L VALID UNTIL %L', p_login, p_verifier, p_valid_until);
      EXECUTE format('REVOKE %I FROM %I', ${desk}, p_login);
      EXECUTE format('GRANT %I TO %I', ${joining}, p_login);
      DELETE FROM fax_hub.enrolments WHERE login = p_login;
      DELETE FROM fax_hub.key_grants WHERE login = p_login;
      PERFORM fax_hub.change_key(p_login, p_generation, p_key_check, p_previous, p_logins, p_desk_keys, p_wrapped);
      PERFORM fax_hub.append_entry(who, 'person_reset', NULL, p_desk, p_seq, p_detail);
    END $$;

    -- Ends the sessions a removed or reset person still has (their LISTEN, a lock they hold) and returns once they
    -- are gone: PostgreSQL lets a role end only the sessions of roles it is a member of, so the owner is one for the
    -- moment it takes.
    CREATE FUNCTION fax_hub.end_sessions(p_login text) RETURNS void ${sd} AS $$
    BEGIN
      PERFORM fax_hub.administrator();
      PERFORM fax_hub.staff_role(p_login);
      IF pg_has_role(p_login, ${desk}, 'MEMBER') AND EXISTS (SELECT 1 FROM fax_hub.people WHERE login = p_login AND removed_at IS NULL) THEN
        RAISE EXCEPTION 'that person is in the office' USING ERRCODE = 'insufficient_privilege';
      END IF;
      EXECUTE format('GRANT %I TO CURRENT_USER', p_login);
      PERFORM pg_terminate_backend(a.pid) FROM pg_stat_activity a WHERE a.usename = p_login;
      -- A backend told to end exits a moment later: wait for it (up to 2 s), so that when the administrator's desk
      -- says "removed", nothing of theirs is still connected.
      FOR attempt IN 1..200 LOOP
        PERFORM pg_stat_clear_snapshot();
        EXIT WHEN NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.usename = p_login);
        PERFORM pg_sleep(0.01);
      END LOOP;
      EXECUTE format('REVOKE %I FROM CURRENT_USER', p_login);
    END $$;

    CREATE FUNCTION fax_hub.save_label(p_id uuid, p_add boolean, p_name bytea, p_desk text, p_seq bigint, p_detail text) RETURNS boolean ${sd} AS $$
    DECLARE
      who text := fax_hub.administrator();
    BEGIN
      IF p_add THEN
        INSERT INTO fax_hub.labels (id, name_sealed) VALUES (p_id, p_name) ON CONFLICT (id) DO NOTHING;
      ELSE
        UPDATE fax_hub.labels SET name_sealed = p_name WHERE id = p_id AND removed_at IS NULL;
      END IF;
      IF NOT FOUND THEN
        RETURN false;
      END IF;
      PERFORM fax_hub.append_entry(who, CASE WHEN p_add THEN 'label_added' ELSE 'label_renamed' END, NULL, p_desk, p_seq, p_detail);
      RETURN true;
    END $$;

    CREATE FUNCTION fax_hub.remove_label(p_id uuid, p_desk text, p_seq bigint, p_detail text) RETURNS void ${sd} AS $$
    DECLARE
      who text := fax_hub.administrator();
    BEGIN
      UPDATE fax_hub.labels SET removed_at = clock_timestamp() WHERE id = p_id AND removed_at IS NULL;
      IF FOUND THEN
        PERFORM fax_hub.append_entry(who, 'label_removed', NULL, p_desk, p_seq, p_detail);
      END IF;
    END $$;

    -- Every change to the office's people and labels now writes its own entry.
    DROP FUNCTION fax_hub.record_office_change(text, text, bigint, text);

    REVOKE ALL ON ALL FUNCTIONS IN SCHEMA fax_hub FROM PUBLIC;
    DO $$
    BEGIN
      EXECUTE format('GRANT EXECUTE ON FUNCTION fax_hub.add_person(text, text, timestamptz, bytea, text, bigint, text), fax_hub.waiting_people(),
        fax_hub.confirm_person(text, bytea, bytea, text, bigint, text), fax_hub.office_desk_keys(),
        fax_hub.remove_person(text, integer, text, bytea, text[], bytea[], bytea[], text, bigint, text),
        fax_hub.reset_person(text, text, timestamptz, integer, text, bytea, text[], bytea[], bytea[], text, bigint, text),
        fax_hub.end_sessions(text), fax_hub.save_label(uuid, boolean, bytea, text, bigint, text), fax_hub.remove_label(uuid, text, bigint, text) TO %I', ${desk});
    END $$;
  `;
};

/**
 * Gives everything of the office to its owner: the schema, its tables (their sequences follow), its functions (so
 * the SECURITY DEFINER ones run as the owner) and the database. Run after every migration by the setup account, so
 * what a migration adds is the owner's too.
 */
export const ownEverything = (owner: string): string => `
    DO $$
    DECLARE
      o record;
    BEGIN
      EXECUTE format('ALTER SCHEMA fax_hub OWNER TO %I', ${literal(owner)});
      FOR o IN SELECT c.relname FROM pg_class c WHERE c.relnamespace = 'fax_hub'::regnamespace AND c.relkind IN ('r', 'v', 'm') LOOP
        EXECUTE format('ALTER TABLE fax_hub.%I OWNER TO %I', o.relname, ${literal(owner)});
      END LOOP;
      FOR o IN SELECT p.oid::regprocedure AS signature FROM pg_proc p WHERE p.pronamespace = 'fax_hub'::regnamespace LOOP
        EXECUTE format('ALTER FUNCTION %s OWNER TO %I', o.signature, ${literal(owner)});
      END LOOP;
      EXECUTE format('ALTER DATABASE %I OWNER TO %I', current_database(), ${literal(owner)});
    END $$;
`;
