/**
 * The spots learned per sender (learned-spots.ts), kept in the encrypted cache under the sender's number (never in a
 * log). The senders whose spots were learned longest ago go first past a few hundred: an office's regular senders.
 * Read from the cache once and held: every fax intake reads asks for its sender's spots (thousands when a desk
 * catches up), a correction changes them seldom.
 */
import { z } from 'zod';
import { intakeFieldNames, type IntakeFieldName } from '../../preload/intake';
import type { Cache } from '../store/cache/cache';
import type { LearnedSpot, SenderSpots } from './learned-spots';

const key = 'intake.senderSpots';
export const maxSenders = 300;

const spotSchema = z.object({ page: z.number().int().min(1), box: z.tuple([z.number(), z.number(), z.number(), z.number()]), learnedAt: z.number() });
const storedSchema = z.record(z.string(), z.partialRecord(z.enum(intakeFieldNames), spotSchema));

const latest = (spots: SenderSpots): number => Math.max(0, ...Object.values(spots).map((spot) => spot.learnedAt));

export interface SenderSpotStore {
  of(sender: string): SenderSpots;
  learn(sender: string, name: IntakeFieldName, spot: LearnedSpot): void;
  /** A person said the field is not on this sender's faxes where it was learned: the spot is forgotten. */
  forget(sender: string, name: IntakeFieldName): void;
}

export function createSenderSpotStore(cache: Pick<Cache, 'kv'>): SenderSpotStore {
  let held: Map<string, SenderSpots> | null = null;
  const stored = (): Map<string, SenderSpots> => (held ??= new Map(Object.entries(cache.kv.get(key, storedSchema) ?? {})));
  const keep = (senders: Map<string, SenderSpots>): void => {
    held = new Map([...senders].sort(([, a], [, b]) => latest(b) - latest(a)).slice(0, maxSenders));
    cache.kv.set(key, Object.fromEntries(held));
  };
  return {
    of: (sender) => stored().get(sender) ?? {},
    learn(sender, name, spot) {
      const senders = new Map(stored());
      senders.set(sender, { ...senders.get(sender), [name]: spot });
      keep(senders);
    },
    forget(sender, name) {
      const spots = stored().get(sender);
      if (!spots?.[name]) return;
      const senders = new Map(stored());
      senders.set(sender, Object.fromEntries(Object.entries(spots).filter(([field]) => field !== name)));
      keep(senders);
    },
  };
}
