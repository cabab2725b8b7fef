/**
 * The organization's policies in force on this desk: read at start and again every few minutes (an MDM or Group
 * Policy changes them while the app runs), told to the window when they change, and checked where they bind —
 * a feature turned off, a folder outside the allowed roots, a PIN that must stay, a hub other than the office's.
 */
import path from 'node:path';
import { policyView, type Policies, type PolicyView } from '../../preload/policy';
import { msg } from '../../preload/i18n/translator';
import { AppError } from '../errors';
import type { Logger } from '../log/logger';
import type { EventBus } from '../runtime/event-bus';
import { createOneTimer } from '../runtime/one-timer';
import { realTimers, type Timers } from '../runtime/timers';
import type { PolicySource } from './policy-source';

/** How often the policies are read again while the app runs. */
export const policyRereadMs = 5 * 60_000;

export type PolicyFeature = 'webhooksAdmin' | 'csvExport' | 'savePdf';

export interface OrganizationPolicies {
  /** Reads the policies (the first time before anything else starts) and keeps reading them. */
  start(): Promise<void>;
  /** Reads them now; resolves with whether anything changed. */
  refresh(): Promise<boolean>;
  current(): Policies;
  view(): PolicyView;
  /** Refuses what the organization turned off. */
  require(feature: PolicyFeature): void;
  /** Refuses a folder outside the allowed roots (when roots are set). */
  checkFolder(folder: string): void;
  /** Refuses an office hub other than the one the organization names. */
  checkHub(hub: { host: string; port: number; database: string }): void;
  stop(): void;
}

export const noPolicySource: PolicySource = { read: () => Promise.resolve({ policies: {}, problems: [] }) };

function inside(folder: string, root: string): boolean {
  const relative = path.relative(path.resolve(root), path.resolve(folder));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

export function createOrganizationPolicies(deps: { source: PolicySource; events: EventBus; log: Logger; timers?: Timers }): OrganizationPolicies {
  const log = deps.log.child('policy');
  const timer = createOneTimer(deps.timers ?? realTimers);
  let policies: Policies = {};
  let stopped = false;
  let unwatch: (() => void) | null = null;

  const schedule = (): void => {
    if (stopped) return;
    timer.after(policyRereadMs, () => void organization.refresh().finally(schedule));
  };

  const organization: OrganizationPolicies = {
    async start() {
      await organization.refresh();
      unwatch = deps.source.watch?.(() => void organization.refresh()) ?? null;
      schedule();
    },

    async refresh() {
      let read;
      try {
        read = await deps.source.read();
      } catch (error) {
        log.warn('policy.unreadable', { error });
        return false;
      }
      // Names only: a value may be a path or an address the log has no need of.
      for (const problem of read.problems) log.warn('policy.ignored', { policy: problem.name, reason: problem.reason });
      const changed = JSON.stringify(read.policies) !== JSON.stringify(policies);
      policies = read.policies;
      if (changed) {
        log.info('policy.in_force', { policies: Object.keys(policies) });
        deps.events.emit('policiesChanged', policyView(policies));
      }
      return changed;
    },

    current: () => policies,
    view: () => policyView(policies),

    require(feature) {
      if (!policyView(policies)[feature]) throw new AppError('permission', msg('policy.turnedOff'), { code: 'policy_off' });
    },

    checkFolder(folder) {
      const roots = policies.RuleFolderRoots;
      if (roots === undefined || folder.trim() === '') return;
      if (!roots.some((root) => inside(folder, root))) throw new AppError('permission', msg('policy.folderOutsideRoots', { roots: roots.join(', ') }), { code: 'policy_folder' });
    },

    checkHub(hub) {
      const host = policies.HubHost;
      if (host === undefined) return;
      const same = hub.host.toLowerCase() === host.toLowerCase() && (policies.HubPort === undefined || hub.port === policies.HubPort) && (policies.HubDatabase === undefined || hub.database === policies.HubDatabase);
      if (!same) throw new AppError('permission', msg('policy.hubNotAllowed', { host }), { code: 'policy_hub' });
    },

    stop() {
      stopped = true;
      timer.cancel();
      unwatch?.();
    },
  };
  return organization;
}
