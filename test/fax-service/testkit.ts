/**
 * Test helpers for the sandbox's conformance tests: a sandbox per test file on a temp data folder, a raw
 * HTTPS client (independent of the app's API client, so the server is checked on its own), a multipart
 * builder and the control-plane calls.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { rawRequest, type RawResponse } from './raw-request';
import { startSandbox, type Sandbox } from './server';

export { rawRequest, type RawResponse };

export interface ErrorEnvelope {
  error: { type: string; code: string; message: string };
  request_id: string;
}

export type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; contentType?: string };

export function multipart(parts: readonly Part[]): { body: Buffer; contentType: string } {
  const boundary = `----faxtest${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export { onePagePdf } from './sample-documents';
export const tinyPng = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000100' + '05fe02fea70000000049454e44ae426082',
  'hex',
);

export interface TestSandbox {
  sandbox: Sandbox;
  dataDir: string;
  /** T names the JSON shape the test expects (an unchecked cast, as in any test client). */
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
  control<T = unknown>(method: string, pathname: string, body?: unknown): Promise<{ status: number; json: T }>;
  api(key: string, method: string, pathname: string, options?: { headers?: Record<string, string>; body?: Buffer | string }): Promise<RawResponse>;
  send(key: string, parts: readonly Part[], headers?: Record<string, string>): Promise<RawResponse>;
  account(options?: { plan?: string; page_limit?: number; pages_used?: number }): Promise<string>;
  key(accountId: string, scopes: readonly string[]): Promise<{ id: string; key: string }>;
  /** A fresh account with a key holding every non-automation scope. */
  fullAccess(options?: { plan?: string; page_limit?: number; pages_used?: number }): Promise<{ accountId: string; key: string; keyId: string }>;
  advance(seconds: number): Promise<void>;
  /** Stops the sandbox's clock where it is, or lets it run again (POST /sandbox/clock {frozen}). */
  freezeClock(frozen: boolean): Promise<void>;
  close(): Promise<void>;
}

export const everyScope = ['fax:send', 'fax:read', 'contacts:read', 'numbers:read', 'account:read', 'webhooks:read', 'webhooks:write'];

export async function startTestSandbox(options: { dataDir?: string; idBase?: bigint } = {}): Promise<TestSandbox> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'fax-sandbox-'));
  const sandbox = await startSandbox({ dataDir, ...(options.idBase !== undefined ? { idBase: options.idBase } : {}) });
  const ca = sandbox.caCert;
  const origin = sandbox.baseUrl.replace(/\/v1$/, '');
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- see TestSandbox.control
  const control = async <T>(method: string, pathname: string, body?: unknown) => {
    const response = await rawRequest(`${sandbox.controlUrl}${pathname}`, {
      method,
      ca,
      headers: { Authorization: `Bearer ${sandbox.controlToken}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, json: response.json as T };
  };
  const api: TestSandbox['api'] = (key, method, pathname, requestOptions = {}) =>
    rawRequest(`${origin}${pathname.startsWith('/v1') ? pathname : `/v1${pathname}`}`, {
      method,
      ca,
      headers: { Authorization: `Bearer ${key}`, ...(requestOptions.headers ?? {}) },
      body: requestOptions.body,
    });
  const account: TestSandbox['account'] = async (accountOptions = {}) => {
    const { json } = await control<{ id: string }>('POST', '/accounts', { plan: 'business', page_limit: 100_000, ...accountOptions });
    return json.id;
  };
  const key: TestSandbox['key'] = async (accountId, scopes) => (await control<{ id: string; key: string }>('POST', `/accounts/${accountId}/keys`, { scopes })).json;
  return {
    sandbox,
    dataDir,
    control,
    api,
    send: (apiKey, parts, headers = {}) => {
      const form = multipart(parts);
      return api(apiKey, 'POST', '/faxes', { headers: { 'Content-Type': form.contentType, ...headers }, body: form.body });
    },
    account,
    key,
    async fullAccess(accountOptions) {
      const accountId = await account(accountOptions);
      const created = await key(accountId, everyScope);
      return { accountId, key: created.key, keyId: created.id };
    },
    async freezeClock(frozen) {
      await control('POST', '/clock', { frozen });
    },
    async advance(seconds) {
      await control('POST', '/clock', { advance_seconds: seconds });
    },
    async close() {
      await sandbox.close();
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function expectErrorEnvelope(response: RawResponse): ErrorEnvelope {
  const envelope = response.json as ErrorEnvelope | null;
  if (!envelope?.error || typeof envelope.error.type !== 'string' || typeof envelope.error.code !== 'string' || typeof envelope.error.message !== 'string') {
    throw new Error(`not an error envelope: ${response.body.toString('utf8').slice(0, 200)}`);
  }
  if (!/^req_[A-Za-z0-9]+$/.test(envelope.request_id)) throw new Error(`bad request_id ${envelope.request_id}`);
  return envelope;
}

export interface FaxJson {
  id: number;
  reference: string;
  object: string;
  status: string;
  direction: string;
  to: string;
  pages: number;
  created_at: string;
  recipients: Array<{ to: string; status: string; error: string | null; name?: string | null }>;
}

export interface ListJson<T> {
  data: { object: string; data: T[]; total: number; limit: number; offset: number; has_more: boolean };
}

/** An entry stored deflated (method 8) instead of as is. */
export interface Deflated {
  deflate: string | Buffer;
}

/** A ZIP archive with the given entries (stored as is, or deflated). */
export function makeZip(entries: Record<string, string | Buffer | Deflated>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, value] of Object.entries(entries)) {
    const deflated = typeof value === 'object' && !Buffer.isBuffer(value);
    const plain = deflated ? Buffer.from(value.deflate) : Buffer.isBuffer(value) ? value : Buffer.from(value);
    const data = deflated ? zlib.deflateRawSync(plain) : plain;
    const method = deflated ? 8 : 0;
    const nameBytes = Buffer.from(name);
    const crc = zlib.crc32(plain);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(plain.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(plain.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/**
 * A minimal Word document; `pages` goes into docProps/app.xml like Word writes it. `body` replaces the one
 * paragraph of `text` with raw WordprocessingML; `deflate` compresses document.xml as Word does.
 */
export function makeDocx(options: { pages?: number; text?: string; body?: string; deflate?: boolean } = {}): Buffer {
  const documentXml = `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${options.body ?? `<w:p><w:r><w:t>${options.text ?? 'Hello'}</w:t></w:r></w:p>`}</w:body></w:document>`;
  const entries: Record<string, string | Deflated> = {
    '[Content_Types].xml': '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    'word/document.xml': options.deflate ? { deflate: documentXml } : documentXml,
  };
  if (options.pages !== undefined) entries['docProps/app.xml'] = `<?xml version="1.0"?><Properties><Pages>${options.pages}</Pages></Properties>`;
  return makeZip(entries);
}

/** One TIFF page (image directory) entry: tag, type (3 SHORT, 4 LONG, 5 RATIONAL: the value over 1), value. */
type TiffEntry = [number, 3 | 4 | 5, number];

export interface TiffOptions {
  /** Pages that carry a directory without image data (a damaged file). */
  imageless?: number[];
  /** Pages all black (the others all white). */
  black?: number[];
  /** Pixels across every page (default 16). */
  width?: number;
  /** Each page's height in pixels, page 1 first (default 16 each): tells pages apart after page work. */
  heights?: number[];
  /** Resolution tags (unit 1: none, a ratio only; 2: inch; 3: centimetre); none by default. */
  resolution?: { x: number; y: number; unit: 1 | 2 | 3 };
}

/** A little-endian, uncompressed black-and-white TIFF with `pages` image directories (white unless `black`). */
export function makeTiff(pages: number, options: TiffOptions = {}): Buffer {
  const width = options.width ?? 16;
  const rowBytes = Math.ceil(width / 8);
  const parts: Buffer[] = [Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00])];
  let offset = 8;
  for (let index = 0; index < pages; index += 1) {
    const height = options.heights?.[index] ?? 16;
    const stripBytes = rowBytes * height;
    const imageless = options.imageless?.includes(index + 1) ?? false;
    const resolution = options.resolution;
    const entries: TiffEntry[] = imageless
      ? [[254, 4, 0]]
      : [
          [256, 3, width],
          [257, 3, height],
          [258, 3, 1],
          [259, 3, 1],
          [262, 3, 0],
          [273, 4, 0], // strip offset, filled below
          [278, 3, height],
          [279, 4, stripBytes],
          ...(resolution ? ([[282, 5, resolution.x], [283, 5, resolution.y], [296, 3, resolution.unit]] as TiffEntry[]) : []),
        ];
    const ifdSize = 2 + entries.length * 12 + 4;
    const rationalsAt = offset + ifdSize;
    const rationals = Buffer.alloc(8 * entries.filter(([, type]) => type === 5).length);
    const stripAt = rationalsAt + rationals.length;
    const ifd = Buffer.alloc(ifdSize);
    ifd.writeUInt16LE(entries.length, 0);
    let rational = 0;
    entries.forEach(([tag, type, value], entry) => {
      const at = 2 + entry * 12;
      ifd.writeUInt16LE(tag, at);
      ifd.writeUInt16LE(type, at + 2);
      ifd.writeUInt32LE(1, at + 4);
      if (type === 3) ifd.writeUInt16LE(value, at + 8);
      else if (type === 5) {
        rationals.writeUInt32LE(value, rational * 8);
        rationals.writeUInt32LE(1, rational * 8 + 4);
        ifd.writeUInt32LE(rationalsAt + rational * 8, at + 8);
        rational += 1;
      } else ifd.writeUInt32LE(tag === 273 ? stripAt : value, at + 8);
    });
    // WhiteIsZero: a set bit is black.
    const strip = imageless ? Buffer.alloc(0) : Buffer.alloc(stripBytes, options.black?.includes(index + 1) ? 0xff : 0);
    const next = index === pages - 1 ? 0 : stripAt + strip.length;
    ifd.writeUInt32LE(next, ifdSize - 4);
    parts.push(ifd, rationals, strip);
    offset = stripAt + strip.length;
  }
  return Buffer.concat(parts);
}

/** A JPEG header: enough for type detection (content sniffing), not a decodable image. */
export const jpegHeader = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 0x11)]);
