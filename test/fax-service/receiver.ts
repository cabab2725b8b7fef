/** An HTTPS webhook receiver for tests, using a certificate the sandbox issued (deliveries trust its CA). */
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TestSandbox } from './testkit';

export interface Delivery {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export async function startReceiver(t: TestSandbox, reply: (delivery: Delivery) => number = () => 200) {
  const { json: pair } = await t.control<{ cert: string; key: string }>('GET', '/tls');
  const deliveries: Delivery[] = [];
  const server = https.createServer({ cert: pair.cert, key: pair.key }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const delivery = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      deliveries.push(delivery);
      response.writeHead(reply(delivery)).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}/hooks`,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function waitFor<T>(probe: () => T | Promise<T>, accept: (value: T) => boolean, timeoutMs = 8000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error('waitFor timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
