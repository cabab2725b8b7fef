/**
 * One send of 20 × 25 MB in a fresh process (so earlier work cannot hide memory growth): prints one JSON line
 * with the peak RSS growth and the upload throughput. Arguments: <baseUrl> <caCertPath> <apiKey> <file>.
 */
import { plainFormFile } from '../../main/api/multipart-body';
import { openApiSession } from '../../main/connection/api-session';
import { silentLogger } from '../../main/log/logger';

const [baseUrl = '', caPath = '', key = '', file = ''] = process.argv.slice(2);
const fileSize = 25_000_000;
const files = Array.from({ length: 20 }, (_, index) => plainFormFile({ name: 'files', filename: `document-${String(index + 1)}.jpg`, contentType: 'image/jpeg', path: file, size: fileSize }));
const session = openApiSession({ baseUrl, extraCaPath: caPath, apiKey: () => Promise.resolve(key), onUnauthorized: () => undefined, log: silentLogger, userAgent: 'bench' });
const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 5);
const started = performance.now();
await session.client.sendFax({ recipients: [{ number: '+14155550100' }], files }, { idempotencyKey: `bench-memory-${String(process.pid)}-${String(Date.now())}` });
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
session.close();
process.stdout.write(`${JSON.stringify({ growthMb: (peak - baseline) / 1024 ** 2, mbPerSecond: (fileSize * files.length) / 1e6 / seconds })}\n`);
