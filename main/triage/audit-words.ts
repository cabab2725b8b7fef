/**
 * An audit entry in words an auditor reads without a glossary: the action in the app's language, the time as the
 * computer's local time with its offset, the fax by the reference the app shows, people by name, and what changed.
 */
import { msg, type Message, type MessageId } from '../../preload/i18n/translator';
import type { AuditDetail } from '../hub/audit-detail';

const actionWords: Readonly<Record<string, MessageId>> = {
  viewed: 'auditExport.viewed',
  printed: 'auditExport.printed',
  saved: 'auditExport.saved',
  forwarded: 'auditExport.forwarded',
  claimed: 'auditExport.claimed',
  released: 'auditExport.released',
  took_over: 'auditExport.tookOver',
  assigned: 'auditExport.assigned',
  handled: 'auditExport.handled',
  not_handled: 'auditExport.notHandled',
  noted: 'auditExport.noted',
  note_removed: 'auditExport.noteRemoved',
  labelled: 'auditExport.labelled',
  sent: 'auditExport.sent',
  reply_linked: 'auditExport.replyLinked',
  job_done: 'auditExport.jobDone',
  person_added: 'auditExport.personAdded',
  person_removed: 'auditExport.personRemoved',
  person_confirmed: 'auditExport.personConfirmed',
  person_reset: 'auditExport.personReset',
  label_added: 'auditExport.labelAdded',
  label_renamed: 'auditExport.labelRenamed',
  label_removed: 'auditExport.labelRemoved',
  filed: 'auditExport.filed',
  filed_by_rule: 'auditExport.filedByRule',
  filing_withdrawn: 'auditExport.filingWithdrawn',
  office_created: 'auditExport.officeCreated',
};

/** The action in words; one this app does not know (a newer desk's) is shown as the hub has it. */
export function auditActionWords(action: string): Message | string {
  const words = Object.hasOwn(actionWords, action) ? actionWords[action] : undefined;
  return words === undefined ? action : msg(words);
}

const two = (value: number): string => String(value).padStart(2, '0');

/** "2026-11-27 10:02:13 +01:00": the computer's local time, with its offset so it is one instant anywhere. */
export function localTimeWithOffset(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  const offset = -time.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const magnitude = Math.abs(offset);
  return `${time.getFullYear()}-${two(time.getMonth() + 1)}-${two(time.getDate())} ${two(time.getHours())}:${two(time.getMinutes())}:${two(time.getSeconds())} ${sign}${two(Math.floor(magnitude / 60))}:${two(magnitude % 60)}`;
}

export interface DetailNames {
  person: (login: string) => string;
  label: (id: string) => string;
}

/** What changed, in words; null when the action says it all. */
export function auditDetailWords(action: string, detail: AuditDetail | 'unreadable' | null, names: DetailNames): Message | null {
  if (detail === 'unreadable') return msg('auditExport.detailUnreadable');
  if (detail === null) return null;
  switch (action) {
    case 'assigned':
      return detail.assignee ? msg('auditExport.assignedTo', { name: names.person(detail.assignee) }) : msg('auditExport.assignedToNobody');
    case 'took_over':
      return detail.from ? msg('auditExport.tookOverFrom', { name: names.person(detail.from) }) : null;
    case 'labelled': {
      const added = (detail.labelsAdded ?? []).map(names.label).join(', ');
      const removed = (detail.labelsRemoved ?? []).map(names.label).join(', ');
      if (added && removed) return msg('auditExport.labelsAddedRemoved', { added, removed });
      if (added) return msg('auditExport.labelsAdded', { added });
      if (removed) return msg('auditExport.labelsRemoved', { removed });
      return null;
    }
    case 'person_added':
    case 'person_removed':
    case 'person_confirmed':
    case 'person_reset':
    case 'office_created':
      return detail.person ? msg('auditExport.personNamed', { name: detail.personName || names.person(detail.person) }) : null;
    case 'label_added':
    case 'label_removed':
      return detail.label ? msg('auditExport.labelNamed', { name: detail.label.name }) : null;
    case 'label_renamed':
      return detail.label ? msg('auditExport.labelRenamedTo', { previous: detail.previousName ?? '', name: detail.label.name }) : null;
    case 'filed':
    case 'filed_by_rule':
      return detail.filedTo === undefined ? null : msg(detail.filedTo === 'fhir' ? 'auditExport.filedToFhir' : detail.filedTo === 'mllp' ? 'auditExport.filedToMllp' : 'auditExport.filedToFolder');
    default:
      return null;
  }
}
