/** Scopes, their rules (mutual exclusion, plan key limits) and what each endpoint requires. */
export const allScopes = [
  'fax:send',
  'fax:read',
  'contacts:read',
  'numbers:read',
  'account:read',
  'webhooks:read',
  'webhooks:write',
  'automation:events:read',
] as const;
export type Scope = (typeof allScopes)[number];

/** `automation:events:read` cannot be held together with any of these. */
export const exclusiveWithAutomation: readonly Scope[] = ['fax:send', 'fax:read', 'contacts:read', 'numbers:read'];

export const plans = { solo: 3, plus: 5, team: 10, business: 25 } as const;
export type Plan = keyof typeof plans;

export function scopeProblem(scopes: readonly string[]): string | null {
  if (scopes.length === 0) return 'A key needs at least one scope.';
  const unknown = scopes.filter((scope) => !(allScopes as readonly string[]).includes(scope));
  if (unknown.length > 0) return `Unknown scope: ${unknown.join(', ')}.`;
  if (scopes.includes('automation:events:read')) {
    const clash = scopes.filter((scope) => (exclusiveWithAutomation as readonly string[]).includes(scope));
    if (clash.length > 0) return `automation:events:read cannot be combined with ${clash.join(', ')}.`;
  }
  return null;
}
