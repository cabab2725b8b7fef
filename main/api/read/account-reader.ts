/**
 * The account (plan, pages used, page limit, billing cycle) from whatever shape the service chose: flat or
 * nested one level (plan, usage, limits, quota, period objects), snake_case or camelCase, numbers as strings.
 * Preferred names first; then a number whose key speaks of pages and a limit is the limit, one that speaks of
 * pages used is the usage, and ISO times under cycle/period keys are the cycle. What is not there stays null.
 */
import type { AccountView, CoverSheet } from '../../../preload/models';
import { count, isoTime, isRecord, leaves, pick, text, words, type Json, type Leaf } from './json-shape';

const limitWords = /\b(limit|limits|quota|allowance|allotment|included|max|maximum|cap|per month|monthly)\b/;
const usedWords = /\b(used|usage|consumed|spent|current|count|this period|so far)\b/;
const pageWords = /\b(page|pages|quota|allowance|usage)\b/;
/** Limits of other things: the rate, keys, recipients, files, sizes, users, numbers. */
const otherLimits = /\b(rate|request|requests|key|keys|recipient|recipients|file|files|size|bytes|minute|second|user|users|number|numbers|faxes|balance|cents)\b/;

interface NumberLeaf {
  value: number;
  /** Words of the whole path, and of the last key alone. */
  said: string;
  last: string;
}

function numberLeaves(found: Leaf[]): NumberLeaf[] {
  return found.flatMap((leaf) => {
    const value = count(leaf.value);
    if (value === null || value < 0) return [];
    const said = words(leaf.path);
    if (!pageWords.test(said) || otherLimits.test(said)) return [];
    return [{ value, said, last: words(leaf.path.slice(-1)) }];
  });
}

function readPlan(raw: Json): string | null {
  const plan = pick(raw, 'plan.name', 'plan.display_name', 'plan.displayName', 'plan.tier', 'plan', 'plan_name', 'planName', 'tier', 'subscription.plan', 'subscription.name', 'subscription');
  return isRecord(plan) ? null : text(plan);
}

function readLimit(raw: Json, found: NumberLeaf[]): number | null {
  const named = count(
    pick(raw, 'page_limit', 'pageLimit', 'pages_limit', 'pagesLimit', 'monthly_page_limit', 'monthlyPageLimit', 'usage.page_limit', 'usage.pageLimit', 'limits.pages', 'limits.page_limit', 'pages.limit', 'plan.page_limit', 'plan.pageLimit', 'plan.monthly_pages', 'plan.pages', 'quota.pages', 'quota.limit'),
  );
  if (named !== null) return named;
  // A number beside "limit" (or inside a quota or allowance) that does not say it is the part used.
  return found.find((leaf) => !usedWords.test(leaf.last) && (limitWords.test(leaf.said) || /^(limit|total|max)$/.test(leaf.last)))?.value ?? null;
}

function readUsed(raw: Json, found: NumberLeaf[]): number | null {
  const named = count(pick(raw, 'pages_used', 'pagesUsed', 'used_pages', 'usedPages', 'usage.pages_used', 'usage.pagesUsed', 'usage.pages', 'pages.used', 'quota.used', 'plan.pages_used'));
  if (named !== null) return named;
  // A number whose own name says "used", or any page count inside a usage object.
  return found.find((leaf) => usedWords.test(leaf.last) || (/^usage\b/.test(leaf.said) && !limitWords.test(leaf.said)))?.value ?? null;
}

function dateOnly(value: string): string {
  return value.slice(0, 10);
}

function readCycle(raw: Json, found: Leaf[]): AccountView['billingCycle'] {
  const cycle = pick(raw, 'billing_cycle', 'billingCycle', 'billing_period', 'billingPeriod', 'cycle', 'period', 'current_period', 'currentPeriod');
  if (typeof cycle === 'string' && isoTime(cycle) === null) return { start: null, end: null, label: cycle };
  const within = isRecord(cycle) ? cycle : null;
  const startNamed = within ? isoTime(pick(within, 'start', 'starts_at', 'startsAt', 'start_date', 'period_start', 'from', 'begin')) : null;
  const endNamed = within ? isoTime(pick(within, 'end', 'ends_at', 'endsAt', 'end_date', 'period_end', 'to', 'until', 'renews_at', 'resets_at')) : null;
  let start = startNamed;
  let end = endNamed;
  for (const leaf of found) {
    const time = isoTime(leaf.value);
    if (time === null) continue;
    const said = words(leaf.path);
    if (!/\b(cycle|period|billing|renew|renews|reset|resets|quota|usage)\b/.test(said)) continue;
    if (start === null && /\b(start|starts|begin|began|from)\b/.test(said)) start = time;
    else if (end === null && /\b(end|ends|until|to|renew|renews|reset|resets|next)\b/.test(said)) end = time;
  }
  const label = within ? text(pick(within, 'label', 'name', 'interval')) : null;
  if (start === null && end === null && label === null) return null;
  return { start: start === null ? null : dateOnly(start), end: end === null ? null : dateOnly(end), label };
}

/**
 * Cover sheets, where the service lists them with the account (under the names real APIs use): each with an id
 * (`id`, `cover_id`) and a name when it gives one. Null when it lists none (not "no cover sheets": it does not say).
 */
function readCoverSheets(raw: Json): CoverSheet[] | null {
  const listed = pick(raw, 'cover_sheets', 'coverSheets', 'covers', 'cover_pages', 'coverPages', 'templates.cover_sheets', 'templates.covers');
  if (!Array.isArray(listed)) return null;
  const sheets: CoverSheet[] = [];
  for (const entry of listed as unknown[]) {
    const id = isRecord(entry) ? text(pick(entry, 'id', 'cover_id', 'coverId')) : text(entry);
    if (id === null || sheets.some((sheet) => sheet.id === id)) continue;
    sheets.push({ id, name: isRecord(entry) ? text(pick(entry, 'name', 'title', 'label', 'display_name', 'displayName', 'description')) : null });
  }
  return sheets;
}

export function readAccount(raw: Json): AccountView {
  const found = leaves(raw, 2);
  const numbers = numberLeaves(found);
  const pagesUsed = readUsed(raw, numbers);
  const pageLimit = readLimit(raw, numbers);
  const usageRatio = pagesUsed !== null && pageLimit !== null && pageLimit > 0 ? pagesUsed / pageLimit : null;
  const statusText = text(pick(raw, 'status', 'state'))?.toLowerCase() ?? null;
  const paused =
    pick(raw, 'paused', 'sending_paused', 'sendingPaused') === true ||
    statusText === 'paused' ||
    statusText === 'suspended' ||
    (pagesUsed !== null && pageLimit !== null && pageLimit > 0 && pagesUsed * 10 >= pageLimit * 11);
  return { plan: readPlan(raw), pagesUsed, pageLimit, billingCycle: readCycle(raw, found), paused, usageRatio, coverSheets: readCoverSheets(raw) };
}
