/**
 * What intake read each received fax to be, and the kinds people gave faxes on this desk (with the words the
 * office's kind model learns from) — PHI, so in the encrypted cache. A person's kind is kept across a new reading.
 */
import type { CacheDb } from './cache-database';
import type { FaxId } from '../../../preload/fax-id';
import type { FaxIntake, IntakeField, IntakeFieldName, IntakePart, IntakeSummary, UnreadLabel } from '../../../preload/intake';
import { withCorrections, type FieldCorrections } from './field-corrections';

/** A kind a person gave a fax, with the fax's words (what the office's model learns from). */
export interface KindExample {
  kind: string;
  words: readonly string[];
}

interface IntakeRow {
  fax_id: FaxId;
  kind: string;
  kind_confidence: number;
  kind_source: 'rules' | 'model' | 'person';
  kind_sure: number;
  urgent: number;
  patient: string | null;
  fields: string;
  parts: string;
  unread: string;
  corrected: string;
}

export interface IntakeRepository {
  /** Keeps a new reading; a kind a person gave the fax stays. */
  save(faxId: FaxId, intake: FaxIntake): void;
  get(faxId: FaxId): FaxIntake | null;
  summaries(faxIds: readonly FaxId[]): Map<FaxId, IntakeSummary>;
  /**
   * A person corrects a field ("" : not on this fax): kept, and laid over this reading and every new one. Returns
   * the intake as it now is.
   */
  setField(faxId: FaxId, name: IntakeFieldName, value: string): FaxIntake;
  /** A person says what the fax is: it becomes the fax's kind and an example the model learns from. */
  setKind(faxId: FaxId, kind: string, words: readonly string[], atMs: number): void;
  examples(): KindExample[];
  /** Received faxes read to their end that have no intake yet (after an update, or a reading that failed midway). */
  unread(limit: number): FaxId[];
  /** The SQL that selects fax ids of a kind (the lists' filter). */
  kindClause: string;
}

const correctionsOf = (row: Pick<IntakeRow, 'corrected'> | undefined): FieldCorrections => (row ? (JSON.parse(row.corrected) as FieldCorrections) : {});

const toIntake = (row: IntakeRow): FaxIntake => ({
  kind: { kind: row.kind, confidence: row.kind_confidence, source: row.kind_source, sure: row.kind_sure === 1 },
  fields: JSON.parse(row.fields) as IntakeField[],
  parts: JSON.parse(row.parts) as IntakePart[],
  ...(row.unread !== '[]' ? { unread: JSON.parse(row.unread) as UnreadLabel[] } : {}),
});

export function createIntakeRepository(db: CacheDb): IntakeRepository {
  const byId = db.prepare<[FaxId], IntakeRow>('SELECT * FROM fax_intake WHERE fax_id = ?');
  const upsert = db.prepare(`
    INSERT INTO fax_intake (fax_id, kind, kind_confidence, kind_source, kind_sure, urgent, patient, fields, parts, unread)
    VALUES (@fax_id, @kind, @kind_confidence, @kind_source, @kind_sure, @urgent, @patient, @fields, @parts, @unread)
    ON CONFLICT(fax_id) DO UPDATE SET
      kind = CASE WHEN fax_intake.kind_source = 'person' THEN fax_intake.kind ELSE excluded.kind END,
      kind_confidence = CASE WHEN fax_intake.kind_source = 'person' THEN fax_intake.kind_confidence ELSE excluded.kind_confidence END,
      kind_sure = CASE WHEN fax_intake.kind_source = 'person' THEN 1 ELSE excluded.kind_sure END,
      kind_source = CASE WHEN fax_intake.kind_source = 'person' THEN 'person' ELSE excluded.kind_source END,
      urgent = excluded.urgent, patient = excluded.patient, fields = excluded.fields, parts = excluded.parts, unread = excluded.unread`);
  const setCorrected = db.prepare('UPDATE fax_intake SET corrected = ? WHERE fax_id = ?');
  const setKind = db.prepare("UPDATE fax_intake SET kind = ?, kind_confidence = 100, kind_source = 'person', kind_sure = 1 WHERE fax_id = ?");
  const example = db.prepare('INSERT INTO intake_examples (fax_id, kind, words, at_ms) VALUES (?, ?, ?, ?) ON CONFLICT(fax_id) DO UPDATE SET kind = excluded.kind, words = excluded.words, at_ms = excluded.at_ms');
  /** Keeps a reading with what a person corrected laid over it. */
  function save(faxId: FaxId, read: FaxIntake): void {
    const intake = withCorrections(read, correctionsOf(byId.get(faxId)));
    const patient = intake.fields.find((field) => field.name === 'patient');
    upsert.run({
      fax_id: faxId,
      kind: intake.kind.kind,
      kind_confidence: intake.kind.confidence,
      kind_source: intake.kind.source,
      kind_sure: intake.kind.sure ? 1 : 0,
      urgent: intake.fields.some((field) => field.name === 'urgency' && !field.needsLook) ? 1 : 0,
      patient: patient && !patient.needsLook ? patient.value : null,
      fields: JSON.stringify(intake.fields),
      parts: JSON.stringify(intake.parts),
      unread: JSON.stringify(intake.unread ?? []),
    });
  }
  const get = (faxId: FaxId): FaxIntake | null => {
    const row = byId.get(faxId);
    return row ? toIntake(row) : null;
  };
  return {
    kindClause: 'id IN (SELECT fax_id FROM fax_intake INDEXED BY fax_intake_by_kind WHERE kind = ?)',
    save,
    setField(faxId, name, value) {
      return db.transaction(() => {
        const row = byId.get(faxId);
        // A fax not read yet: its intake starts with the person's field.
        const current = row ? toIntake(row) : { kind: { kind: 'other', confidence: 0, source: 'rules' as const, sure: false }, fields: [], parts: [] };
        if (!row) save(faxId, current);
        setCorrected.run(JSON.stringify({ ...correctionsOf(row), [name]: value }), faxId);
        save(faxId, current);
        return get(faxId) ?? current;
      })();
    },
    get,
    summaries(faxIds) {
      const found = new Map<FaxId, IntakeSummary>();
      for (const faxId of faxIds) {
        const row = byId.get(faxId);
        if (row) found.set(faxId, { kind: row.kind, sure: row.kind_sure === 1, urgent: row.urgent === 1, patient: row.patient });
      }
      return found;
    },
    setKind(faxId, kind, words, atMs) {
      db.transaction(() => {
        if (setKind.run(kind, faxId).changes === 0) {
          upsert.run({ fax_id: faxId, kind, kind_confidence: 100, kind_source: 'person', kind_sure: 1, urgent: 0, patient: null, fields: '[]', parts: '[]', unread: '[]' });
        }
        example.run(faxId, kind, JSON.stringify(words), atMs);
      })();
    },
    examples() {
      return db
        .prepare<[], { kind: string; words: string }>('SELECT kind, words FROM intake_examples ORDER BY at_ms DESC LIMIT 5000')
        .all()
        .map((row) => ({ kind: row.kind, words: JSON.parse(row.words) as string[] }));
    },
    unread(limit) {
      return db
        .prepare<[number], { fax_id: FaxId }>("SELECT s.fax_id FROM fax_text_state s JOIN faxes f ON f.id = s.fax_id WHERE s.done = 1 AND f.direction = 'inbound' AND s.fax_id NOT IN (SELECT fax_id FROM fax_intake) LIMIT ?")
        .all(limit)
        .map((row) => row.fax_id);
    },
  };
}
