/** A raw HTTPS client (independent of the app's API client), for the sandbox's tests, the demo and the control plane. */
import https from 'node:https';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  json: unknown;
}

type RequestOptions = { method?: string; headers?: Record<string, string>; body?: Buffer | string | undefined; ca?: string };

/**
 * One request. A kept-alive connection the server closed as the request went out (Node's agent and the server
 * both drop an idle connection after 5 s: under load the two meet) ends in ECONNRESET before the server read
 * anything; that one request is sent again, once, on a connection of its own (Node's documented remedy).
 */
export function rawRequest(url: string, options: RequestOptions = {}): Promise<RawResponse> {
  return requestOnce(url, options, undefined).catch((error: unknown) => {
    if (error instanceof ReusedConnectionReset) return requestOnce(url, options, false);
    throw error;
  });
}

class ReusedConnectionReset extends Error {}

function requestOnce(url: string, options: RequestOptions, agent: false | undefined): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = https.request(url, { method: options.method ?? 'GET', headers: options.headers, ca: options.ca, ...(agent === false ? { agent } : {}) }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        let json: unknown = null;
        try {
          json = JSON.parse(body.toString('utf8'));
        } catch {
          json = null;
        }
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body, json });
      });
      response.on('error', reject);
    });
    request.on('error', (error: NodeJS.ErrnoException) => reject(request.reusedSocket && error.code === 'ECONNRESET' ? new ReusedConnectionReset(error.message) : error));
    request.end(options.body);
  });
}
