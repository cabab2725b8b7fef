import type { MessageId } from '../../../preload/i18n/translator';

/**
 * Reasons an action waits without having failed (its fax not read yet, the hub not answering for a moment, another
 * desk on it): the status bar's "could not finish" leaves them out — they were saying so while both copies were
 * saved within half a minute.
 */
export const waitingReasons: ReadonlySet<string> = new Set(['rules.waitingForText', 'rules.waitingForIntake', 'rules.waitingForTheHub', 'rules.anotherDeskIsOnIt'] satisfies MessageId[]);
