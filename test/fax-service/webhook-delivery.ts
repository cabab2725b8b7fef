/**
 * Delivers queued webhook events: HTTPS POST of the raw payload, signed `t=<unix>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>">` with the endpoint's secret, `X-Service-Event: <type>`. A reply other than 2xx within 10 s is
 * retried after 30 s, 2 min, 8 min, 32 min, 2 h and 8 h of virtual time (6 retries), then given up.
 * Deliveries trust the sandbox CA, so tests run receivers with a certificate from GET /sandbox/tls.
 */
import crypto from 'node:crypto';
import https from 'node:https';
import type { Clock } from './clock';
import type { SandboxDb } from './database';
import type { WebhookRow } from './resources';

export const retryDelaysMs = [30_000, 120_000, 480_000, 1_920_000, 7_200_000, 28_800_000] as const;
export const deliveryTimeoutMs = 10_000;

export function signPayload(secret: string, timestamp: number, body: string): string {
  const digest = crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

interface QueueRow {
  event_id: string;
  endpoint_id: string;
  attempt: number;
  due_ms: number;
}

function post(url: string, body: string, headers: Record<string, string>, ca: string): Promise<{ status: number | null; error: string | null }> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: { status: number | null; error: string | null }) => {
      if (!settled) {
        settled = true;
        resolve(outcome);
      }
    };
    try {
      const request = https.request(
        url,
        { method: 'POST', ca, headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) }, timeout: deliveryTimeoutMs },
        (response) => {
          response.resume();
          response.on('end', () => finish({ status: response.statusCode ?? null, error: null }));
          response.on('error', () => finish({ status: response.statusCode ?? null, error: 'response_error' }));
        },
      );
      request.on('timeout', () => {
        request.destroy();
        finish({ status: null, error: 'timeout' });
      });
      request.on('error', (error: NodeJS.ErrnoException) => finish({ status: null, error: error.code ?? 'network_error' }));
      request.end(body);
    } catch {
      finish({ status: null, error: 'invalid_url' });
    }
  });
}

export function createDeliverer(db: SandboxDb, clock: Clock, ca: string) {
  const due = db.prepare('SELECT * FROM delivery_queue WHERE due_ms <= ? ORDER BY due_ms LIMIT 50');
  const endpointById = db.prepare('SELECT * FROM webhooks WHERE id = ?');
  const eventById = db.prepare('SELECT type, standard, reduced, account_id FROM events WHERE id = ?');
  const record = db.prepare('INSERT INTO deliveries (event_id, endpoint_id, account_id, url, attempt, status_code, error, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const reschedule = db.prepare('UPDATE delivery_queue SET attempt = ?, due_ms = ? WHERE event_id = ? AND endpoint_id = ?');
  const drop = db.prepare('DELETE FROM delivery_queue WHERE event_id = ? AND endpoint_id = ?');
  const inFlight = new Set<string>();
  const pending = new Set<Promise<void>>();

  async function attempt(row: QueueRow): Promise<void> {
    const endpoint = endpointById.get(row.endpoint_id) as WebhookRow | undefined;
    const event = eventById.get(row.event_id) as { type: string; standard: string; reduced: string; account_id: string } | undefined;
    if (!endpoint || endpoint.deleted_at !== null || !event) {
      drop.run(row.event_id, row.endpoint_id);
      return;
    }
    const body = endpoint.payload === 'reduced' ? event.reduced : event.standard;
    const timestamp = Math.floor(clock.now() / 1000);
    const outcome = await post(endpoint.url, body, { 'X-Service-Signature': signPayload(endpoint.secret, timestamp, body), 'X-Service-Event': event.type }, ca);
    const now = clock.now();
    record.run(row.event_id, row.endpoint_id, event.account_id, endpoint.url, row.attempt, outcome.status, outcome.error, new Date(now).toISOString());
    const delivered = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    const delay = retryDelaysMs[row.attempt - 1];
    if (delivered || delay === undefined) drop.run(row.event_id, row.endpoint_id);
    else reschedule.run(row.attempt + 1, now + delay, row.event_id, row.endpoint_id);
  }

  return {
    runDue(): void {
      for (const row of due.all(clock.now()) as QueueRow[]) {
        const key = `${row.event_id}/${row.endpoint_id}`;
        if (inFlight.has(key)) continue;
        inFlight.add(key);
        const work = attempt(row)
          .catch(() => undefined)
          .finally(() => {
            inFlight.delete(key);
            pending.delete(work);
          });
        pending.add(work);
      }
    },
    async idle(): Promise<void> {
      await Promise.allSettled([...pending]);
    },
  };
}
