/**
 * The office's audit trail for a compliance review: the entries of a time range with each desk's chain checked
 * (from its first entry, so a range that starts mid-chain is judged fairly), written as CSV where the user chooses,
 * in words an auditor reads without a glossary (see audit-words.ts).
 */
import { finished } from 'node:stream/promises';
import { msg } from '../../preload/i18n/translator';
import type { Desktop } from '../desktop';
import { csvRow, spreadsheetSeparator } from '../files/csv';
import { checkChains, type AuditEntry } from '../hub/audit-chain';
import { checkAgainstHeads, type KeptHead } from '../hub/audit-anchors';
import { openAuditDetail, type AuditDetail } from '../hub/audit-detail';
import type { OfficeKeys } from '../hub/office-key';
import { say, systemRegion } from '../i18n/main-locale';
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
  /** rewritten: this desk saw the entry with another hash (the chain was re-hashed after it saw it). */
  check: 'ok' | 'gap' | 'altered' | 'rewritten';
}

/** What the export checked the trail against, and what it found missing. */
export interface AuditCheckBasis {
  /** Desk chains whose newest entry this desk had seen. */
  chains: number;
  /** When this desk last saw one of them (null: it had seen none). */
  newestSeenAt: number | null;
  /** Entries this desk saw that the hub no longer has (deleted, or the trail cut off after them). */
  missing: number;
  rewritten: number;
}

export interface AuditReport {
  rows: AuditRow[];
  basis: AuditCheckBasis;
}

export interface AuditExportDeps {
  /** The newest entries of each desk chain this desk has seen, brought up to date first where the hub answers. */
  keptHeads: () => Promise<readonly KeptHead[]>;
  entries: (range: { from: number; to: number }) => Promise<AuditEntry[]>;
  officeKey: () => OfficeKeys;
  /** The name the office knows a sign-in name by (null when the office does not list it any more). */
  personName: (login: string) => string | null;
  /** A label's name, removed labels included (null when unknown). */
  labelName: (id: string) => string | null;
  /** The reference the app shows for a fax (null when this desk has not seen it). */
  faxReference: (faxId: string) => string | null;
  desktop: Pick<Desktop, 'chooseSavePath'>;
  /** The computer's region, which says the spreadsheet's separator (default: the system's). */
  region?: () => string;
}

export interface AuditExport {
  rows(range: { from: number; to: number }): Promise<AuditRow[]>;
  report(range: { from: number; to: number }): Promise<AuditReport>;
  save(range: { from: number; to: number }): Promise<{ saved: boolean }>;
}

export function createAuditExport(deps: AuditExportDeps): AuditExport {
  async function report(range: { from: number; to: number }): Promise<AuditReport> {
    const kept = await deps.keptHeads();
    // The whole trail up to now: an entry this desk saw after the range still tells whether the chain was cut.
    const entries = await deps.entries({ from: 0, to: Math.max(range.to, Date.now() + 60_000) });
    const problems = new Map<string, AuditRow['check']>(checkChains(entries).map((problem) => [`${problem.deskId}/${problem.seq}`, problem.problem]));
    const findings = checkAgainstHeads(kept, entries);
    for (const finding of findings) if (finding.problem === 'rewritten') problems.set(`${finding.deskId}/${finding.seq}`, 'rewritten');
    const basis: AuditCheckBasis = {
      chains: kept.length,
      newestSeenAt: kept.length === 0 ? null : Math.max(...kept.map((head) => head.seenAt)),
      missing: findings.filter((finding) => finding.problem === 'missing').length,
      rewritten: findings.filter((finding) => finding.problem === 'rewritten').length,
    };
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
    const to = new Date(range.to).toISOString();
    const rows = entries
      .filter((entry) => entry.at >= from && entry.at < to)
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
    return { rows, basis };
  }

  const checkWords = { ok: msg('auditExport.checkOk'), gap: msg('auditExport.checkGap'), altered: msg('auditExport.checkAltered'), rewritten: msg('auditExport.checkRewritten') } as const;

  /** The export's last line: what it checked against, and what it found missing, in words. */
  function basisWords(basis: AuditCheckBasis): string {
    const against =
      basis.newestSeenAt === null ? say(msg('auditExport.checkedAgainstNothing')) : say(msg('auditExport.checkedAgainst', { chains: basis.chains, seen: localTimeWithOffset(new Date(basis.newestSeenAt).toISOString()) }));
    const found = basis.missing + basis.rewritten === 0 ? say(msg('auditExport.allAsSeen')) : say(msg('auditExport.notAsSeen', { missing: basis.missing, rewritten: basis.rewritten }));
    return `${against} ${found}`;
  }

  return {
    rows: async (range) => (await report(range)).rows,
    report,
    async save(range) {
      const { rows: listed, basis } = await report(range);
      const target = await deps.desktop.chooseSavePath({
        title: say(msg('office.exportAuditTitle')),
        defaultName: `office-audit-${new Date(range.from).toISOString().slice(0, 10)}.csv`,
        filters: [{ name: 'CSV', extensions: ['csv'] }],
      });
      if (target === null) return { saved: false };
      const header = ['time', 'person', 'action', 'fax', 'details', 'check'] as const;
      const separator = spreadsheetSeparator(deps.region?.() ?? systemRegion());
      const lines = [
        csvRow(header.map((column) => say(msg(`auditExport.column.${column}`))), separator),
        ...listed.map((row) => csvRow([row.at, row.person, row.action, row.fax, row.details, say(checkWords[row.check])], separator)),
        csvRow(['', '', say(msg('auditExport.checkBasis')), '', basisWords(basis), basis.missing + basis.rewritten === 0 ? say(checkWords.ok) : say(msg('auditExport.checkNotAsSeen'))], separator),
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
