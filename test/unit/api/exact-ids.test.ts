// Fax ids of any size, exactly. The spec's id is an "integer", bounded nowhere; real services use 64-bit ids that
// a double rounds — 9007199254740993 and 9007199254740995 are the same double. The replies are read without losing
// digits, every id keeps the digits the service sent (also as a string), and what is not an integer id is refused
// rather than guessed. Against a service with such ids: both faxes kept apart, each asked for by its own URL.
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { ExactInteger, parseExactJson, sourceTextAvailable } from '../../../main/api/exact-json';
import { createFaxClient } from '../../../main/api/fax-client';
import { createTransport } from '../../../main/api/https-transport';
import { createRateBudget } from '../../../main/api/rate-budget';
import { faxIdJson, faxSchema } from '../../../main/api/schemas';
import { readFax } from '../../../main/api/read/fax-reader';
import { createLogger } from '../../../main/log/logger';
import { compareFaxIds, faxIdFromStored, storedFaxIdSchema } from '../../../preload/fax-id';
import { startHttpsServer, type TestServer } from '../../helpers/https-test-server';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

const twins = ['9007199254740993', '9007199254740995'] as const;

describe('reading JSON without losing digits', () => {
  it('keeps the digits of integers a double cannot hold; leaves every other value as JSON.parse does', () => {
    expect(sourceTextAvailable()).toBe(true);
    const parsed = parseExactJson(`{"a": ${twins[0]}, "b": ${twins[1]}, "small": 42, "float": 1.5, "big": 1e21, "neg": -9007199254740993, "list": [18446744073709551617]}`) as Record<string, unknown>;
    expect(parsed.a).toEqual(new ExactInteger(twins[0]));
    expect(parsed.b).toEqual(new ExactInteger(twins[1]));
    expect(parsed).toMatchObject({ small: 42, float: 1.5, big: 1e21 });
    expect(parsed.neg).toEqual(new ExactInteger('-9007199254740993'));
    expect(parsed.list).toEqual([new ExactInteger('18446744073709551617')]);
    // Plain JSON.parse rounds them; 9007199254740992 and 9007199254740993 even become one number.
    expect((JSON.parse(`[${twins[0]}, ${twins[1]}]`) as number[]).map(String)).toEqual(['9007199254740992', '9007199254740996']);
    expect(JSON.parse('9007199254740993')).toBe(JSON.parse('9007199254740992'));
    expect(parseExactJson('[9007199254740992, 9007199254740993]')).toEqual([new ExactInteger('9007199254740992'), new ExactInteger('9007199254740993')]);
  });
});

describe('fax ids', () => {
  it.each([
    [42, '42'],
    [0, '0'],
    [new ExactInteger(twins[0]), twins[0]],
    [new ExactInteger('18446744073709551617'), '18446744073709551617'],
    ['9007199254740993', '9007199254740993'],
    ['000123', '000123'],
  ])('%o is the id %s', (raw, id) => {
    expect(faxIdJson.parse(raw)).toBe(id);
  });

  it.each([[-1], [1.5], [1e21], [Number.NaN], [new ExactInteger('-5')], ['abc'], ['12a'], [''], ['1'.repeat(65)], [null], [{ id: 1 }]])('%o is not an id', (raw) => {
    expect(faxIdJson.safeParse(raw).success).toBe(false);
  });

  it('order as numbers; ids stored before (numbers) read back as their digits', () => {
    expect([twins[1], '10', '9', twins[0], '100'].sort(compareFaxIds)).toEqual(['9', '10', '100', twins[0], twins[1]]);
    expect(faxIdFromStored(77)).toBe('77');
    expect(faxIdFromStored(2 ** 60)).toBeNull();
    expect(storedFaxIdSchema.parse(77)).toBe('77');
    expect(storedFaxIdSchema.parse(twins[1])).toBe(twins[1]);
    expect(storedFaxIdSchema.safeParse(-3).success).toBe(false);
  });

  it('a fax read from a reply keeps its exact id, whatever the size', () => {
    const body = `{"id": ${twins[1]}, "status": "delivered", "created_at": "2026-11-23T10:00:00Z", "pages": 18446744073709551617}`;
    const fax = readFax(faxSchema.parse(parseExactJson(body)));
    expect(fax).toMatchObject({ id: twins[1], reference: twins[1], pages: null });
  });
});

describe('a Fax Service with 64-bit ids', () => {
  it('lists both twins apart and asks for each by its own URL (detail and PDF)', async () => {
    const faxJson = (id: string) => `{"id": ${id}, "reference": "R-${id.slice(-4)}", "status": "delivered", "direction": "inbound", "created_at": "2026-11-23T10:00:00Z", "recipients": []}`;
    const api = await startHttpsServer((request, response) => {
      const url = request.url ?? '';
      const wanted = /\/v1\/faxes\/(\d+)(\/pdf)?$/.exec(url);
      if (url.startsWith('/v1/faxes?')) {
        const body = `{"data": {"object": "list", "data": [${faxJson(twins[1])}, ${faxJson(twins[0])}], "total": 2, "limit": 100, "offset": 0, "has_more": false}}`;
        response.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
      } else if (wanted && twins.includes(wanted[1] as (typeof twins)[number]) && wanted[2]) {
        response.writeHead(200, { 'Content-Type': 'application/pdf' }).end(`%PDF-1.4 document of ${wanted[1] ?? ''}`);
      } else if (wanted && twins.includes(wanted[1] as (typeof twins)[number])) {
        response.writeHead(200, { 'Content-Type': 'application/json' }).end(`{"data": ${faxJson(wanted[1] ?? '')}, "request_id": "req_${wanted[1] ?? ''}"}`);
      } else {
        response.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error": {"type": "not_found", "code": "not_found", "message": "No such fax."}}');
      }
    });
    servers.push(api);
    const client = createFaxClient({
      transport: createTransport({ baseUrl: `${api.origin}/v1`, extraCa: api.ca, userAgent: 'test' }),
      budget: createRateBudget(),
      apiKey: () => Promise.resolve('fk_test_exact_ids'),
      log: createLogger({ sinks: [] }),
      onUnauthorized: () => undefined,
      sleep: () => Promise.resolve(),
    });
    const page = await client.listFaxes({ limit: 100 });
    expect(page.items.map((fax) => fax.id)).toEqual([twins[1], twins[0]]);
    for (const id of twins) {
      expect((await client.getFax(id)).fax.reference).toBe(`R-${id.slice(-4)}`);
      const chunks: Buffer[] = [];
      await client.downloadPdf(id, () => new Writable({ write: (chunk: Buffer, _encoding, done) => (chunks.push(chunk), done()) }));
      expect(Buffer.concat(chunks).toString()).toBe(`%PDF-1.4 document of ${id}`);
    }
    expect(api.requests.map((request) => request.url).filter((url) => url.startsWith('/v1/faxes/'))).toEqual([`/v1/faxes/${twins[0]}`, `/v1/faxes/${twins[0]}/pdf`, `/v1/faxes/${twins[1]}`, `/v1/faxes/${twins[1]}/pdf`]);
  });
});
