/** A raw HTTPS client (independent of the app's API client), for the sandbox's tests, the demo and the control plane. */
import https from 'node:https';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  json: unknown;
}

export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer | string | undefined; ca?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = https.request(url, { method: options.method ?? 'GET', headers: options.headers, ca: options.ca }, (response) => {
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
    request.on('error', reject);
    request.end(options.body);
  });
}
