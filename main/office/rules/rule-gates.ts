/**
 * What a rule may act on by itself: words it looks for only when the fax's text surely contains them, kinds and
 * urgency only when intake read them surely (a kind a person gave is sure), file names only from fields read surely.
 * A fax read too unsurely is journaled as left to be checked by hand, or as waiting for its reading.
 */
import type { InboundRule } from '../../../preload/automation';
import type { FaxId } from '../../../preload/fax-id';
import { msg } from '../../../preload/i18n/translator';
import type { Cache } from '../../store/cache/cache';
import type { RuleActionRow } from '../../store/cache/rule-action-repository';
import type { TemplateIntake } from './file-name-template';

/** A word read with less confidence than this (0–100) never makes a rule act on its own. */
export const sureReadingConfidence = 80;
/** How long a rule waits before looking again for a fax's text that is still being read. */
const textWaitMs = 60_000;

export interface RuleGateDeps {
  cache: Pick<Cache, 'faxText' | 'intake' | 'ruleActions'>;
  /** Whether faxes are being read on this desk. */
  recognizing?: (() => boolean) | undefined;
  /** A kind's name in the app's language. */
  kindName?: ((kind: string) => string) | undefined;
  now: () => number;
}

export interface RuleGates {
  /** Whether the action may go ahead on the words it looks for (else it is journaled). */
  contentAllows: (row: RuleActionRow, words: string) => boolean;
  /** Whether the action may go ahead on the kinds and urgency it is for (else it is journaled). */
  intakeAllows: (row: RuleActionRow, rule: InboundRule) => boolean;
  /** The fields a file name may use: only what intake read surely. */
  namingIntake: (faxId: FaxId) => TemplateIntake;
}

export function createRuleGates(deps: RuleGateDeps): RuleGates {
  const journal = deps.cache.ruleActions;
  const now = deps.now;

  /**
   * A rule with words to look for acts only when the fax's text surely contains them; a fax whose reading is too
   * unsure either way is left to be checked by hand. Says whether the action may go ahead (else it is journaled).
   */
  function contentAllows(row: RuleActionRow, words: string): boolean {
    const verdict = deps.cache.faxText.contentMatch(row.faxId, words, sureReadingConfidence);
    if (verdict === 'found') return true;
    if (verdict === 'unread') {
      const reading = deps.cache.faxText.state(row.faxId);
      if (reading?.failure) journal.skip(row.faxId, row.ruleId, msg('rules.checkByHandUnreadable'));
      else if (!(deps.recognizing?.() ?? false)) journal.skip(row.faxId, row.ruleId, msg('rules.needsReadingOn'));
      else journal.failed(row.faxId, row.ruleId, msg('rules.waitingForText'), now() + textWaitMs);
    } else if (verdict === 'absent') {
      journal.skip(row.faxId, row.ruleId, msg('rules.doesNotContain', { words }));
    } else {
      journal.skip(row.faxId, row.ruleId, msg('rules.checkByHand', { words }));
    }
    return false;
  }

  /**
   * A rule for some kinds, or for urgent faxes, acts only when intake read that surely (a kind a person gave the fax
   * is sure); a fax read unsurely is left to be checked by hand. Says whether the action may go ahead.
   */
  function intakeAllows(row: RuleActionRow, rule: InboundRule): boolean {
    const kinds = rule.kinds ?? [];
    if (kinds.length === 0 && rule.urgentOnly !== true) return true;
    const intake = deps.cache.intake.get(row.faxId);
    if (intake === null) {
      const reading = deps.cache.faxText.state(row.faxId);
      if (reading?.failure) journal.skip(row.faxId, row.ruleId, msg('rules.checkByHandUnreadableKind'));
      else if (!(deps.recognizing?.() ?? false)) journal.skip(row.faxId, row.ruleId, msg('rules.needsReadingOnKind'));
      else journal.failed(row.faxId, row.ruleId, msg('rules.waitingForIntake'), now() + textWaitMs);
      return false;
    }
    if (kinds.length > 0) {
      const read = deps.kindName?.(intake.kind.kind) ?? intake.kind.kind;
      if (!intake.kind.sure) {
        journal.skip(row.faxId, row.ruleId, msg('rules.kindUnsure', { kind: read }));
        return false;
      }
      if (!kinds.includes(intake.kind.kind)) {
        journal.skip(row.faxId, row.ruleId, msg('rules.notOfTheKinds', { kind: read }));
        return false;
      }
    }
    if (rule.urgentOnly === true) {
      const urgency = intake.fields.find((field) => field.name === 'urgency');
      if (urgency === undefined) {
        journal.skip(row.faxId, row.ruleId, msg('rules.notUrgent'));
        return false;
      }
      if (urgency.needsLook) {
        journal.skip(row.faxId, row.ruleId, msg('rules.urgencyUnsure'));
        return false;
      }
    }
    return true;
  }

  function namingIntake(faxId: FaxId): TemplateIntake {
    const intake = deps.cache.intake.get(faxId);
    const sure = (name: 'patient' | 'dob') => intake?.fields.find((field) => field.name === name && !field.needsLook)?.value ?? null;
    return { patient: sure('patient'), dob: sure('dob'), kind: intake?.kind.sure === true ? (deps.kindName?.(intake.kind.kind) ?? intake.kind.kind) : null };
  }

  return { contentAllows, intakeAllows, namingIntake };
}
