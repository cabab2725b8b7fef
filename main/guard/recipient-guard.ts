/**
 * The misdirected-fax guard: before a fax goes out, each recipient's number is checked against the cached
 * contacts and this app's sent history, locally (no request, works offline). It finds
 *  - a number never faxed and in no contact (confirm once per draft),
 *  - a number one slip away from a known one ("Did you mean …?", with the fix),
 *  - a name that belongs to a contact with another number,
 *  - a contact's number that changed since an earlier contact sync (the old number, or the new one not yet used).
 * Warnings carry stable keys: the draft keeps the ones the user confirmed.
 */
import { displayNumber, numberKey } from '../../preload/fax-number';
import type { DraftRecipient, RecipientWarning, Settings } from '../../preload/models';
import type { GuardRepository, NumberChange } from '../store/cache/guard-repository';
import { nearMisses } from './near-misses';
import { say } from '../i18n/main-locale';
import { msg } from '../../preload/i18n/translator';

export interface RecipientGuard {
  check(recipients: readonly DraftRecipient[]): RecipientWarning[];
  /** The contact's name for each of these numbers that belongs to a named contact (the first such contact). */
  contactNames(numbers: readonly string[]): Array<{ number: string; name: string }>;
}

export interface RecipientGuardDeps {
  repository: GuardRepository;
  settings: () => Pick<Settings, 'guardNewNumbers' | 'guardNearMisses' | 'guardNameMismatch' | 'guardChangedNumbers'>;
}

function dateOf(epochMs: number): string {
  return new Date(epochMs).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}

function contactLabel(name: string | null): string {
  return name ?? say(msg('recipientGuard.aContact'));
}

interface Known {
  contacts: Map<string, string | null>;
  faxed: Map<string, number>;
}

export function createRecipientGuard(deps: RecipientGuardDeps): RecipientGuard {
  const { repository } = deps;

  function knownAmong(keys: readonly string[]): Known {
    const contacts = new Map<string, string | null>();
    for (const match of repository.contactsWithNumbers(keys)) if (!contacts.has(match.number)) contacts.set(match.number, match.name);
    const faxed = new Map<string, number>();
    for (const row of repository.faxedNumbers(keys)) faxed.set(row.number, row.times);
    return { contacts, faxed };
  }

  function changeWarnings(key: string, changes: readonly NumberChange[]): RecipientWarning[] {
    const warnings: RecipientWarning[] = [];
    for (const change of changes) {
      const who = contactLabel(change.name);
      if (change.oldNumber === key && !change.oldNumberCurrent) {
        warnings.push({
          key: `number_changed:${key}:${change.contactId}:${change.changedMs}`,
          kind: 'number_changed',
          number: key,
          message:
            change.newNumber === null
              ? say(msg('recipientGuard.thisWasSFax', { who, dateOf: dateOf(change.changedMs) }))
              : say(msg('recipientGuard.thisWasSFax2', { who, dateOf: dateOf(change.changedMs), displayNumber: displayNumber(change.newNumber) })),
          suggestion: change.newNumber === null ? undefined : { number: change.newNumber, name: change.name },
        });
      } else if (change.newNumber === key && !repository.faxedSince(key, change.changedMs)) {
        // Quiet once a fax to the new number went through.
        warnings.push({
          key: `number_changed:${key}:${change.contactId}:${change.changedMs}`,
          kind: 'number_changed',
          number: key,
          message: say(msg('recipientGuard.sFaxNumberChanged', { who, dateOf: dateOf(change.changedMs), displayNumber: displayNumber(change.oldNumber) })),
        });
      }
    }
    return warnings;
  }

  /**
   * The known number this one is a slip away from. `known` holds the near misses of every recipient checked at
   * once, so only this number's own candidates are looked at: a finding never names a number it was not computed
   * from (before, another recipient's near miss could be offered as the fix).
   */
  function nearMissWarning(key: string, known: Known): RecipientWarning | null {
    const candidates = nearMisses(key).filter((candidate) => known.contacts.has(candidate) || known.faxed.has(candidate));
    // Contacts first, then the number faxed most often; equal ones in a fixed order.
    const rank = (candidate: string): [number, number] => [known.contacts.has(candidate) ? 1 : 0, known.faxed.get(candidate) ?? 0];
    const best = candidates.sort((a, b) => {
      const [contactA, timesA] = rank(a);
      const [contactB, timesB] = rank(b);
      return contactB - contactA || timesB - timesA || a.localeCompare(b);
    })[0];
    if (best === undefined) return null;
    const name = known.contacts.get(best) ?? null;
    const times = known.faxed.get(best) ?? 0;
    const target = name === null ? say(msg('recipientGuard.faxed', { displayNumber: displayNumber(best), times })) : `${name}, ${displayNumber(best)}`;
    return {
      key: `near_miss:${key}:${best}`,
      kind: 'near_miss',
      number: key,
      message: say(msg('recipientGuard.didYouMeanDiffers', { target, displayNumber: displayNumber(key) })),
      suggestion: { number: best, name },
    };
  }

  function nameWarning(key: string, name: string): RecipientWarning | null {
    const named = repository.contactsNamed(name);
    if (named.length === 0 || named.some((contact) => contact.numbers.includes(key))) return null;
    const contact = named.find((candidate) => candidate.numbers.length > 0);
    if (!contact) return null;
    const number = contact.numbers[0] ?? '';
    return {
      key: `name_mismatch:${key}:${name.toLowerCase()}`,
      kind: 'name_mismatch',
      number: key,
      message: say(msg('recipientGuard.sNumberInContacts', { name: contact.name, displayNumber: displayNumber(number), displayNumber2: displayNumber(key) })),
      suggestion: { number, name: contact.name },
    };
  }

  return {
    contactNames(numbers) {
      const byKey = new Map<string, string>();
      const keys = numbers.map((number) => numberKey(number));
      for (const match of repository.contactsWithNumbers(keys.filter((key): key is string => key !== null))) if (match.name !== null && !byKey.has(match.number)) byKey.set(match.number, match.name);
      return numbers.flatMap((number, index) => {
        const name = byKey.get(keys[index] ?? '');
        return name === undefined ? [] : [{ number, name }];
      });
    },
    check(recipients) {
      const rules = deps.settings();
      const entries = recipients.flatMap((recipient) => {
        const key = numberKey(recipient.number);
        return key === null ? [] : [{ key, name: recipient.name?.trim() ?? '' }];
      });
      if (entries.length === 0) return [];
      const keys = entries.map((entry) => entry.key);
      const known = knownAmong(keys);
      // The near misses of every unknown number in one lookup (20 recipients: ~5,000 candidates).
      const unknown = keys.filter((key) => !known.contacts.has(key) && !known.faxed.has(key));
      const nearKnown = rules.guardNearMisses && unknown.length > 0 ? knownAmong(unknown.flatMap(nearMisses)) : { contacts: new Map(), faxed: new Map() };
      const changes = rules.guardChangedNumbers ? repository.changesAround(keys) : [];
      const warnings: RecipientWarning[] = [];
      const seen = new Set<string>();
      for (const { key, name } of entries) {
        if (seen.has(`${key}\n${name}`)) continue;
        seen.add(`${key}\n${name}`);
        const changed = changeWarnings(
          key,
          changes.filter((change) => change.oldNumber === key || change.newNumber === key),
        );
        warnings.push(...changed);
        if (name !== '' && rules.guardNameMismatch) {
          const mismatch = nameWarning(key, name);
          if (mismatch) warnings.push(mismatch);
        }
        const isKnown = known.contacts.has(key) || known.faxed.has(key);
        // A contact's old number is explained by its change warning; a new-number warning would only repeat it.
        if (isKnown || changed.some((warning) => warning.suggestion !== undefined)) continue;
        const nearMiss = rules.guardNearMisses ? nearMissWarning(key, nearKnown) : null;
        if (nearMiss) warnings.push(nearMiss);
        else if (rules.guardNewNumbers) {
          warnings.push({
            key: `new_number:${key}`,
            kind: 'new_number',
            number: key,
            message: say(msg('recipientGuard.wasNeverFaxedFrom', { displayNumber: displayNumber(key) })),
          });
        }
      }
      return warnings;
    },
  };
}
