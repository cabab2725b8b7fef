/** Replies tracked, in the renderer: link a received fax to the sent fax it answers, and a number's faxes. */
import type { FaxListPage, ReplyState } from '../../../preload/models';
import { faxApi, type IpcError } from './ipc';
import { gatheredToast, toast } from './toasts';
import { namedFew } from '../../../preload/i18n/named-few';
import { t } from '../i18n';
import type { FaxId } from '../../../preload/fax-id';

export type AwaitingReply = { id: FaxId; reference: string; createdAt: string; counterpart: string | null };

/** Links a received fax to a sent one (or removes its link with null); returns main's reason when refused. */
export async function linkReply(inboundId: FaxId, outboundId: FaxId | null): Promise<IpcError | null> {
  const result = await faxApi().linkReply({ inboundId, outboundId });
  if (!result.ok) return result.error;
  toast('success', outboundId === null ? t('replies.noLongerLinkedAs') : t('replies.linkedAsTheReply'));
  return null;
}

export async function awaitingReplies(): Promise<AwaitingReply[] | IpcError> {
  const result = await faxApi().listAwaitingReplies();
  return result.ok ? result.value : result.error;
}

export async function faxesOfNumber(number: string): Promise<FaxListPage | IpcError> {
  const result = await faxApi().listFaxesOfNumber({ number, offset: 0, limit: 200 });
  return result.ok ? result.value : result.error;
}

/** "Awaiting reply", "Overdue" or "Replied" for a sent fax that expects a reply. */
export function replyLabel(reply: ReplyState): { label: string; tone: 'info' | 'danger' | 'success' } {
  if (reply.state === 'replied') return { label: t('replies.replied'), tone: 'success' };
  return reply.state === 'overdue' ? { label: t('replies.overdue'), tone: 'danger' } : { label: t('replies.awaitingReply'), tone: 'info' };
}

/** Replies that fall due while their message shows join it: three named, the rest counted. */
export function announceOverdue(notice: { reference: string }): void {
  gatheredToast('reply-overdue', notice.reference, (references) => {
    const named = namedFew(references, 3);
    return references.length === 1 ? t('replies.aReplyIsOverdue', { reference: notice.reference }) : t('replies.repliesAreOverdue', { count: references.length, references: named.names, more: named.more });
  });
}
