/**
 * The spots learned per sender (learned-spots.ts), kept in the encrypted cache under the sender's number (never in a
 * log). The senders whose spots were learned longest ago go first past a few hundred: an office's regular senders.
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

export function senderSpots(cache: Pick<Cache, 'kv'>, sender: string): SenderSpots {
  return cache.kv.get(key, storedSchema)?.[sender] ?? {};
}

export function learnSpot(cache: Pick<Cache, 'kv'>, sender: string, name: IntakeFieldName, spot: LearnedSpot): void {
  const stored = new Map(Object.entries(cache.kv.get(key, storedSchema) ?? {}));
  stored.set(sender, { ...stored.get(sender), [name]: spot });
  const kept = [...stored].sort(([, a], [, b]) => latest(b) - latest(a)).slice(0, maxSenders);
  cache.kv.set(key, Object.fromEntries(kept));
}

/** A person said the field is not on this sender's faxes where it was learned: the spot is forgotten. */
export function forgetSpot(cache: Pick<Cache, 'kv'>, sender: string, name: IntakeFieldName): void {
  const stored = cache.kv.get(key, storedSchema);
  const spots = stored?.[sender];
  if (!stored || !spots?.[name]) return;
  cache.kv.set(key, { ...stored, [sender]: Object.fromEntries(Object.entries(spots).filter(([field]) => field !== name)) });
}
