/**
 * Schema 9: the database writes the record. A desk no longer writes claims, triage, notes, sent records, reply links,
 * leases or audit entries itself: it calls functions that take who is acting from the session (`session_user`, the
 * role the person signed in as — not a column a desk fills in), the time from the database's clock, check that the
 * caller may do it, and append the audit entry in the same statement. A change without its entry cannot happen; an
 * entry naming someone else, or dated by the desk, cannot be written.
 *
 * The audit chain is computed here as the desks computed it (same fields, same SHA-256), so chains that began on
 * desks go on unbroken. A desk that seals what an entry changed (whom it assigned, which labels) seals it for the
 * entry's number, which it reads under the chain's lock before calling; the function refuses a detail sealed for
 * another number. The detail is the desk's account; who, what, which fax and when are the database's.
 *
 * Leases are taken, named, renewed and finished only by the person and desk holding them. A lease finished before
 * its fax arrived (a member finishing jobs for faxes that do not exist yet, so their rules never run) is void: a
 * desk taking the job says when the fax came in, and such a lease is taken again.
 */

const identifier = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** What a desk records on its own account (only the desk sees a fax viewed, printed, saved or forwarded). */
const deskObservedActions = ['viewed', 'printed', 'saved', 'forwarded'] as const;
/** The administrator's changes to the office's lists, as schema 9 knew them (schema 10 adds confirming a person). */
const officeActionsOf9 = ['person_added', 'person_removed', 'label_added', 'label_renamed', 'label_removed'] as const;

/** A function that runs as the tables' owner, with a search path nobody can put objects ahead of. */
const sd = 'LANGUAGE plpgsql SECURITY DEFINER SET search_path = fax_hub, pg_temp';

const sqlList = (values: readonly string[]): string => values.map((value) => `'${value}'`).join(', ');

/** The function that writes the administrator's change to the office's people or labels (any of `actions`). */
export const officeChangeFunction = (actions: readonly string[]): string => `
    -- The administrator's change to the office's people or labels, written in the same transaction as the change.
    CREATE OR REPLACE FUNCTION fax_hub.record_office_change(p_action text, p_desk text, p_seq bigint, p_detail text) RETURNS void ${sd} AS $$
    DECLARE
      who text := fax_hub.caller();
    BEGIN
      IF NOT fax_hub.caller_is_admin() THEN
        RAISE EXCEPTION 'only the administrator changes the office' USING ERRCODE = 'insufficient_privilege';
      END IF;
      IF p_action IS NULL OR p_action NOT IN (${sqlList(actions)}) THEN
        RAISE EXCEPTION 'not a change to the office' USING ERRCODE = 'check_violation';
      END IF;
      PERFORM fax_hub.append_entry(who, p_action, NULL, p_desk, p_seq, p_detail);
    END $$;
    REVOKE ALL ON FUNCTION fax_hub.record_office_change(text, text, bigint, text) FROM PUBLIC;`;

/** Longest lease a desk may take (a desk renews well before its lease ends). */
export const leaseMaxMs = 600_000;

export const recordWrittenByTheDatabase = (deskRole: string): string => {
  const desk = identifier(deskRole);
  return `
    REVOKE INSERT, UPDATE, DELETE ON fax_hub.claims, fax_hub.triage, fax_hub.notes, fax_hub.audit, fax_hub.sent, fax_hub.reply_links, fax_hub.leases FROM ${desk};
    REVOKE UPDATE (claimed_by, claimed_at) ON fax_hub.claims FROM ${desk};
    REVOKE UPDATE (assignee, handled_by, handled_at, labels_sealed, updated_by, updated_at) ON fax_hub.triage FROM ${desk};
    REVOKE UPDATE (answers, set_by, set_at) ON fax_hub.reply_links FROM ${desk};
    REVOKE USAGE ON SEQUENCE fax_hub.audit_id_seq FROM ${desk};

    -- The person calling: the role they signed in as, a current person of the office.
    CREATE FUNCTION fax_hub.caller() RETURNS text ${sd} STABLE AS $$
    DECLARE
      who text := session_user;
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM fax_hub.people WHERE login = who AND removed_at IS NULL) THEN
        RAISE EXCEPTION 'not a person of this office' USING ERRCODE = 'insufficient_privilege';
      END IF;
      RETURN who;
    END $$;

    CREATE FUNCTION fax_hub.caller_is_admin() RETURNS boolean ${sd} STABLE AS $$
    BEGIN
      RETURN EXISTS (SELECT 1 FROM fax_hub.people WHERE login = fax_hub.caller() AND role = 'admin');
    END $$;

    -- An entry's hash, as audit-chain.ts computes it: the fields joined by newlines, the time to the millisecond.
    CREATE FUNCTION fax_hub.entry_hash(prev text, desk text, seq bigint, actor text, action text, fax text, at timestamptz, detail text) RETURNS text
      LANGUAGE sql STABLE SET search_path = fax_hub, pg_temp AS $$
      SELECT encode(sha256(convert_to(concat_ws(E'\\n', prev, desk, seq::text, actor, action, coalesce(fax, ''),
        to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), detail), 'UTF8')), 'hex')
    $$;

    -- Appends an entry to a desk's chain. A detail is sealed for one entry number: any other is refused.
    CREATE FUNCTION fax_hub.append_entry(p_actor text, p_action text, p_fax text, p_desk text, p_seq bigint, p_detail text) RETURNS void ${sd} AS $$
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

    CREATE FUNCTION fax_hub.claim(p_fax text, p_desk text) RETURNS boolean ${sd} AS $$
    DECLARE
      who text := fax_hub.caller();
    BEGIN
      INSERT INTO fax_hub.claims (fax_id, claimed_by) VALUES (p_fax, who) ON CONFLICT (fax_id) DO NOTHING;
      IF NOT FOUND THEN
        RETURN false;
      END IF;
      PERFORM fax_hub.append_entry(who, 'claimed', p_fax, p_desk, NULL, NULL);
      RETURN true;
    END $$;

    CREATE FUNCTION fax_hub.release(p_fax text, p_desk text) RETURNS boolean ${sd} AS $$
    DECLARE
      who text := fax_hub.caller();
    BEGIN
      DELETE FROM fax_hub.claims WHERE fax_id = p_fax AND claimed_by = who;
      IF NOT FOUND THEN
        RETURN false;
      END IF;
      PERFORM fax_hub.append_entry(who, 'released', p_fax, p_desk, NULL, NULL);
      RETURN true;
    END $$;

    -- p_seen: the holder the desk saw (its detail names them); another holder by now is refused, to be tried again.
    CREATE FUNCTION fax_hub.take_over(p_fax text, p_desk text, p_seen text, p_seq bigint, p_detail text) RETURNS timestamptz ${sd} AS $$
    DECLARE
      who text := fax_hub.caller();
      held text;
      since timestamptz;
    BEGIN
      SELECT claimed_by INTO held FROM fax_hub.claims WHERE fax_id = p_fax FOR UPDATE;
      IF held IS DISTINCT FROM p_seen THEN
        RAISE EXCEPTION 'the claim changed hands' USING ERRCODE = 'serialization_failure';
      END IF;
      INSERT INTO fax_hub.claims (fax_id, claimed_by) VALUES (p_fax, who)
        ON CONFLICT (fax_id) DO UPDATE SET claimed_by = EXCLUDED.claimed_by, claimed_at = clock_timestamp()
        RETURNING claimed_at INTO since;
      PERFORM fax_hub.append_entry(who, 'took_over', p_fax, p_desk, p_seq, p_detail);
      RETURN since;
    END $$;

    CREATE FUNCTION fax_hub.assign(p_fax text, p_person text, p_desk text, p_seq bigint, p_detail text) RETURNS void ${sd} AS $$
    DECLARE
      who text := fax_hub.caller();
    BEGIN
      INSERT INTO fax_hub.triage (fax_id, assignee, updated_by) VALUES (p_fax, p_person, who)
        ON CONFLICT (fax_id) DO UPDATE SET assignee = EXCLUDED.assignee, updated_by = who, updated_at = clock_timestamp();
      PERFORM fax_hub.append_entry(who, 'assigned', p_fax, p_desk, p_seq, p_detail);
    END $$;

    CREATE FUNCTION fax_hub.set_handled(p_fax text, p_handled boolean, p_desk text) RETURNS void ${sd} AS $$
    DECLARE
      who text := fax_hub.caller();
      by_whom text := CASE WHEN p_handled THEN who END;
      stamped timestamptz := CASE WHEN p_handled THEN clock_timestamp() END;
    BEGIN
      INSERT INTO fax_hub.triage (fax_id, handled_by, handled_at, updated_by) VALUES (p_fax, by_whom, stamped, who)
        ON CONFLICT (fax_id) DO UPDATE SET handled_by = by_whom, handled_at = stamped, updated_by = who, updated_at = clock_timestamp();
      PERFORM fax_hub.append_entry(who, CASE WHEN p_handled THEN 'handled' ELSE 'not_handled' END, p_fax, p_desk, NULL, NULL);
    END $$;

    CREATE FUNCTION fax_hub.set_labels(p_fax text, p_labels bytea, p_desk text, p_seq bigint, p_detail text) RETURNS void ${sd} AS $$
    DECLARE
      who text := fax_hub.caller();
    BEGIN
      INSERT INTO fax_hub.triage (fax_id, labels_sealed, updated_by) VALUES (p_fax, p_labels, who)
        ON CONFLICT (fax_id) DO UPDATE SET labels_sealed = EXCLUDED.labels_sealed, updated_by = who, updated_at = clock_timestamp();
      PERFORM fax_hub.append_entry(who, 'labelled', p_fax, p_desk, p_seq, p_detail);
    END $$;

    CREATE FUNCTION fax_hub.add_note(p_id uuid, p_fax text, p_body bytea, p_desk text) RETURNS void ${sd} AS $$
    DECLARE
      who text := fax_hub.caller();
    BEGIN
      INSERT INTO fax_hub.notes (id, fax_id, author, body_sealed) VALUES (p_id, p_fax, who, p_body);
      PERFORM fax_hub.append_entry(who, 'noted', p_fax, p_desk, NULL, NULL);
    END $$;

    -- Its author may remove a note, and the administrator (a note no desk can read need not stay in the thread).
    CREATE FUNCTION fax_hub.remove_note(p_id uuid, p_fax text, p_desk text) RETURNS boolean ${sd} AS $$
    DECLARE
      who text := fax_hub.caller();
    BEGIN
      DELETE FROM fax_hub.notes WHERE id = p_id AND fax_id = p_fax AND (author = who OR fax_hub.caller_is_admin());
      IF NOT FOUND THEN
        RETURN false;
      END IF;
      PERFORM fax_hub.append_entry(who, 'note_removed', p_fax, p_desk, NULL, NULL);
      RETURN true;
    END $$;

    -- The first record of who sent a fax stands.
    CREATE FUNCTION fax_hub.record_sent(p_fax text, p_reply_due timestamptz, p_desk text) RETURNS boolean ${sd} AS $$
    DECLARE
      who text := fax_hub.caller();
    BEGIN
      INSERT INTO fax_hub.sent (fax_id, sent_by, reply_due_at) VALUES (p_fax, who, p_reply_due) ON CONFLICT (fax_id) DO NOTHING;
      IF NOT FOUND THEN
        RETURN false;
      END IF;
      PERFORM fax_hub.append_entry(who, 'sent', p_fax, p_desk, NULL, NULL);
      RETURN true;
    END $$;

    CREATE FUNCTION fax_hub.link_reply(p_fax text, p_answers text, p_desk text) RETURNS void ${sd} AS $$
    DECLARE
      who text := fax_hub.caller();
    BEGIN
      INSERT INTO fax_hub.reply_links (fax_id, answers, set_by) VALUES (p_fax, p_answers, who)
        ON CONFLICT (fax_id) DO UPDATE SET answers = EXCLUDED.answers, set_by = who, set_at = clock_timestamp();
      PERFORM fax_hub.append_entry(who, 'reply_linked', p_fax, p_desk, NULL, NULL);
    END $$;

    -- What only a desk sees (a fax viewed, printed, saved or forwarded there), in the caller's name.
    CREATE FUNCTION fax_hub.record(p_action text, p_fax text, p_desk text) RETURNS void ${sd} AS $$
    DECLARE
      who text := fax_hub.caller();
    BEGIN
      IF p_action IS NULL OR p_action NOT IN (${sqlList(deskObservedActions)}) THEN
        RAISE EXCEPTION 'not something a desk records on its own' USING ERRCODE = 'check_violation';
      END IF;
      PERFORM fax_hub.append_entry(who, p_action, p_fax, p_desk, NULL, NULL);
    END $$;

    ${officeChangeFunction(officeActionsOf9)}
    -- A job's lease: a new one, one run out, this desk's own again, or one finished before its fax arrived (void).
    CREATE FUNCTION fax_hub.take_lease(p_job text, p_desk text, p_ms integer, p_not_before timestamptz)
      RETURNS TABLE (turn text, target bytea, done_here boolean) ${sd} AS $$
    DECLARE
      who text := fax_hub.caller();
      held fax_hub.leases%ROWTYPE;
      taken bytea;
    BEGIN
      IF p_ms IS NULL OR p_ms NOT BETWEEN 1 AND ${leaseMaxMs} THEN
        RAISE EXCEPTION 'a lease lasts at most ten minutes' USING ERRCODE = 'check_violation';
      END IF;
      INSERT INTO fax_hub.leases AS l (job, holder, desk_id, expires_at) VALUES (p_job, who, p_desk, clock_timestamp() + p_ms * interval '1 millisecond')
        ON CONFLICT (job) DO UPDATE SET holder = who, desk_id = EXCLUDED.desk_id, expires_at = EXCLUDED.expires_at, done_at = NULL,
          target_sealed = CASE WHEN l.done_at IS NULL THEN l.target_sealed END
        WHERE (l.done_at IS NULL AND (l.expires_at < clock_timestamp() OR (l.desk_id = EXCLUDED.desk_id AND l.holder = who)))
           OR (p_not_before IS NOT NULL AND l.done_at IS NOT NULL AND l.done_at < least(p_not_before, clock_timestamp()))  -- LEAST skips a NULL
        RETURNING l.target_sealed INTO taken;
      IF FOUND THEN
        RETURN QUERY SELECT 'mine'::text, taken, false;
        RETURN;
      END IF;
      SELECT * INTO held FROM fax_hub.leases WHERE job = p_job;
      IF held.done_at IS NULL THEN
        RETURN QUERY SELECT 'taken'::text, NULL::bytea, false;
      ELSE
        RETURN QUERY SELECT 'done'::text, NULL::bytea, held.desk_id = p_desk AND held.holder = who;
      END IF;
    END $$;

    CREATE FUNCTION fax_hub.name_lease(p_job text, p_desk text, p_target bytea) RETURNS boolean ${sd} AS $$
    BEGIN
      UPDATE fax_hub.leases SET target_sealed = p_target WHERE job = p_job AND desk_id = p_desk AND holder = fax_hub.caller() AND done_at IS NULL;
      RETURN FOUND;
    END $$;

    CREATE FUNCTION fax_hub.renew_lease(p_job text, p_desk text, p_ms integer) RETURNS boolean ${sd} AS $$
    BEGIN
      IF p_ms IS NULL OR p_ms NOT BETWEEN 1 AND ${leaseMaxMs} THEN
        RAISE EXCEPTION 'a lease lasts at most ten minutes' USING ERRCODE = 'check_violation';
      END IF;
      UPDATE fax_hub.leases SET expires_at = clock_timestamp() + p_ms * interval '1 millisecond'
        WHERE job = p_job AND desk_id = p_desk AND holder = fax_hub.caller() AND done_at IS NULL;
      RETURN FOUND;
    END $$;

    -- A finished job is in the trail (under its fax, when the job is about one).
    CREATE FUNCTION fax_hub.finish_lease(p_job text, p_desk text, p_fax text) RETURNS boolean ${sd} AS $$
    DECLARE
      who text := fax_hub.caller();
    BEGIN
      UPDATE fax_hub.leases SET done_at = clock_timestamp() WHERE job = p_job AND desk_id = p_desk AND holder = who AND done_at IS NULL;
      IF NOT FOUND THEN
        RETURN false;
      END IF;
      PERFORM fax_hub.append_entry(who, 'job_done', p_fax, p_desk, NULL, NULL);
      RETURN true;
    END $$;

    REVOKE ALL ON ALL FUNCTIONS IN SCHEMA fax_hub FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION
      fax_hub.claim(text, text), fax_hub.release(text, text), fax_hub.take_over(text, text, text, bigint, text),
      fax_hub.assign(text, text, text, bigint, text), fax_hub.set_handled(text, boolean, text),
      fax_hub.set_labels(text, bytea, text, bigint, text), fax_hub.add_note(uuid, text, bytea, text),
      fax_hub.remove_note(uuid, text, text), fax_hub.record_sent(text, timestamptz, text), fax_hub.link_reply(text, text, text),
      fax_hub.record(text, text, text), fax_hub.take_lease(text, text, integer, timestamptz),
      fax_hub.name_lease(text, text, bytea), fax_hub.renew_lease(text, text, integer), fax_hub.finish_lease(text, text, text)
      TO ${desk};
  `;
};
