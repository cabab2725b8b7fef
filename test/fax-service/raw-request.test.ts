// The tests' own HTTPS client: a kept-alive connection the server drops as the next request goes out (the race
// between Node's agent and a server's idle timeout) is sent again once on a new connection; a server that keeps
// dropping it is the caller's error.
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from './raw-request';
import { loadOrCreateTls, type SandboxTls } from './tls';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-raw-request-'));
let tls: SandboxTls;
let server: https.Server;
let origin = '';
/** How each connection's requests were answered: "ok", or "dropped" for a request the server closed on unanswered. */
const answers: string[][] = [];
let resetEverySecondRequest = true;

beforeAll(async () => {
  tls = await loadOrCreateTls(dataDir);
  server = https.createServer({ key: tls.server.key, cert: tls.server.cert, keepAliveTimeout: 60_000 }, (request, response) => {
    const socket = request.socket as typeof request.socket & { answered?: string[] };
    if (!socket.answered) answers.push((socket.answered = []));
    if ((socket.answered.length > 0 && resetEverySecondRequest) || request.url === '/always-dropped') {
      socket.answered.push('dropped');
      socket.destroy();
      return;
    }
    socket.answered.push('ok');
    response.end(JSON.stringify({ path: request.url }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('rawRequest', () => {
  it('a request on a kept-alive connection the server drops is sent again, once, on a new one', async () => {
    answers.length = 0;
    resetEverySecondRequest = true;
    await expect(rawRequest(`${origin}/first`, { ca: tls.ca.cert })).resolves.toMatchObject({ status: 200, json: { path: '/first' } });
    await expect(rawRequest(`${origin}/second`, { method: 'POST', ca: tls.ca.cert, body: '{}' })).resolves.toMatchObject({ status: 200, json: { path: '/second' } });
    expect(answers).toEqual([['ok', 'dropped'], ['ok']]);
  });

  it('a server that drops the request again is not asked a third time: the caller hears the reset', async () => {
    answers.length = 0;
    resetEverySecondRequest = false;
    await expect(rawRequest(`${origin}/always-dropped`, { method: 'POST', ca: tls.ca.cert, body: '{}' })).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(answers.flat().filter((answer) => answer === 'dropped').length).toBeLessThanOrEqual(2);
  });
});
