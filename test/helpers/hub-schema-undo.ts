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
