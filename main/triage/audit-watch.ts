/**
 * Watches the office's audit trail from this desk: at start, every few minutes and before an export, it reads the
 * newest entry of every desk chain, checks that the entries this desk saw before are still there as they were, and
 * keeps the newer heads (audit-anchors.ts). What the hub's administrator deleted, re-hashed or cut off after this
 * desk saw it is found here, whoever exports.
 */
import { advanceHeads, type AnchorFinding, type ChainHead, type KeptHead } from '../hub/audit-anchors';
import type { Logger } from '../log/logger';
import { createOneTimer } from '../runtime/one-timer';
import { realTimers, type Timers } from '../runtime/timers';

/** How often a connected desk looks at the trail's heads. */
export const auditWatchMs = 10 * 60_000;

export interface AuditWatchDeps {
  read: (kept: readonly ChainHead[]) => Promise<{ heads: ChainHead[]; seen: ChainHead[] }>;
  kept: () => readonly KeptHead[];
  keep: (heads: KeptHead[]) => Promise<void>;
  /** Told when what was found changes (none found: an empty list). */
  onFindings: (findings: AnchorFinding[]) => void;
  log: Logger;
  now?: () => number;
  timers?: Timers;
}

export interface AuditWatch {
  /** Checks now; resolves with what it found (the last findings when the hub cannot be read). */
  check(): Promise<AnchorFinding[]>;
  start(): void;
  stop(): void;
}

const sameFindings = (a: readonly AnchorFinding[], b: readonly AnchorFinding[]): boolean => JSON.stringify(a) === JSON.stringify(b);

export function createAuditWatch(deps: AuditWatchDeps): AuditWatch {
  const timer = createOneTimer(deps.timers ?? realTimers);
  let findings: AnchorFinding[] = [];
  let running = false;

  async function check(): Promise<AnchorFinding[]> {
    const kept = deps.kept();
    const read = await deps.read(kept);
    const advanced = advanceHeads(kept, read.seen, read.heads, (deps.now ?? Date.now)());
    await deps.keep(advanced.kept);
    if (!sameFindings(findings, advanced.findings)) {
      findings = advanced.findings;
      if (findings.length > 0) {
        deps.log.warn('office.audit_not_as_seen', { missing: findings.filter((finding) => finding.problem === 'missing').length, rewritten: findings.filter((finding) => finding.problem === 'rewritten').length });
      }
      deps.onFindings(findings);
    }
    return findings;
  }

  function schedule(): void {
    if (!running) return;
    timer.after(auditWatchMs, () => {
      void check()
        .catch((error: unknown) => deps.log.info('office.audit_watch_unavailable', { error }))
        .finally(schedule);
    });
  }

  return {
    check,
    start() {
      if (running) return;
      running = true;
      void check()
        .catch((error: unknown) => deps.log.info('office.audit_watch_unavailable', { error }))
        .finally(schedule);
    },
    stop() {
      running = false;
      timer.cancel();
    },
  };
}
