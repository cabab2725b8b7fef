import type { ScopeName, ScopeState } from '../../../preload/models';

export const scopeWords: Record<ScopeName, { grants: string; missing: string }> = {
  'fax:send': { grants: 'Send faxes', missing: 'This key cannot send faxes, so “New fax” is turned off.' },
  'fax:read': { grants: 'Read faxes and their documents', missing: 'This key cannot read faxes: the inbox and sent faxes stay empty.' },
  'contacts:read': { grants: 'Read the address book', missing: 'This key cannot read the address book: contacts are not shown or suggested.' },
  'numbers:read': { grants: 'See the account’s fax numbers', missing: 'This key cannot list the account’s fax numbers.' },
  'account:read': { grants: 'See the plan, usage and webhooks', missing: 'This key cannot see the plan and usage, so the remaining allowance is not shown.' },
  'webhooks:read': { grants: 'List webhook endpoints', missing: 'This key cannot list webhook endpoints.' },
  'webhooks:write': { grants: 'Create and delete webhook endpoints', missing: 'This key cannot create or delete webhook endpoints.' },
  'automation:events:read': { grants: 'Automation: reduced, health-information-free webhooks', missing: '' },
};

export function scopeStateText(state: ScopeState): string {
  return state === 'granted' ? 'Allowed' : state === 'missing' ? 'Not allowed' : 'Cannot be told';
}
