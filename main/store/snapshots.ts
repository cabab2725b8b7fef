/**
 * Schemas of what main keeps of the Fax Service's answers between runs (the account, what a key may do): read
 * back through them, so a file or row that changed shape is dropped, never trusted by a cast.
 */
import { z } from 'zod';
import type { AccountView, KeyCapabilities, ScopeName, ViewName } from '../../preload/models';

export const accountViewSchema = z.object({
  plan: z.string().nullable(),
  pagesUsed: z.number().nullable(),
  pageLimit: z.number().nullable(),
  billingCycle: z.object({ start: z.string().nullable(), end: z.string().nullable(), label: z.string().nullable() }).nullable(),
  paused: z.boolean(),
  usageRatio: z.number().nullable(),
  coverSheets: z.array(z.object({ id: z.string(), name: z.string().nullable() })).nullable().optional(),
}) satisfies z.ZodType<AccountView>;

const scopeNames = ['fax:send', 'fax:read', 'contacts:read', 'numbers:read', 'account:read', 'webhooks:read', 'webhooks:write', 'automation:events:read'] as const satisfies readonly ScopeName[];
const viewNames = ['compose', 'inbox', 'outbox', 'contacts', 'numbers', 'account', 'webhooks'] as const satisfies readonly ViewName[];
const scopeState = z.enum(['granted', 'missing', 'unknown']);

export const keyCapabilitiesSchema = z.object({
  scopes: z.object(Object.fromEntries(scopeNames.map((name) => [name, scopeState])) as Record<ScopeName, typeof scopeState>),
  views: z.object(Object.fromEntries(viewNames.map((name) => [name, z.boolean()])) as Record<ViewName, z.ZodBoolean>),
  automationOnly: z.boolean(),
  canCreateWebhooks: z.boolean(),
}) satisfies z.ZodType<KeyCapabilities>;
