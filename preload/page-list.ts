/**
 * Page numbers as people type them ("1-3, 5, 8-"), 1-based, read into 0-based indexes in the order given; a number
 * or range outside 1…count, a backwards range or anything else is refused with its reason. Shared by the page
 * tools in main and their window (which reads split groups, "1-3; 4-6", with it).
 */
import { msg, type Message } from './i18n/translator';

export type PageListResult = { ok: true; indexes: number[] } | { ok: false; message: Message; code: 'pages_empty' | 'pages_syntax' | 'pages_range' };

export function readPageList(text: string, count: number): PageListResult {
  const indexes: number[] = [];
  const items = text.split(/[,;\s]+/).filter((item) => item !== '');
  if (items.length === 0) return { ok: false, message: msg('pageTools.noPagesGiven'), code: 'pages_empty' };
  for (const item of items) {
    const match = /^(\d+)(?:-(\d*))?$/.exec(item);
    if (!match) return { ok: false, message: msg('pageTools.notAPageList', { item }), code: 'pages_syntax' };
    const first = Number(match[1]);
    const last = match[2] === undefined ? first : match[2] === '' ? count : Number(match[2]);
    if (last < first) return { ok: false, message: msg('pageTools.notAPageList', { item }), code: 'pages_syntax' };
    if (first < 1 || last > count) return { ok: false, message: msg('pageTools.noSuchPage', { page: first < 1 ? first : last, count }), code: 'pages_range' };
    for (let page = first; page <= last; page += 1) indexes.push(page - 1);
  }
  return { ok: true, indexes };
}

/** Several page lists, one per document, separated by ";" or new lines ("1-3; 4-6; 7-"). */
export function readPageGroups(text: string, count: number): { ok: true; groups: number[][] } | Extract<PageListResult, { ok: false }> {
  const groups: number[][] = [];
  for (const group of text.split(/[;\n]+/).filter((part) => part.trim() !== '')) {
    const read = readPageList(group, count);
    if (!read.ok) return read;
    groups.push(read.indexes);
  }
  if (groups.length === 0) return { ok: false, message: msg('pageTools.noPagesGiven'), code: 'pages_empty' };
  return { ok: true, groups };
}
