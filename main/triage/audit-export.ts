/**
 * The office's audit trail for a compliance review: the entries of a time range with each desk's chain checked
 * (from its first entry, so a range that starts mid-chain is judged fairly), written as CSV where the user chooses,
 * in words an auditor reads without a glossary (see audit-words.ts).
 */
import { finished } from 'node:stream/promises';
import { msg } from '../../preload/i18n/translator';
import type { Desktop } from '../desktop';
import { csvRow } from '../files/csv';
import { checkChains, type AuditEntry } from '../hub/audit-chain';
import { openAuditDetail, type AuditDetail } from '../hub/audit-detail';
import { say } from '../i18n/main-locale';
import { writeThroughPart } from '../runtime/part-file';
import { auditActionWords, auditDetailWords, localTimeWithOffset } from './audit-words';

export interface AuditRow {
  /** Local time with its offset. */
  at: string;
  person: string;
  action: string;
  /** The fax as the app shows it (its FX reference), empty for a change to the office's lists. */
  fax: string;
  /** What changed, in words (empty when the action says it all). */
  details: string;
  check: 'ok' | 'gap' | 'altered';
}

export interface AuditExportDeps {
  entries: (range: { from: number; to: number }) => Promise<AuditEntry[]>;
  officeKey: () => Buffer;
  /** The name the office knows a sign-in name by (null when the office does not list it any more). */
  personName: (login: string) => string | null;
  /** A label's name, removed labels included (null when unknown). */
  labelName: (id: string) => string | null;
  /** The reference the app shows for a fax (null when this desk has not seen it). */
  faxReference: (faxId: string) => string | null;
  desktop: Pick<Desktop, 'chooseSavePath'>;
}

export interface AuditExport {
  rows(range: { from: number; to: number }): Promise<AuditRow[]>;
  save(range: { from: number; to: number }): Promise<{ saved: boolean }>;
}

export function createAuditExport(deps: AuditExportDeps): AuditExport {
  async function rows(range: { from: number; to: number }): Promise<AuditRow[]> {
    const entries = await deps.entries({ from: 0, to: range.to });
    const problems = new Map(checkChains(entries).map((problem) => [`${problem.deskId}/${problem.seq}`, problem.problem]));
    const key = deps.officeKey();
    const details = new Map<AuditEntry, AuditDetail | 'unreadable' | null>(entries.map((entry) => [entry, openAuditDetail(key, entry)]));
    // The trail itself names people and labels the office no longer lists (added, then removed).
    const trailPeople = new Map<string, string>();
    const trailLabels = new Map<string, string>();
    for (const detail of details.values()) {
      if (detail === null || detail === 'unreadable') continue;
      if (detail.person && detail.personName) trailPeople.set(detail.person, detail.personName);
      if (detail.label) trailLabels.set(detail.label.id, detail.label.name);
    }
    const person = (login: string): string => deps.personName(login) ?? trailPeople.get(login) ?? login;
    const label = (id: string): string => deps.labelName(id) ?? trailLabels.get(id) ?? say(msg('auditExport.unknownLabel'));
    const from = new Date(range.from).toISOString();
    return entries
      .filter((entry) => entry.at >= from)
      .map((entry) => {
        const action = auditActionWords(entry.action);
        const changed = auditDetailWords(entry.action, details.get(entry) ?? null, { person, label });
        return {
          at: localTimeWithOffset(entry.at),
          person: person(entry.actor),
          action: typeof action === 'string' ? action : say(action),
          fax: entry.faxId === null ? '' : (deps.faxReference(entry.faxId) ?? say(msg('auditExport.faxNotOnThisDesk', { id: entry.faxId }))),
          details: changed === null ? '' : say(changed),
          check: problems.get(`${entry.deskId}/${entry.seq}`) ?? 'ok',
        };
      });
  }

  const checkWords = { ok: msg('auditExport.checkOk'), gap: msg('auditExport.checkGap'), altered: msg('auditExport.checkAltered') } as const;

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
      const header = ['time', 'person', 'action', 'fax', 'details', 'check'] as const;
      const lines = [
        csvRow(header.map((column) => say(msg(`auditExport.column.${column}`)))),
        ...listed.map((row) => csvRow([row.at, row.person, row.action, row.fax, row.details, say(checkWords[row.check])])),
      ];
      await writeThroughPart(target, async (out) => {
        // A byte-order mark: spreadsheets then read the file as UTF-8 (names with umlauts stay whole).
        out.end(`\uFEFF${lines.join('')}`);
        await finished(out);
      });
      return { saved: true };
    },
  };
}
