/** Schema migrations of the cache, in order; the index + 1 is the schema version. Never edit a released one. */
import type Database from 'better-sqlite3-multiple-ciphers';
import { statusGroup } from '../../../preload/fax-status';
import { numberKey } from '../../../preload/fax-number';
import { partiesOf } from './fax-parties';
import { joinedIds } from './split-ids';

export const migrations: ReadonlyArray<(db: Database.Database) => void> = [
  (db) => {
    db.exec(`
      CREATE TABLE faxes (
        id INTEGER PRIMARY KEY,
        reference TEXT NOT NULL,
        direction TEXT NOT NULL,
        status TEXT NOT NULL,
        pages INTEGER,
        created_at TEXT NOT NULL,
        created_ms INTEGER NOT NULL,
        to_number TEXT,
        from_number TEXT,
        counterpart TEXT,
        subject TEXT,
        sender_name TEXT,
        cost TEXT,
        provider_error TEXT,
        recipients TEXT NOT NULL,
        recipient_count INTEGER NOT NULL,
        search TEXT NOT NULL,
        unread INTEGER NOT NULL DEFAULT 0,
        submission_id TEXT,
        origin TEXT NOT NULL DEFAULT 'server',
        synced_ms INTEGER NOT NULL
      );
      CREATE INDEX faxes_by_time ON faxes (direction, created_ms DESC, id DESC);
      CREATE INDEX faxes_pending ON faxes (created_ms) WHERE status IN ('queued', 'converting', 'sending');
      CREATE INDEX faxes_unread ON faxes (direction) WHERE unread = 1;
      CREATE TABLE contacts (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, fax_number TEXT, company TEXT, email TEXT, search TEXT NOT NULL, position INTEGER NOT NULL
      );
      CREATE TABLE numbers (id TEXT PRIMARY KEY, number TEXT NOT NULL, label TEXT, capabilities TEXT NOT NULL, position INTEGER NOT NULL);
      CREATE TABLE kv (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE pdf_files (fax_id INTEGER PRIMARY KEY, file TEXT NOT NULL, size INTEGER NOT NULL, last_access_ms INTEGER NOT NULL);
      CREATE TABLE audit (seq INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, action TEXT NOT NULL, fax_id INTEGER, submission_id TEXT);
      CREATE TRIGGER audit_append_only_update BEFORE UPDATE ON audit BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
      CREATE TRIGGER audit_append_only_delete BEFORE DELETE ON audit BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
    `);
  },
  // v2: searching 50,000 faxes reads this narrow index instead of every row (bench/RESULTS.md, big inbox).
  (db) => {
    db.exec('CREATE INDEX faxes_search ON faxes (direction, search)');
  },
  // v3: lists filter by what a status means (preload/fax-status.ts), not by one word; contacts keep every fax number.
  (db) => {
    db.exec(`
      ALTER TABLE faxes ADD COLUMN status_group TEXT NOT NULL DEFAULT 'other';
      ALTER TABLE contacts ADD COLUMN fax_numbers TEXT NOT NULL DEFAULT '[]';
    `);
    const update = db.prepare('UPDATE faxes SET status_group = ? WHERE id = ?');
    for (const row of db.prepare('SELECT id, direction, status FROM faxes').all() as Array<{ id: number; direction: 'inbound' | 'outbound'; status: string }>) {
      update.run(statusGroup(row.direction, row.status), row.id);
    }
    db.exec(`
      UPDATE contacts SET fax_numbers = json_array(json_object('number', fax_number, 'label', NULL)) WHERE fax_number IS NOT NULL;
      CREATE INDEX faxes_in_flight ON faxes (created_ms) WHERE status_group IN ('in_progress', 'other');
    `);
  },
  // v4: every sync asks for the newest fax from the service; without this it read all 50,000 rows (bench: cache memory).
  (db) => {
    db.exec("CREATE INDEX faxes_from_server ON faxes (created_ms) WHERE origin = 'server'");
  },
  // v5: who each fax went to or came from, and each contact's numbers (with the changes seen between contact
  // syncs): the misdirected-fax guard looks numbers up by key instead of reading every fax and contact. The
  // request id of each send this app made, which faxes' transmission reports were saved automatically, and the
  // replies expected to sent faxes with the received faxes linked to them (how: auto, manual, or unlinked by hand).
  (db) => {
    db.exec(`
      CREATE TABLE fax_parties (
        fax_id INTEGER NOT NULL, number TEXT NOT NULL, role TEXT NOT NULL, failed INTEGER NOT NULL, created_ms INTEGER NOT NULL,
        PRIMARY KEY (fax_id, role, number)
      );
      CREATE INDEX fax_parties_by_number ON fax_parties (number, role, failed);
      CREATE TABLE contact_numbers (number TEXT NOT NULL, contact_id TEXT NOT NULL, PRIMARY KEY (number, contact_id));
      CREATE INDEX contact_numbers_by_contact ON contact_numbers (contact_id);
      CREATE TABLE contact_number_changes (
        contact_id TEXT NOT NULL, old_number TEXT NOT NULL, new_number TEXT, changed_ms INTEGER NOT NULL,
        PRIMARY KEY (contact_id, old_number)
      );
      CREATE INDEX contact_number_changes_by_new ON contact_number_changes (new_number);
      CREATE INDEX contact_number_changes_by_old ON contact_number_changes (old_number);
      CREATE INDEX contacts_by_name ON contacts (name COLLATE NOCASE);
      CREATE INDEX contacts_by_company ON contacts (company COLLATE NOCASE);
      ALTER TABLE faxes ADD COLUMN send_request_id TEXT;
      CREATE TABLE transmission_reports (fax_id INTEGER PRIMARY KEY, saved_ms INTEGER NOT NULL);
      CREATE TABLE reply_expectations (fax_id INTEGER PRIMARY KEY, due_ms INTEGER NOT NULL, overdue_notified INTEGER NOT NULL DEFAULT 0);
      CREATE INDEX reply_expectations_by_due ON reply_expectations (overdue_notified, due_ms);
      CREATE TABLE reply_links (inbound_id INTEGER PRIMARY KEY, outbound_id INTEGER, how TEXT NOT NULL);
      CREATE INDEX reply_links_by_outbound ON reply_links (outbound_id);
    `);
    const insertParty = db.prepare('INSERT OR IGNORE INTO fax_parties (fax_id, number, role, failed, created_ms) VALUES (?, ?, ?, ?, ?)');
    // In batches: better-sqlite3 allows no other statement while an iterator is open.
    const batch = db.prepare('SELECT id, direction, to_number, from_number, recipients, created_ms FROM faxes WHERE id > ? ORDER BY id LIMIT 2000');
    for (let after = -Infinity; ; ) {
      const faxes = batch.all(after) as Array<{ id: number; direction: 'inbound' | 'outbound'; to_number: string | null; from_number: string | null; recipients: string; created_ms: number }>;
      const last = faxes[faxes.length - 1];
      if (!last) break;
      for (const fax of faxes) {
        const recipients = JSON.parse(fax.recipients) as Array<{ to: string; status: string }>;
        for (const party of partiesOf({ direction: fax.direction, to: fax.to_number, from: fax.from_number, recipients })) {
          insertParty.run(fax.id, party.number, party.role, party.failed ? 1 : 0, fax.created_ms);
        }
      }
      after = last.id;
    }
    const insertNumber = db.prepare('INSERT OR IGNORE INTO contact_numbers (number, contact_id) VALUES (?, ?)');
    for (const contact of db.prepare('SELECT id, fax_numbers FROM contacts').all() as Array<{ id: string; fax_numbers: string }>) {
      for (const { number } of JSON.parse(contact.fax_numbers) as Array<{ number: string }>) {
        const key = numberKey(number);
        if (key !== null) insertNumber.run(key, contact.id);
      }
    }
  },
  // v6: what the office did with each received fax: handled (when) and a short note.
  (db) => {
    db.exec(`
      CREATE TABLE fax_handling (fax_id INTEGER PRIMARY KEY, handled_ms INTEGER, note TEXT NOT NULL DEFAULT '');
      CREATE INDEX fax_handling_handled ON fax_handling (fax_id) WHERE handled_ms IS NOT NULL;
    `);
  },
  // v7: what the inbound rules did with each received fax: one row per fax and rule (saved where, printed on
  // which printer, when), with the attempts and the last failure of an action still being retried.
  (db) => {
    db.exec(`
      CREATE TABLE rule_actions (
        fax_id INTEGER NOT NULL, rule_id TEXT NOT NULL, action TEXT NOT NULL, state TEXT NOT NULL, target TEXT,
        attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT, next_try_ms INTEGER NOT NULL DEFAULT 0, done_ms INTEGER,
        created_ms INTEGER NOT NULL,
        PRIMARY KEY (fax_id, rule_id)
      );
      CREATE INDEX rule_actions_by_rule ON rule_actions (rule_id, fax_id);
      CREATE INDEX rule_actions_pending ON rule_actions (next_try_ms) WHERE state = 'pending';
    `);
  },
  // v8: background work that failed is retried, with its reason, until it is done. A rule action counts the tries
  // that never reached an outcome (the app stopped during them), so one that stops the app is not run at every
  // start. A transmission report to save into the reports folder is journaled first (pending), then saved.
  (db) => {
    db.exec(`
      ALTER TABLE rule_actions ADD COLUMN unfinished_tries INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE transmission_reports ADD COLUMN state TEXT NOT NULL DEFAULT 'saved';
      ALTER TABLE transmission_reports ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE transmission_reports ADD COLUMN last_error TEXT;
      ALTER TABLE transmission_reports ADD COLUMN next_try_ms INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX transmission_reports_pending ON transmission_reports (next_try_ms) WHERE state = 'pending';
    `);
  },
  // v9: fax ids are kept exactly, as the digits the service sent (an id above 2^53 would round as a number, and two
  // faxes could land on one row): every fax id column becomes TEXT, holding the same ids as before in digits. The
  // lists order by time, then by id as a number (a longer id is larger).
  (db) => {
    retypeFaxIdColumns(db, {
      faxes: ['id'],
      pdf_files: ['fax_id'],
      audit: ['fax_id'],
      fax_parties: ['fax_id'],
      transmission_reports: ['fax_id'],
      reply_expectations: ['fax_id'],
      reply_links: ['inbound_id', 'outbound_id'],
      fax_handling: ['fax_id'],
      rule_actions: ['fax_id'],
    });
    db.exec(`
      DROP INDEX faxes_by_time;
      CREATE INDEX faxes_by_time ON faxes (direction, created_ms DESC, length(id) DESC, id DESC);
    `);
  },  // The office hub's triage of received faxes as this desk last saw it (with its own actions not yet shared): the
  // lists filter and show it without asking the hub, and it is there while the hub cannot be reached.
  (db) => {
    db.exec(`
      CREATE TABLE hub_triage (
        fax_id TEXT PRIMARY KEY,
        claimed_by TEXT,
        claimed_ms INTEGER,
        assignee TEXT,
        handled_by TEXT,
        handled_ms INTEGER,
        labels TEXT NOT NULL DEFAULT '[]',
        notes INTEGER NOT NULL DEFAULT 0,
        pending INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX hub_triage_claimed ON hub_triage (claimed_by);
      CREATE INDEX hub_triage_assignee ON hub_triage (assignee);
    `);
  },
  // Who sent a fax, shared by the office (shown on every desk's sent faxes); the claimed faxes' ids by themselves,
  // so "Unclaimed" reads an index as "Not handled" does instead of building one each time.
  (db) => {
    db.exec(`
      ALTER TABLE hub_triage ADD COLUMN sent_by TEXT;
      CREATE INDEX hub_triage_claimed_ids ON hub_triage (fax_id) WHERE claimed_by IS NOT NULL;
    `);
  },
  (db) => {
    // Recognized text (issue 27): how far each fax has been read, each page's words, and the full-text index.
    db.exec(`
      CREATE TABLE fax_text_state (
        fax_id TEXT PRIMARY KEY,
        page_count INTEGER,
        next_page INTEGER NOT NULL DEFAULT 1,
        done INTEGER NOT NULL DEFAULT 0,
        failure TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        min_confidence REAL
      );
      CREATE TABLE fax_text_pages (
        id INTEGER PRIMARY KEY,
        fax_id TEXT NOT NULL,
        page INTEGER NOT NULL,
        outcome TEXT NOT NULL,
        confidence REAL NOT NULL,
        words TEXT NOT NULL,
        UNIQUE (fax_id, page)
      );
      -- The index of each page's text, under the page's id (a page read again replaces its row by that id).
      CREATE VIRTUAL TABLE fax_text USING fts5(text, tokenize = 'unicode61 remove_diacritics 2');
      -- A sent fax that answers a received one (a filled and signed copy faxed back).
      CREATE TABLE fax_answers (answer_id TEXT PRIMARY KEY, answered_id TEXT NOT NULL);
      CREATE INDEX fax_answers_by_answered ON fax_answers (answered_id);
      -- A search that also looks in the text is counted on this index alone (the details and the id, no row read).
      CREATE INDEX faxes_search_ids ON faxes (direction, search, id);
    `);
  },
  (db) => {
    // The text index gains a second column: ids a misread space split, joined ("XJ447 1920" → "xj4471920").
    db.exec("CREATE VIRTUAL TABLE fax_text_v13 USING fts5(text, joined, tokenize = 'unicode61 remove_diacritics 2')");
    const insert = db.prepare('INSERT INTO fax_text_v13 (rowid, text, joined) VALUES (?, ?, ?)');
    for (const row of db.prepare<[], { rowid: number; text: string }>('SELECT rowid, text FROM fax_text').all()) insert.run(row.rowid, row.text, joinedIds(row.text));
    db.exec('DROP TABLE fax_text; ALTER TABLE fax_text_v13 RENAME TO fax_text;');
  },
  (db) => {
    // Whether this desk announces an expectation when it is overdue: its own sends, not every sent fax of the office.
    db.exec('ALTER TABLE reply_expectations ADD COLUMN announce INTEGER NOT NULL DEFAULT 1');
  },
  (db) => {
    // Intake: what each received fax was read to be (kind, fields, batch parts), and the kinds people gave faxes on
    // this desk with the words the office's own model learns from.
    db.exec(`
      CREATE TABLE fax_intake (
        fax_id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        kind_confidence INTEGER NOT NULL,
        kind_source TEXT NOT NULL,
        kind_sure INTEGER NOT NULL,
        urgent INTEGER NOT NULL,
        patient TEXT,
        fields TEXT NOT NULL,
        parts TEXT NOT NULL
      );
      CREATE INDEX fax_intake_by_kind ON fax_intake (kind);
      CREATE TABLE intake_examples (fax_id TEXT PRIMARY KEY, kind TEXT NOT NULL, words TEXT NOT NULL, at_ms INTEGER NOT NULL);
    `);
  },
  // v16: filing faxes into the chart — whom each received fax was matched to, what waits for a person and why, and
  // the filing's journal (its target named before it starts, done only once the EHR has it).
  (db) => {
    db.exec(`
      CREATE TABLE chart_filings (
        fax_id TEXT PRIMARY KEY,
        state TEXT NOT NULL,
        reason TEXT,
        candidates TEXT NOT NULL DEFAULT '[]',
        patient TEXT,
        document_type TEXT,
        target TEXT,
        remote_id TEXT,
        filed_by TEXT,
        filed_ms INTEGER,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_try_ms INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        unfinished_tries INTEGER NOT NULL DEFAULT 0,
        generation INTEGER NOT NULL DEFAULT 0,
        updated_ms INTEGER NOT NULL
      );
      CREATE INDEX chart_filings_by_state ON chart_filings (state, next_try_ms);
    `);
  },
  // v17: the office's patient list (a practice-management export), for offices whose EHR has no FHIR access: one
  // row per patient, keyed by the office's patient number, kept only here (encrypted) and replaced whole by each
  // import (written beside it first, then swapped in, so a failed import leaves the list as it was).
  (db) => {
    db.exec(`
      CREATE TABLE chart_patients (
        id TEXT PRIMARY KEY,
        record TEXT NOT NULL
      );
    `);
  },
  // v18: the labels intake found on a fax with no value read after them ("DOB:" and an empty box), shown "not read";
  // and the fields a person corrected (name → value, "" for "not on this fax"), laid over every new reading.
  (db) => {
    db.exec("ALTER TABLE fax_intake ADD COLUMN unread TEXT NOT NULL DEFAULT '[]'");
    db.exec("ALTER TABLE fax_intake ADD COLUMN corrected TEXT NOT NULL DEFAULT '{}'");
  },
];

/**
 * Rebuilds tables with these columns as TEXT (SQLite cannot change a column's type): the table is created again
 * from its own definition, the rows copied in their order with the ids as digits, and its indexes and triggers made
 * again. Only for the migration above.
 */
function retypeFaxIdColumns(db: Database.Database, tables: Readonly<Record<string, readonly string[]>>): void {
  for (const [table, columns] of Object.entries(tables)) {
    const definition = db.prepare<[string], { sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").get(table)?.sql;
    if (!definition) throw new Error(`migration v9: no table ${table}`);
    const extras = db.prepare<[string], { sql: string }>("SELECT sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND tbl_name = ? AND sql IS NOT NULL ORDER BY type").all(table);
    let retyped = definition.replace(new RegExp(`^CREATE TABLE ${table}\\b`), `CREATE TABLE ${table}_v9`);
    for (const column of columns) retyped = retyped.replace(new RegExp(`\\b${column} INTEGER\\b`), `${column} TEXT`);
    if (retyped === definition) throw new Error(`migration v9: ${table} unchanged`);
    db.exec(retyped);
    const names = (db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).map((info) => info.name);
    const selected = names.map((name) => (columns.includes(name) ? `CAST(${name} AS TEXT)` : name)).join(', ');
    db.exec(`INSERT INTO ${table}_v9 (${names.join(', ')}) SELECT ${selected} FROM ${table} ORDER BY rowid`);
    db.exec(`DROP TABLE ${table}`);
    db.exec(`ALTER TABLE ${table}_v9 RENAME TO ${table}`);
    for (const extra of extras) db.exec(extra.sql);
  }
}
