import type { ScopeName, ScopeState } from '../../../preload/models';
import { t } from '../i18n';
import type { MessageId } from '../../../preload/i18n/translator';

export const scopeWords: Record<ScopeName, { grants: MessageId; missing: MessageId | null }> = {
  'fax:send': { grants: 'scopeWords.sendFaxes', missing: 'scopeWords.thisKeyCannotSend' },
  'fax:read': { grants: 'scopeWords.readFaxesAndTheir', missing: 'scopeWords.thisKeyCannotRead' },
  'contacts:read': { grants: 'scopeWords.readTheAddressBook', missing: 'scopeWords.thisKeyCannotRead2' },
  'numbers:read': { grants: 'scopeWords.seeTheAccountS', missing: 'scopeWords.thisKeyCannotList' },
  'account:read': { grants: 'scopeWords.seeThePlanUsage', missing: 'scopeWords.thisKeyCannotSee' },
  'webhooks:read': { grants: 'scopeWords.listWebhookEndpoints', missing: 'scopeWords.thisKeyCannotList2' },
  'webhooks:write': { grants: 'scopeWords.createAndDeleteWebhook', missing: 'scopeWords.thisKeyCannotCreate' },
  'automation:events:read': { grants: 'scopeWords.automationReducedHealthInformation', missing: null },
};

export function scopeStateText(state: ScopeState): string {
  return state === 'granted' ? t('scopeWords.allowed') : state === 'missing' ? t('scopeWords.notAllowed') : t('scopeWords.cannotBeTold');
}
