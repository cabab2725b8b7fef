/**
 * The DocumentReference a fax becomes in the chart (US Core DocumentReference: status, type, category, subject,
 * date, author where known, content with the PDF), identified by the fax's id under its Fax Service so that a
 * retry is the same document (the conditional create), and the same document marked "entered in error" when a
 * person takes the filing back.
 */
import type { DocumentType } from './document-types';

/** The identifier system of filed faxes: the Fax Service's host (its fax ids are its own), so ids of two services never meet. */
export function faxIdentifierSystem(faxService: string): string {
  return `urn:fax-desktop:fax:${encodeURIComponent(faxService)}`;
}

export interface FiledFax {
  faxService: string;
  faxId: string;
  patientId: string;
  type: DocumentType;
  /** When the fax arrived (ISO 8601). */
  receivedAt: string;
  /** The sender as the desk knows it (a contact, the service's sender name), or null. */
  sender: string | null;
  pages: number;
  pdf: Uint8Array;
}

export function documentReferenceOf(fax: FiledFax): Record<string, unknown> & { resourceType: 'DocumentReference' } {
  return {
    resourceType: 'DocumentReference',
    identifier: [{ system: faxIdentifierSystem(fax.faxService), value: fax.faxId }],
    status: 'current',
    docStatus: 'final',
    type: { coding: [fax.type], text: fax.type.display },
    category: [{ coding: [{ system: 'http://hl7.org/fhir/us/core/CodeSystem/us-core-documentreference-category', code: 'clinical-note', display: 'Clinical Note' }] }],
    subject: { reference: `Patient/${fax.patientId}` },
    date: fax.receivedAt,
    ...(fax.sender ? { author: [{ display: fax.sender }] } : {}),
    description: `Received fax, ${String(fax.pages)} ${fax.pages === 1 ? 'page' : 'pages'}`,
    content: [{ attachment: { contentType: 'application/pdf', data: Buffer.from(fax.pdf).toString('base64'), title: `Fax ${fax.faxId}`, creation: fax.receivedAt } }],
  };
}

/** The filed document, taken back: the same resource marked "entered in error". */
export function enteredInError(document: Record<string, unknown> & { resourceType: string; id: string }): Record<string, unknown> & { resourceType: string; id: string } {
  return { ...document, status: 'entered-in-error' };
}
