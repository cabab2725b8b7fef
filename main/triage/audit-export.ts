/**
 * The office's audit trail for a compliance review: the entries of a time range with each desk's chain checked
 * (from its first entry, so a range that starts mid-chain is judged fairly), written as CSV where the user chooses.
 */
import { finished } from 'node:stream/promises';
import { msg } from '../../preload/i18n/translator';
import type { Desktop } from '../desktop';
import { csvRow } from '../files/csv';
import { checkChains, type AuditEntry } from '../hub/audit-chain';
import { say } from '../i18n/main-locale';
import { writeThroughPart } from '../runtime/part-file';

export interface AuditRow {
  at: string;
  person: string;
  desk: string;
  seq: number;
  action: string;
  faxId: string | null;
  chain: 'ok' | 'gap' | 'altered';
}

export interface AuditExportDeps {
  entries: (range: { from: number; to: number }) => Promise<AuditEntry[]>;
  /** The name the office knows a sign-in name by. */
  nameOf: (login: string) => string;
  desktop: Pick<Desktop, 'chooseSavePath'>;
}

export function createAuditExport(deps: AuditExportDeps): { rows(range: { from: number; to: number }): Promise<AuditRow[]>; save(range: { from: number; to: number }): Promise<{ saved: boolean }> } {
  async function rows(range: { from: number; to: number }): Promise<AuditRow[]> {
    const entries = await deps.entries({ from: 0, to: range.to });
    const problems = new Map(checkChains(entries).map((problem) => [`${problem.deskId}/${problem.seq}`, problem.problem]));
    const from = new Date(range.from).toISOString();
    return entries
      .filter((entry) => entry.at >= from)
      .map((entry) => ({
        at: entry.at,
        person: deps.nameOf(entry.actor),
        desk: entry.deskId,
        seq: entry.seq,
        action: entry.action,
        faxId: entry.faxId,
        chain: problems.get(`${entry.deskId}/${entry.seq}`) ?? 'ok',
      }));
  }

  return {
    rows,
    async save(range) {
      const listed = await rows(range);
      const target = await deps.desktop.chooseSavePath({
        title: say(msg('office.exportAuditTitle')),
        defaultName: `office-audit-${new Date(range.from).toISOString().slice(0, 10)}.csv`,
        filters: [{ name: 'CSV', extensions: ['csv'] }],
      });
      if (target === null) return { saved: false };
      const lines = [csvRow(['at', 'person', 'desk', 'seq', 'action', 'fax_id', 'chain']), ...listed.map((row) => csvRow([row.at, row.person, row.desk, row.seq, row.action, row.faxId, row.chain]))];
      await writeThroughPart(target, async (out) => {
        out.end(lines.join(''));
        await finished(out);
      });
      return { saved: true };
    },
  };
}
