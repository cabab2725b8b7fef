/**
 * Schema 14: a removal and a person's own calls never cross, whatever the timing (issue 58). A person's call holds
 * their row in the people list (FOR SHARE) while it goes on; a removal (or a reset, or a confirmation) takes that row
 * for itself (FOR UPDATE) before anything else. So:
 * - a call that comes while the removal is under way waits for it, then finds the person gone and is refused;
 * - a call still under way when the removal comes — or a transaction the person left open — is ended by the removal,
 *   which then goes on: nothing the person had not committed before the removal took their row is kept, and nothing
 *   of theirs is ever written after it;
 * - a person cannot hold up their own removal: the administrator's desk never waits on them for more than a moment.
 * Before, a call made while the removal's transaction was open saw the person still in the office (the removal not
 * yet committed) and was kept, dated after the removal.
 */
import type { OfficeRoles } from './hub-schema-roles';

const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;
const sd = 'LANGUAGE plpgsql SECURITY DEFINER SET search_path = fax_hub, pg_temp';

export const removalSettlesCalls = (roles: OfficeRoles): string => {
  const desk = literal(roles.desk);
  const joining = literal(roles.joining);
  const owner = literal(roles.owner);
  return `
    -- The person calling, their row held until the call's transaction ends (a removal waits for it, or ends it).
    CREATE OR REPLACE FUNCTION fax_hub.caller() RETURNS text ${sd} VOLATILE AS $$
    DECLARE
      who text := session_user;
    BEGIN
      PERFORM 1 FROM fax_hub.people WHERE login = who AND removed_at IS NULL FOR SHARE;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'not a person of this office' USING ERRCODE = 'insufficient_privilege';
      END IF;
      RETURN who;
    END $$;

    CREATE OR REPLACE FUNCTION fax_hub.caller_is_admin() RETURNS boolean ${sd} VOLATILE AS $$
    BEGIN
      RETURN EXISTS (SELECT 1 FROM fax_hub.people WHERE login = fax_hub.caller() AND role = 'admin');
    END $$;

    -- Takes a person's row for the administrator's change. A call of theirs under way, or a transaction they left
    -- open, holds it: those sessions are ended (their uncommitted work with them) and the row is taken a moment
    -- later. A session of theirs that is idle — the desk listening for the office's news — is left, so that it hears
    -- the change; the administrator's desk ends it after the notice.
    CREATE FUNCTION fax_hub.hold_person(p_login text) RETURNS void ${sd} AS $$
    DECLARE
      lent boolean := false;
    BEGIN
      FOR attempt IN 1..250 LOOP
        BEGIN
          PERFORM 1 FROM fax_hub.people WHERE login = p_login FOR UPDATE NOWAIT;
          IF lent THEN
            EXECUTE format('REVOKE %I FROM CURRENT_USER', p_login);
          END IF;
          RETURN;
        EXCEPTION WHEN lock_not_available THEN
          -- PostgreSQL lets a role end only the sessions of roles it is a member of (as end_sessions does).
          IF NOT lent THEN
            EXECUTE format('GRANT %I TO CURRENT_USER', p_login);
            lent := true;
          END IF;
          PERFORM pg_terminate_backend(a.pid) FROM pg_stat_activity a WHERE a.usename = p_login AND a.xact_start IS NOT NULL;
          PERFORM pg_sleep(0.02);
        END;
      END LOOP;
      RAISE EXCEPTION 'the person''s sessions did not end' USING ERRCODE = 'lock_not_available';
    END $$;
    REVOKE ALL ON FUNCTION fax_hub.hold_person(text) FROM PUBLIC;

    -- As schema 13 has it, the person's row taken first (hold_person).
    CREATE OR REPLACE FUNCTION fax_hub.staff_role(p_login text) RETURNS text ${sd} AS $$
    BEGIN
      IF p_login IS NULL OR NOT EXISTS (
          SELECT 1 FROM fax_hub.people p JOIN pg_roles r ON r.rolname = p.login
           WHERE p.login = p_login AND p.role = 'staff'
             AND NOT (r.rolsuper OR r.rolcreaterole OR r.rolcreatedb OR r.rolreplication OR r.rolbypassrls))
        OR EXISTS (SELECT 1 FROM pg_auth_members m WHERE m.member = to_regrole(p_login) AND m.roleid NOT IN (to_regrole(${desk}), to_regrole(${joining})))
        OR EXISTS (SELECT 1 FROM pg_auth_members m WHERE m.roleid = to_regrole(p_login) AND m.member <> to_regrole(${owner})) THEN
        RAISE EXCEPTION 'not a person of this office' USING ERRCODE = 'insufficient_privilege';
      END IF;
      PERFORM fax_hub.hold_person(p_login);
      RETURN p_login;
    END $$;
  `;
};
