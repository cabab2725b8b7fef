/**
 * One configured way to reach the Fax Service: base URL, trusted CAs, the rate budget and the client. A new
 * session is built when the address or CA changes; the key itself is read through a getter and never stored here.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { AppError } from '../errors';
import { createFaxClient, type FaxClient } from '../api/fax-client';
import { createTransport, type Transport } from '../api/https-transport';
import { createRateBudget, type RateBudget } from '../api/rate-budget';
import type { Logger } from '../log/logger';
import { msg } from '../../preload/i18n/translator';

export interface ApiSession {
  client: FaxClient;
  budget: RateBudget;
  close(): void;
}

export interface SessionOptions {
  baseUrl: string;
  extraCaPath: string | null;
  apiKey: () => Promise<string>;
  onUnauthorized: (requestId: string | null) => void;
  onReachable?: () => void;
  log: Logger;
  userAgent: string;
  now?: () => number;
  sleep?: (milliseconds: number, signal?: AbortSignal) => Promise<void>;
  /** How often uploads report progress (the SIGKILL tests make it finer to keep their points with small files). */
  progressStepBytes?: number;
}

/** Reads and checks an extra CA certificate (PEM). */
export function loadExtraCa(caPath: string | null): string | null {
  if (caPath === null) return null;
  let pem: string;
  try {
    pem = fs.readFileSync(caPath, 'utf8');
  } catch {
    throw new AppError('invalid_input', msg('apiSession.theCaCertificateFile'));
  }
  try {
    new crypto.X509Certificate(pem);
  } catch {
    throw new AppError('invalid_input', msg('apiSession.theCaCertificateFile2'));
  }
  return pem;
}

export function openApiSession(options: SessionOptions): ApiSession {
  const transport: Transport = createTransport({
    baseUrl: options.baseUrl,
    extraCa: loadExtraCa(options.extraCaPath),
    userAgent: options.userAgent,
    ...(options.progressStepBytes !== undefined ? { progressStepBytes: options.progressStepBytes } : {}),
  });
  const budget = createRateBudget(options.now ? { now: options.now } : {});
  const client = createFaxClient({
    transport,
    budget,
    apiKey: options.apiKey,
    log: options.log,
    onUnauthorized: options.onUnauthorized,
    ...(options.onReachable ? { onReachable: options.onReachable } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });
  return {
    client,
    budget,
    close() {
      budget.dispose();
      transport.close();
    },
  };
}
