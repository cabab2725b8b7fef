/**
 * One filing: the fax's PDF into the chart, by the target the office chose — a FHIR DocumentReference (created on
 * the fax's identifier: asked again, the EHR answers with the one it has), an HL7 MDM over MLLP (its control id
 * named in the journal before it goes out, the same when sent again), or a file in a folder (written beside its
 * name, then renamed). Every failure comes back as what the job does next: try again (when), or give it back to a
 * person with the EHR's own words.
 */
import path from 'node:path';
import { classifyFailure } from '../api/failure-class';
import { FaxApiError } from '../api/api-error';
import { msg, verbatim, type Message } from '../../preload/i18n/translator';
import type { FhirClient } from '../ehr/fhir-client';
import { mdmT02 } from '../ehr/hl7-mdm';
import { MllpError, sendMllp, type MllpAddress } from '../ehr/mllp-client';
import { writeThroughPart } from '../runtime/part-file';
import type { FilingRow } from '../store/cache/chart-filing-repository';
import { documentReferenceOf, faxIdentifierSystem } from './document-reference';

export interface FilingContext {
  faxService: string;
  pdf: () => Promise<Uint8Array>;
  receivedAt: string;
  sender: string | null;
  pages: number;
  fhir: () => FhirClient;
  mllp: () => { address: MllpAddress; receivingApplication: string; receivingFacility: string; sendingFacility: string };
  folder: () => string;
  /** Names the remote id in the journal before the filing goes out. */
  reserve: (remoteId: string) => void;
}

export type FilingOutcome = { filed: string } | { retry: Message; afterMs: number | null } | { refused: Message };

/** The fax's identifier value: its id, or with the filing's generation once an earlier filing was taken back. */
export function filingIdentifier(row: Pick<FilingRow, 'faxId' | 'generation'>): string {
  return row.generation === 0 ? row.faxId : `${row.faxId}/${String(row.generation)}`;
}

function outcomeOfHttps(error: FaxApiError): FilingOutcome {
  const kind = classifyFailure(error, { write: true });
  const words = error.failure.kind === 'http' && error.failure.message ? verbatim(error.failure.message) : null;
  if (kind === 'definitive') {
    if (error.failure.kind === 'http') return { refused: words ? msg('chart.theEhrRefusedSaying', { status: error.failure.status, words: error.failure.message ?? '' }) : msg('chart.theEhrRefused', { status: error.failure.status }) };
    return { refused: msg('chart.theEhrCouldNotBe') };
  }
  const afterMs = error.failure.kind === 'http' ? error.failure.retryAfterMs : null;
  return { retry: kind === 'offline' ? msg('chart.theEhrCannotBeReached') : msg('chart.theEhrDidNotAnswer'), afterMs };
}

export async function fileToChart(row: FilingRow, context: FilingContext): Promise<FilingOutcome> {
  const { patient, documentType, target } = row;
  if (!patient || !documentType || !target) return { refused: msg('chart.nothingToFile') };
  try {
    if (target === 'fhir') {
      const client = context.fhir();
      const system = faxIdentifierSystem(context.faxService);
      const value = filingIdentifier(row);
      const resource = documentReferenceOf({ faxService: context.faxService, faxId: value, patientId: patient.id, type: documentType, receivedAt: context.receivedAt, sender: context.sender, pages: context.pages, pdf: await context.pdf() });
      const created = await client.createOnce(resource, `identifier=${encodeURIComponent(system)}|${encodeURIComponent(value)}`);
      return { filed: created.id };
    }
    if (target === 'mllp') {
      const mllp = context.mllp();
      const controlId = `FX${filingIdentifier(row).replace(/[^A-Za-z0-9]/g, '-')}`.slice(0, 50);
      context.reserve(controlId);
      const [family, given] = patient.name.split(', ');
      await sendMllp(
        mllp.address,
        mdmT02({
          controlId,
          sendingApplication: 'FAXDESKTOP',
          sendingFacility: mllp.sendingFacility,
          receivingApplication: mllp.receivingApplication,
          receivingFacility: mllp.receivingFacility,
          at: new Date(context.receivedAt),
          patient: { mrn: patient.mrn, assigningAuthority: null, family: family ?? patient.name, given: given ?? '', birthDate: patient.birthDate },
          type: documentType,
          pdf: await context.pdf(),
        }),
        controlId,
      );
      return { filed: controlId };
    }
    const name = `${patient.name.replace(/[\\/:*?"<>|]/g, ' ').trim()} ${patient.birthDate ?? ''} ${documentType.display} ${row.faxId}.pdf`.replace(/\s+/g, ' ');
    const file = path.join(context.folder(), name);
    context.reserve(file);
    const pdf = await context.pdf();
    await writeThroughPart(file, async (out) => {
      await new Promise<void>((resolve, reject) => out.write(pdf, (error) => (error ? reject(error) : resolve())));
    });
    return { filed: file };
  } catch (error) {
    if (error instanceof FaxApiError) return outcomeOfHttps(error);
    if (error instanceof MllpError) {
      const { failure } = error;
      if (failure.kind === 'refused' && failure.acknowledgement.code !== 'AE' && failure.acknowledgement.code !== 'CE') return { refused: failure.acknowledgement.text ? msg('chart.theEhrRefusedTheMessage', { words: failure.acknowledgement.text }) : msg('chart.theEhrRefusedTheMessageNoWords') };
      return { retry: failure.kind === 'unreachable' ? msg('chart.theEhrCannotBeReached') : msg('chart.theEhrDidNotAnswer'), afterMs: null };
    }
    return { retry: msg('chart.theFaxCouldNotBeFiled'), afterMs: null };
  }
}
