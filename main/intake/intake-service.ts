/**
 * Intake on the desk: when a received fax has been read to its end, what it is (kind), whom it is about (fields)
 * and where a batch could be split are worked out here and kept in the cache. A person's kind teaches the office's
 * own model (kept on this desk); a person's field correction teaches where that sender's form puts the field
 * (learned-spots.ts); the office may add kinds of its own. Nothing leaves the computer.
 */
import { builtInKinds, learnableFields, officeKindsSchema, type FaxIntake, type IntakeFieldName } from '../../preload/intake';
import type { FaxId } from '../../preload/fax-id';
import { msg } from '../../preload/i18n/translator';
import { numberKey } from '../../preload/fax-number';
import { AppError } from '../errors';
import type { Logger } from '../log/logger';
import type { EventBus } from '../runtime/event-bus';
import type { Cache } from '../store/cache/cache';
import { faxIntake, faxWords } from './fax-intake';
import { trainKindModel, type KindModel } from './kind-model';
import { spotOf, withLearnedSpots } from './learned-spots';
import { createSenderSpotStore } from './sender-spots';

export interface IntakeServiceDeps {
  cache: Cache;
  events: EventBus;
  log: Logger;
  now?: () => number;
}

export interface IntakeService {
  /** Reads the intake of a fax whose text is complete (recognition calls it before it says the fax was read). */
  read(faxId: FaxId): FaxIntake | null;
  /** Faxes read before intake existed (or before an update): read in small batches, giving main its turn. */
  catchUp(): Promise<number>;
  get(faxId: FaxId): FaxIntake | null;
  /** A person says what the fax is. */
  setKind(faxId: FaxId, kind: string): void;
  /** A person corrects what was read of a field ("": it is not on this fax); it stands through new readings. */
  setField(faxId: FaxId, name: IntakeFieldName, value: string): FaxIntake;
  /** The kinds a fax can be given: the app's, then the office's own. */
  kinds(): { builtIn: string[]; office: string[] };
  saveOfficeKinds(kinds: readonly string[]): string[];
}

const officeKindsKey = 'intake.officeKinds';
/** Faxes read between two turns of main's event loop while catching up (one fax holds it 25 ms at most, measured). */
const catchUpBatch = 4;
/** The lists hear of caught-up faxes this many at a time (a desk with years of faxes is not told 10,000 times). */
const announceEvery = 200;

export function createIntakeService(deps: IntakeServiceDeps): IntakeService {
  const now = deps.now ?? Date.now;
  let model: KindModel | null = null;
  const currentModel = (): KindModel => (model ??= trainKindModel(deps.cache.intake.examples()));
  const officeKinds = (): string[] => deps.cache.kv.get(officeKindsKey, officeKindsSchema) ?? [];

  const spots = createSenderSpotStore(deps.cache);

  /**
   * The fax's sender: the sending line's number (the learned spots are kept under it; null: no number) and the names
   * the desk knows it by — its contact, the name the Fax Service gave.
   */
  function senderOf(faxId: FaxId): { number: string | null; names: string[] } {
    const fax = deps.cache.faxes.detail(faxId);
    if (!fax) return { number: null, names: [] };
    const number = fax.counterpart === null ? null : numberKey(fax.counterpart);
    const contacts = number === null ? [] : deps.cache.guard.contactsWithNumbers([number]).map((contact) => contact.name);
    return { number, names: [...contacts, fax.senderName].filter((name): name is string => name !== null && name !== '') };
  }

  function read(faxId: FaxId): FaxIntake | null {
    const pages = deps.cache.faxText.pages(faxId);
    if (pages.length === 0) return null;
    const sender = senderOf(faxId);
    const reading = faxIntake(pages, currentModel(), sender.names);
    const intake = sender.number === null ? reading : withLearnedSpots(reading, pages, spots.of(sender.number), new Date(now()).getFullYear());
    deps.cache.intake.save(faxId, intake);
    // As kept: what a person corrected laid over the reading (the chart matches on it).
    return deps.cache.intake.get(faxId) ?? intake;
  }

  /**
   * A correction teaches the sender's spot for the field where the value stands on the page; a learned value a person
   * took off or changed to one that is not on the page was a misfire, and its spot is forgotten.
   */
  function learnFrom(faxId: FaxId, name: IntakeFieldName, value: string, wasLearned: boolean): void {
    const sender = senderOf(faxId).number;
    if (sender === null || !learnableFields.includes(name)) return;
    const spot = value === '' ? null : spotOf(deps.cache.faxText.pages(faxId), value);
    if (spot) spots.learn(sender, name, { ...spot, learnedAt: now() });
    else if (wasLearned) spots.forget(sender, name);
  }

  const changed = (faxIds: FaxId[]) => deps.events.emit('faxesChanged', { added: [], updated: faxIds, unreadInbound: deps.cache.faxes.unreadInbound() });

  return {
    read,
    async catchUp() {
      let done = 0;
      let unannounced: FaxId[] = [];
      for (;;) {
        const faxIds = deps.cache.intake.unread(catchUpBatch);
        if (faxIds.length === 0) break;
        for (const faxId of faxIds) {
          // A fax whose text holds no page cannot be read; an empty intake keeps it from being tried again.
          if (read(faxId) === null) deps.cache.intake.save(faxId, { kind: { kind: 'other', confidence: 0, source: 'rules', sure: false }, fields: [], parts: [] });
        }
        done += faxIds.length;
        unannounced.push(...faxIds);
        if (unannounced.length >= announceEvery) {
          changed(unannounced);
          unannounced = [];
        }
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      if (unannounced.length > 0) changed(unannounced);
      if (done > 0) deps.log.info('intake.caught_up', { faxes: done });
      return done;
    },
    get: (faxId) => deps.cache.intake.get(faxId),
    setKind(faxId, kind) {
      const known = new Set<string>([...builtInKinds, ...officeKinds()]);
      if (!known.has(kind)) throw new AppError('invalid_input', msg('intake.noSuchKind'), { code: 'intake_unknown_kind' });
      const fax = deps.cache.faxes.detail(faxId);
      if (fax?.direction !== 'inbound') throw new AppError('not_found', msg('faxDetails.thisFaxIsNot'));
      deps.cache.intake.setKind(faxId, kind, faxWords(deps.cache.faxText.pages(faxId)), now());
      model = null;
      changed([faxId]);
      deps.events.emit('faxKindSet', { faxId });
    },
    setField(faxId, name, value) {
      const fax = deps.cache.faxes.detail(faxId);
      if (fax?.direction !== 'inbound') throw new AppError('not_found', msg('faxDetails.thisFaxIsNot'));
      const before = deps.cache.intake.get(faxId)?.fields.find((field) => field.name === name) ?? null;
      const intake = deps.cache.intake.setField(faxId, name, value.trim());
      learnFrom(faxId, name, value.trim(), before?.learned === true);
      changed([faxId]);
      return intake;
    },
    kinds: () => ({ builtIn: [...builtInKinds], office: officeKinds() }),
    saveOfficeKinds(kinds) {
      const parsed = officeKindsSchema.safeParse(kinds);
      if (!parsed.success) throw new AppError('invalid_input', msg('intake.giveTheKindA'), { code: 'intake_bad_kinds' });
      const unique = [...new Set(parsed.data.filter((kind) => !(builtInKinds as readonly string[]).includes(kind)))];
      deps.cache.kv.set(officeKindsKey, unique);
      return unique;
    },
  };
}

