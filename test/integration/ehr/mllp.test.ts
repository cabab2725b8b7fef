// The app's MDM^T02 over MLLP against Medplum's MLLP server and HL7 library (another implementation): the document
// arrives whole and readable, an acknowledgement lost is told from a refusal, and sent again with the same control
// id it is kept once.
import { Hl7Message } from '@medplum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHl7, mdmT02, type MdmDocument } from '../../../main/ehr/hl7-mdm';
import { MllpError, sendMllp, type MllpAddress } from '../../../main/ehr/mllp-client';
import { startMllpPeer, type TestMllpPeer } from '../../ehr/mllp-peer';

let peer: TestMllpPeer;
let address: MllpAddress;
const pdf = Buffer.from('%PDF-1.4\n% a fax of two pages\n%%EOF\n');
const documentFor = (controlId: string): MdmDocument => ({
  controlId,
  sendingApplication: 'FAXDESKTOP',
  sendingFacility: 'Front Desk',
  receivingApplication: 'EHR',
  receivingFacility: 'Clinic',
  at: new Date(Date.UTC(2026, 10, 29, 10, 30, 0)),
  patient: { mrn: '4471920', assigningAuthority: 'CLINIC', family: 'Weiß', given: 'Jörg|R', birthDate: '1971-12-24' },
  type: { code: '11502-2', display: 'Laboratory report' },
  pdf,
});

const failureOf = async (promise: Promise<unknown>): Promise<MllpError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MllpError) return error;
    throw error;
  }
  throw new Error('it did not fail');
};

beforeAll(async () => {
  peer = await startMllpPeer();
  address = { host: peer.host, port: peer.port, tlsCa: null };
});
afterAll(async () => peer.close());

describe('an MDM over MLLP', () => {
  it('arrives whole: the patient, the document number and the PDF, read back by another HL7 library', async () => {
    const ack = await sendMllp(address, mdmT02(documentFor('FX-1001')), 'FX-1001');
    expect(ack).toMatchObject({ code: 'AA', controlId: 'FX-1001' });
    const kept = peer.documents.find((document) => document.controlId === 'FX-1001');
    const message = Hl7Message.parse(kept?.text ?? '');
    expect(message.header.getComponent(9, 1)).toBe('MDM');
    expect(message.header.getComponent(9, 2)).toBe('T02');
    expect(message.getSegment('PID')?.getComponent(3, 1)).toBe('4471920');
    expect(message.getSegment('PID')?.getComponent(5, 1)).toBe('Weiß');
    // The name's "|" travels escaped and comes back as written.
    expect(message.getSegment('PID')?.getField(5).toString()).toContain(escapeHl7('Jörg|R'));
    expect(message.getSegment('PID')?.getField(7).toString()).toBe('19711224');
    expect(message.getSegment('TXA')?.getField(12).toString()).toBe('FX-1001');
    const data = message.getSegment('OBX')?.getComponent(5, 5) ?? '';
    expect(Buffer.compare(Buffer.from(data, 'base64'), pdf)).toBe(0);
  });

  it('a refusal carries the receiver\'s words; an error and a rejection are told apart', async () => {
    peer.fault({ kind: 'reject', text: 'Unknown patient' });
    const rejected = await failureOf(sendMllp(address, mdmT02(documentFor('FX-1002')), 'FX-1002'));
    expect(rejected.failure).toMatchObject({ kind: 'refused', acknowledgement: { code: 'AR', text: 'Unknown patient' } });
    peer.fault({ kind: 'error', text: 'Try later' });
    expect((await failureOf(sendMllp(address, mdmT02(documentFor('FX-1003')), 'FX-1003'))).failure).toMatchObject({ kind: 'refused', acknowledgement: { code: 'AE' } });
  });

  it('no acknowledgement (silent, or the connection closed) is "maybe delivered"; sent again with its control id it is kept once', async () => {
    peer.fault({ kind: 'silent' });
    expect((await failureOf(sendMllp(address, mdmT02(documentFor('FX-1004')), 'FX-1004', { ackWaitMs: 1_500 }))).failure).toMatchObject({ kind: 'no-acknowledgement', detail: 'timed out' });
    peer.fault({ kind: 'kept-then-close' });
    expect((await failureOf(sendMllp(address, mdmT02(documentFor('FX-1005')), 'FX-1005'))).failure).toMatchObject({ kind: 'no-acknowledgement' });
    expect(await sendMllp(address, mdmT02(documentFor('FX-1005')), 'FX-1005')).toMatchObject({ code: 'AA' });
    expect(peer.documents.filter((document) => document.controlId === 'FX-1005')).toHaveLength(1);
  });

  it('a port nobody listens on is "not delivered"', async () => {
    const closed = await startMllpPeer();
    const port = closed.port;
    await closed.close();
    expect((await failureOf(sendMllp({ host: '127.0.0.1', port, tlsCa: null }, mdmT02(documentFor('FX-1006')), 'FX-1006'))).failure).toMatchObject({ kind: 'unreachable', code: 'ECONNREFUSED' });
  });
});
