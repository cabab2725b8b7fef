/**
 * A desk that asked to join an office and waits for the administrator's confirmation (office-join.ts): what it
 * asked with is kept in a sealed file (the new password and the desk's private key among it), so a restart keeps
 * waiting; every few seconds it asks the hub for its wrapped office key. Once the key arrives the office service
 * takes over (the membership and the keychain) and the file goes.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { JoiningView } from '../../preload/office';
import { hubAddressSchema, type HubAddress } from '../hub/hub-address';
import { collectOfficeKey, startJoin } from '../hub/office-join';
import { isAppError } from '../errors';
import type { Logger } from '../log/logger';
import { createOneTimer } from '../runtime/one-timer';
import { realTimers, type Timers } from '../runtime/timers';
import { readSealedJson, writeSealedJson } from '../store/crypto/sealed-file';

const joiningSchema = z.object({
  version: z.literal(1),
  address: hubAddressSchema,
  password: z.string().min(16).max(200),
  privateKeyPem: z.string().max(1000),
  safetyCode: z.string().regex(/^\d{3} \d{3}$/),
  expiresAt: z.number(),
  problem: z.enum(['refused', 'expired']).nullable(),
});
type Joining = z.output<typeof joiningSchema>;

export interface JoiningDeps {
  dataDir: string;
  fileKey: Buffer;
  log: Logger;
  /** The office key arrived: the caller makes this desk a member (and resolves once it did). */
  joined: (arrived: { address: HubAddress; password: string; officeKey: Buffer; privateKeyPem: string }) => Promise<void>;
  /** Something the window shows changed. */
  changed: () => void;
  pollMs?: number;
  now?: () => number;
  timers?: Timers;
}

export interface JoiningDesk {
  /** Picks up a join this desk was waiting on before it stopped. */
  resume(): Promise<void>;
  begin(code: string): Promise<void>;
  view(): JoiningView | null;
  /** Stops waiting and forgets the join (the hub keeps the request until the administrator removes it). */
  cancel(): Promise<void>;
  stop(): void;
}

/** How often a waiting desk asks for its key, and how long it waits after the hub did not answer. */
export const joinPollMs = 2_000;
const unreachablePollMs = 10_000;

export function createJoiningDesk(deps: JoiningDeps): JoiningDesk {
  const file = path.join(deps.dataDir, 'office-joining.sealed');
  const timer = createOneTimer(deps.timers ?? realTimers);
  const now = deps.now ?? Date.now;
  let joining: Joining | null = null;
  let stopped = false;
  // One write at a time, in order: a cancel's removal must not land before a state write still on its way, or
  // that write would bring the file (password and private key) back after the join was forgotten.
  let writes: Promise<void> = Promise.resolve();

  async function keep(next: Joining | null): Promise<void> {
    joining = next;
    const write = writes.then(() => (next === null ? fsp.rm(file, { force: true }) : writeSealedJson(file, deps.fileKey, next)));
    writes = write.catch(() => undefined);
    await write;
    deps.changed();
  }

  async function ask(): Promise<number | null> {
    const waiting = joining;
    if (waiting === null || waiting.problem !== null) return null;
    try {
      const officeKey = await collectOfficeKey(waiting.address, { password: waiting.password }, waiting.privateKeyPem);
      // Cancelled (or begun again) while the hub answered: that answer is about a join this desk forgot.
      if (joining !== waiting) return null;
      if (officeKey === null) return deps.pollMs ?? joinPollMs;
      await deps.joined({ address: waiting.address, password: waiting.password, officeKey, privateKeyPem: waiting.privateKeyPem });
      await keep(null);
      return null;
    } catch (error) {
      if (joining !== waiting) return null;
      const code = isAppError(error) ? error.details.code : undefined;
      // Removed before being confirmed: the administrator refused this desk.
      if (code === 'hub_sign_in_refused') {
        await keep({ ...waiting, problem: 'refused' });
        return null;
      }
      if (code === 'hub_wrong_password' && now() >= waiting.expiresAt) {
        await keep({ ...waiting, problem: 'expired' });
        return null;
      }
      deps.log.info('office.join_wait_failed', { error });
      return unreachablePollMs;
    }
  }

  function poll(afterMs: number): void {
    if (stopped) return;
    timer.after(afterMs, () => {
      void ask().then((next) => {
        if (next !== null) poll(next);
      });
    });
  }

  return {
    async resume() {
      const stored = joiningSchema.safeParse(await readSealedJson(file, deps.fileKey).catch(() => null));
      if (!stored.success) return;
      joining = stored.data;
      deps.changed();
      poll(0);
    },
    async begin(code) {
      const started = await startJoin(code, now);
      await keep({ version: 1, address: started.address, password: started.password, privateKeyPem: started.privateKeyPem, safetyCode: started.safetyCode, expiresAt: started.expiresAt, problem: null });
      poll(deps.pollMs ?? joinPollMs);
    },
    view: () =>
      joining === null
        ? null
        : { host: joining.address.host, database: joining.address.database, login: joining.address.user, safetyCode: joining.safetyCode, expiresAt: joining.expiresAt, problem: joining.problem },
    async cancel() {
      timer.cancel();
      await keep(null);
    },
    stop() {
      stopped = true;
      timer.cancel();
    },
  };
}
