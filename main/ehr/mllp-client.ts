/**
 * HL7 v2 over MLLP: one message framed as <VT> message <FS><CR> on a TCP connection (TLS where the EHR offers it),
 * then its acknowledgement read back the same way. A connection refused, dropped, or silent past the wait is a
 * failure of its own kind, so the filing job can tell "not delivered" from "maybe delivered" (an acknowledgement
 * lost after the message went out: sent again with the same control id).
 */
import net from 'node:net';
import tls from 'node:tls';
import { readAcknowledgement, type Acknowledgement } from './hl7-mdm';
import { createOneTimer } from '../runtime/one-timer';
import { realTimers, type Timers } from '../runtime/timers';

const startBlock = 0x0b;
const endBlock = 0x1c;
const carriageReturn = 0x0d;

export interface MllpAddress {
  host: string;
  port: number;
  /** PEM of the CA for MLLP over TLS; null: plain TCP (inside the office's network or a VPN). */
  tlsCa: string | null;
}

export type MllpFailure =
  /** Nothing went out: the connection was never made. */
  | { kind: 'unreachable'; code: string }
  /** The message may have arrived: the connection broke or no acknowledgement came in time. */
  | { kind: 'no-acknowledgement'; detail: string }
  /** The receiver answered, and not with an acceptance. */
  | { kind: 'refused'; acknowledgement: Acknowledgement }
  | { kind: 'unreadable'; detail: string };

export class MllpError extends Error {
  override readonly name = 'MllpError';
  constructor(readonly failure: MllpFailure) {
    super(`MLLP ${failure.kind}`);
  }
}

export function frame(message: string): Buffer {
  return Buffer.concat([Buffer.from([startBlock]), Buffer.from(message, 'utf8'), Buffer.from([endBlock, carriageReturn])]);
}

/** Sends one message and resolves with its acknowledgement (AA/CA), or rejects with an MllpError. */
export function sendMllp(address: MllpAddress, message: string, controlId: string, options: { ackWaitMs?: number; connectWaitMs?: number; timers?: Timers } = {}): Promise<Acknowledgement> {
  const ackWaitMs = options.ackWaitMs ?? 30_000;
  return new Promise((resolve, reject) => {
    let connected = false;
    let settled = false;
    let received = Buffer.alloc(0);
    const timer = createOneTimer(options.timers ?? realTimers);
    const socket: net.Socket = address.tlsCa === null
      ? net.connect({ host: address.host, port: address.port })
      : tls.connect({ host: address.host, port: address.port, ca: [...tls.rootCertificates, address.tlsCa], servername: net.isIP(address.host) ? '' : address.host });
    const finish = (outcome: { ack: Acknowledgement } | { failure: MllpFailure }): void => {
      if (settled) return;
      settled = true;
      timer.cancel();
      socket.destroy();
      if ('ack' in outcome) resolve(outcome.ack);
      else reject(new MllpError(outcome.failure));
    };
    timer.after(options.connectWaitMs ?? 10_000, () => finish({ failure: { kind: 'unreachable', code: 'ETIMEDOUT' } }));
    socket.once(address.tlsCa === null ? 'connect' : 'secureConnect', () => {
      connected = true;
      timer.after(ackWaitMs, () => finish({ failure: { kind: 'no-acknowledgement', detail: 'timed out' } }));
      socket.write(frame(message));
    });
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.length > 1024 * 1024) return finish({ failure: { kind: 'unreadable', detail: 'the acknowledgement is too long' } });
      const start = received.indexOf(startBlock);
      const end = received.indexOf(endBlock, start + 1);
      if (start < 0 || end < 0) return;
      const ack = readAcknowledgement(received.subarray(start + 1, end).toString('utf8'));
      if (!ack) return finish({ failure: { kind: 'unreadable', detail: 'not an HL7 acknowledgement' } });
      if (ack.controlId !== controlId) return finish({ failure: { kind: 'unreadable', detail: 'the acknowledgement answers another message' } });
      if (ack.code === 'AA' || ack.code === 'CA') return finish({ ack });
      finish({ failure: { kind: 'refused', acknowledgement: ack } });
    });
    socket.on('error', (error: NodeJS.ErrnoException) => finish({ failure: connected ? { kind: 'no-acknowledgement', detail: error.code ?? 'error' } : { kind: 'unreachable', code: error.code ?? 'error' } }));
    socket.on('close', () => finish({ failure: connected ? { kind: 'no-acknowledgement', detail: 'closed' } : { kind: 'unreachable', code: 'closed' } }));
  });
}
