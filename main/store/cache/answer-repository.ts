/** Sent faxes that answer a received one (fill & sign, faxed back): kept both ways for the two faxes' details. */
import type { CacheDb } from './cache-database';
import type { FaxId } from '../../../preload/fax-id';

export interface FaxRef {
  id: FaxId;
  reference: string;
}

export interface AnswerRepository {
  link(answerId: FaxId, answeredId: FaxId): void;
  /** The sent faxes that answer this received one, oldest first. */
  answersTo(answeredId: FaxId): FaxRef[];
  /** The received fax this sent one answers. */
  answerTo(answerId: FaxId): FaxRef | null;
}

export function createAnswerRepository(db: CacheDb): AnswerRepository {
  const link = db.prepare('INSERT OR REPLACE INTO fax_answers (answer_id, answered_id) VALUES (?, ?)');
  const answers = db.prepare<[FaxId], { id: FaxId; reference: string | null }>(
    'SELECT a.answer_id AS id, f.reference FROM fax_answers a LEFT JOIN faxes f ON f.id = a.answer_id WHERE a.answered_id = ? ORDER BY a.rowid',
  );
  const answered = db.prepare<[FaxId], { id: FaxId; reference: string | null }>(
    'SELECT a.answered_id AS id, f.reference FROM fax_answers a LEFT JOIN faxes f ON f.id = a.answered_id WHERE a.answer_id = ?',
  );
  return {
    link: (answerId, answeredId) => void link.run(answerId, answeredId),
    answersTo: (answeredId) => answers.all(answeredId).map((row) => ({ id: row.id, reference: row.reference ?? row.id })),
    answerTo: (answerId) => {
      const row = answered.get(answerId);
      return row ? { id: row.id, reference: row.reference ?? row.id } : null;
    },
  };
}
