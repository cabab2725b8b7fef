/**
 * The simulated carrier. An accepted fax moves queued → (converting, when a DOCX is attached) → sending →
 * delivered / failed / partial on the virtual clock. Each recipient's outcome depends on the last three digits
 * of its number: 486 busy line, 408 no answer, 415 not a fax machine, anything else delivered.
 */
import type { SandboxDb } from './database';
import type { FaxRow, RecipientRow } from './resources';

export const recipientFailures: Readonly<Record<string, { error: string; providerError: string }>> = {
  '486': { error: 'line_busy', providerError: 'SIP 486 Busy Here' },
  '408': { error: 'no_answer', providerError: 'SIP 408 Request Timeout (no answer)' },
  '415': { error: 'not_a_fax_machine', providerError: 'T.30 no fax tone detected (voice or modem answered)' },
};

export function outcomeFor(number: string): { status: 'delivered' | 'failed'; error: string | null; providerError: string | null } {
  const failure = recipientFailures[number.slice(-3)];
  return failure ? { status: 'failed', error: failure.error, providerError: failure.providerError } : { status: 'delivered', error: null, providerError: null };
}

export interface Timeline {
  convertingAt: number | null;
  sendingAt: number;
  finalAt: number;
}

export function timelineOf(fax: Pick<FaxRow, 'accepted_ms' | 'has_docx' | 'pages'>): Timeline {
  const convertingAt = fax.has_docx ? fax.accepted_ms + 500 : null;
  const sendingAt = fax.accepted_ms + (fax.has_docx ? 1500 : 1000);
  return { convertingAt, sendingAt, finalAt: sendingAt + 1000 + 250 * fax.pages };
}

export function aggregateStatus(statuses: readonly string[]): 'delivered' | 'failed' | 'partial' {
  const delivered = statuses.filter((status) => status === 'delivered').length;
  if (delivered === statuses.length) return 'delivered';
  if (delivered === 0) return 'failed';
  return 'partial';
}

export type FinalListener = (fax: FaxRow, recipients: RecipientRow[]) => void;

/** Moves every open outbound fax to where the clock says it is; calls onFinal once per finished fax. */
export function createCarrier(db: SandboxDb, onFinal: FinalListener) {
  const openFaxes = db.prepare("SELECT * FROM faxes WHERE completed_ms IS NULL AND direction = 'outbound'");
  const recipientsOf = db.prepare('SELECT * FROM recipients WHERE fax_id = ? ORDER BY position');
  const setStatus = db.prepare('UPDATE faxes SET status = ?, updated_ms = ? WHERE id = ?');
  const setRecipientStatus = db.prepare('UPDATE recipients SET status = ?, error = ? WHERE fax_id = ? AND position = ?');
  const finish = db.prepare('UPDATE faxes SET status = ?, provider_error = ?, completed_ms = ?, updated_ms = ? WHERE id = ?');

  const progress = db.transaction((now: number): Array<[FaxRow, RecipientRow[]]> => {
    const finished: Array<[FaxRow, RecipientRow[]]> = [];
    for (const fax of openFaxes.all() as FaxRow[]) {
      const timeline = timelineOf(fax);
      // Read only when the fax moves on: every request passes here, over every fax still open in every account.
      const recipients = (): RecipientRow[] => recipientsOf.all(fax.id) as RecipientRow[];
      if (now >= timeline.finalAt) {
        let providerError: string | null = null;
        for (const recipient of recipients()) {
          const outcome = outcomeFor(recipient.to_number);
          providerError ??= outcome.providerError;
          setRecipientStatus.run(outcome.status, outcome.error, fax.id, recipient.position);
        }
        const updated = recipients();
        const status = aggregateStatus(updated.map((recipient) => recipient.status));
        finish.run(status, providerError, timeline.finalAt, timeline.finalAt, fax.id);
        finished.push([{ ...fax, status, provider_error: providerError, completed_ms: timeline.finalAt, updated_ms: timeline.finalAt }, updated]);
        continue;
      }
      const phase = now >= timeline.sendingAt ? 'sending' : timeline.convertingAt !== null && now >= timeline.convertingAt ? 'converting' : 'queued';
      if (phase !== fax.status) {
        setStatus.run(phase, now, fax.id);
        for (const recipient of recipients()) setRecipientStatus.run(phase, null, fax.id, recipient.position);
      }
    }
    return finished;
  });

  return {
    progress(now: number): void {
      for (const [fax, recipients] of progress(now)) onFinal(fax, recipients);
    },
  };
}
