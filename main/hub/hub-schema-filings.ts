/**
 * Schema 16: filing into the chart is the office's record (issue 55). A desk that filed a fax — by the office's rule,
 * holding its lease, or by a person — says so to the hub: who (the database's `session_user`), when (its clock), how
 * (rule or person) and an audit entry in the same statement, its detail (where: FHIR, HL7 or a folder) sealed for the
 * entry. Which patient, and the document's type, are sealed with the office key for the other desks, which show the
 * fax as filed and take it off their "To file" within seconds; the hub holds no patient word in the clear. A filing
 * taken back ("entered in error") is marked withdrawn, with its own entry, by whoever filed it (or the administrator).
 *
 * And the office's creation is the trail's first entry (the administrator's desk writes it once the office exists).
 */
import type { OfficeRoles } from './hub-schema-roles';

const sd = 'LANGUAGE plpgsql SECURITY DEFINER SET search_path = fax_hub, pg_temp';
const identifier = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** The sealed account of where a fax was filed, at most (the patient's name and id, the document's type). */
export const filingSealedMax = 4096;

export const filingsOnTheHub = (roles: OfficeRoles): string => `
    CREATE TABLE fax_hub.filings (
      fax_id text PRIMARY KEY CHECK (octet_length(fax_id) BETWEEN 1 AND 100),
      filed_by text NOT NULL,
      how text NOT NULL CHECK (how IN ('rule', 'person')),
      filed_at timestamptz NOT NULL,
      withdrawn_at timestamptz,
      where_sealed bytea NOT NULL CHECK (octet_length(where_sealed) <= ${filingSealedMax})
    );
    ALTER TABLE fax_hub.filings ENABLE ROW LEVEL SECURITY;
    ALTER TABLE fax_hub.filings FORCE ROW LEVEL SECURITY;
    CREATE POLICY read_as_granted ON fax_hub.filings FOR SELECT USING (true);
    CREATE POLICY owner_acts ON fax_hub.filings TO ${identifier(roles.owner)} USING (true) WITH CHECK (true);
    GRANT SELECT ON fax_hub.filings TO ${identifier(roles.desk)};
    CREATE TRIGGER filings_changed AFTER INSERT OR UPDATE ON fax_hub.filings FOR EACH ROW EXECUTE FUNCTION fax_hub.note_change();

    -- A fax filed (again, after it was taken back): the latest filing stands, with its entry.
    CREATE FUNCTION fax_hub.record_filing(p_fax text, p_how text, p_where bytea, p_desk text, p_seq bigint, p_detail text) RETURNS void ${sd} AS $$
    DECLARE
      who text := fax_hub.caller();
    BEGIN
      IF p_how IS NULL OR p_how NOT IN ('rule', 'person') THEN
        RAISE EXCEPTION 'a filing is by the rule or a person' USING ERRCODE = 'check_violation';
      END IF;
      INSERT INTO fax_hub.filings (fax_id, filed_by, how, filed_at, where_sealed) VALUES (p_fax, who, p_how, clock_timestamp(), p_where)
        ON CONFLICT (fax_id) DO UPDATE SET filed_by = EXCLUDED.filed_by, how = EXCLUDED.how, filed_at = EXCLUDED.filed_at,
          withdrawn_at = NULL, where_sealed = EXCLUDED.where_sealed;
      PERFORM fax_hub.append_entry(who, CASE WHEN p_how = 'rule' THEN 'filed_by_rule' ELSE 'filed' END, p_fax, p_desk, p_seq, p_detail);
    END $$;

    -- Taken back by whoever filed it (their desk holds the chart's document), or the administrator.
    CREATE FUNCTION fax_hub.record_withdrawal(p_fax text, p_desk text) RETURNS boolean ${sd} AS $$
    DECLARE
      who text := fax_hub.caller();
    BEGIN
      UPDATE fax_hub.filings SET withdrawn_at = clock_timestamp()
       WHERE fax_id = p_fax AND withdrawn_at IS NULL AND (filed_by = who OR fax_hub.caller_is_admin());
      IF NOT FOUND THEN
        RETURN false;
      END IF;
      PERFORM fax_hub.append_entry(who, 'filing_withdrawn', p_fax, p_desk, NULL, NULL);
      RETURN true;
    END $$;
    -- The office's creation, written once by its administrator's desk as the trail's first word.
    CREATE FUNCTION fax_hub.record_office_created(p_desk text, p_seq bigint, p_detail text) RETURNS boolean ${sd} AS $$
    DECLARE
      who text := fax_hub.caller();
    BEGIN
      IF NOT fax_hub.caller_is_admin() THEN
        RAISE EXCEPTION 'only the administrator' USING ERRCODE = 'insufficient_privilege';
      END IF;
      LOCK TABLE fax_hub.meta IN SHARE ROW EXCLUSIVE MODE;
      IF EXISTS (SELECT 1 FROM fax_hub.audit WHERE action = 'office_created') THEN
        RETURN false;
      END IF;
      PERFORM fax_hub.append_entry(who, 'office_created', NULL, p_desk, p_seq, p_detail);
      RETURN true;
    END $$;
    REVOKE ALL ON FUNCTION fax_hub.record_office_created(text, bigint, text) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION fax_hub.record_office_created(text, bigint, text) TO ${identifier(roles.desk)};
    REVOKE ALL ON FUNCTION fax_hub.record_filing(text, text, bytea, text, bigint, text), fax_hub.record_withdrawal(text, text) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION fax_hub.record_filing(text, text, bytea, text, bigint, text), fax_hub.record_withdrawal(text, text) TO ${identifier(roles.desk)};
`;
