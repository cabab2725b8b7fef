/** A journaled submission as the window shows it: its failure worded now, in the app's language. */
import type { SubmissionView } from '../../preload/models';
import { wordStoredMessage } from '../i18n/stored-message';
import type { SubmissionRecord } from './submission-journal';

/** The stored failure as the window shows it: its message worded now, in the app's language. */
function viewError(error: SubmissionRecord['error']): SubmissionView['error'] {
  if (error === null) return null;
  const { text, message, ...rest } = error;
  return { ...rest, message: wordStoredMessage(text, message) };
}

export function view(record: SubmissionRecord, progress: { sent: number; total: number } | undefined): SubmissionView {
  return {
    id: record.id,
    state: record.state,
    createdAt: record.createdAt,
    scheduledAt: record.scheduledAt,
    recipients: record.recipients,
    subject: record.subject,
    fileCount: record.files.length,
    pages: record.pages,
    attempts: record.attempts,
    faxId: record.faxId,
    bytesSent: progress?.sent ?? 0,
    bytesTotal: progress?.total ?? 0,
    error: viewError(record.error),
    nextAttemptAt: record.nextAttemptAt,
    origin: record.origin,
    outcomeUnknown: record.outcomeUnknown,
  };
}
