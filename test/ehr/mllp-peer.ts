/**
 * An EHR's HL7 interface for the tests: Medplum's MLLP server (@medplum/hl7, another implementation than the app's)
 * that keeps each MDM it accepts — once per control id, as interface engines do with a message sent again — and
 * answers with an acknowledgement built by Medplum's HL7 library. Faults: an error or a rejection with a reason, no
 * answer at all, the connection closed after the message came (its acknowledgement lost).
 */
import type { AddressInfo } from 'node:net';
import { Hl7Server, type Hl7MessageEvent } from '@medplum/hl7';

export type MllpFault = { kind: 'error' | 'reject'; text: string } | { kind: 'silent' } | { kind: 'close' } | { kind: 'kept-then-close' };

export interface ReceivedDocument {
  controlId: string;
  /** The message as received (segments split by CR). */
  text: string;
}

export interface TestMllpPeer {
  host: string;
  port: number;
  /** Each document kept, once per control id. */
  documents: ReceivedDocument[];
  /** How many messages arrived in all (a message sent again counts again). */
  received(): number;
  fault(fault: MllpFault, times?: number): void;
  close(): Promise<void>;
}

export async function startMllpPeer(): Promise<TestMllpPeer> {
  const documents: ReceivedDocument[] = [];
  const faults: MllpFault[] = [];
  let arrivals = 0;
  const server = new Hl7Server((connection) => {
    connection.addEventListener('message', ({ message }: Hl7MessageEvent) => {
      arrivals += 1;
      const controlId = message.header.getField(10).toString();
      const fault = faults.shift();
      const keep = (): void => {
        if (!documents.some((document) => document.controlId === controlId)) documents.push({ controlId, text: message.toString() });
      };
      if (fault?.kind === 'silent') return;
      if (fault?.kind === 'close') return void connection.close();
      if (fault?.kind === 'kept-then-close') {
        keep();
        return void connection.close();
      }
      if (fault?.kind === 'error' || fault?.kind === 'reject') {
        const ack = message.buildAck({ ackCode: fault.kind === 'error' ? 'AE' : 'AR' });
        ack.getSegment('MSA')?.setField(3, fault.text);
        connection.send(ack);
        return;
      }
      keep();
      connection.send(message.buildAck({ ackCode: 'AA' }));
    });
  });
  await server.start(0);
  const address = server.server?.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port: address.port,
    documents,
    received: () => arrivals,
    fault: (fault, times = 1) => {
      for (let index = 0; index < times; index += 1) faults.push(fault);
    },
    close: () => server.stop({ forceDrainTimeoutMs: 100 }),
  };
}
