/**
 * Who sent a notification: the person signed in on the server process it came from, while that process is still
 * there (anyone connected may NOTIFY; the process id PostgreSQL gives with a notification is the sender's own).
 */
import type { QueryConfig } from 'pg';
import type { HubLink } from './hub-link';

export function noticeSender(link: HubLink, senderPid: number): Promise<string | null> {
  return link
    .use((client) => client.query<{ usename: string | null }>({ text: 'SELECT usename FROM pg_stat_activity WHERE pid = $1', values: [senderPid], query_timeout: link.quickTimeoutMs } as QueryConfig))
    .then((rows) => rows.rows[0]?.usename ?? null)
    .catch(() => null);
}
