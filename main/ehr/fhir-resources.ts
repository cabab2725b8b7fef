/**
 * The parts of FHIR R4 resources the app reads, checked as they arrive: what it needs must be there and be of its
 * type, anything else — extensions, fields this app does not know — is ignored. An EHR is one server among many;
 * these schemas hold only what R4 and US Core say, not what one server happens to send.
 */
import { z } from 'zod';

const humanName = z.looseObject({
  use: z.string().optional(),
  text: z.string().optional(),
  family: z.string().optional(),
  given: z.array(z.string()).optional(),
  period: z.looseObject({ end: z.string().optional() }).optional(),
});

const coding = z.looseObject({ system: z.string().optional(), code: z.string().optional(), display: z.string().optional() });

const identifier = z.looseObject({
  use: z.string().optional(),
  system: z.string().optional(),
  value: z.string().optional(),
  type: z.looseObject({ coding: z.array(coding).optional(), text: z.string().optional() }).optional(),
});

export const fhirPatient = z.looseObject({
  resourceType: z.literal('Patient'),
  id: z.string().min(1).max(64),
  active: z.boolean().optional(),
  name: z.array(humanName).optional(),
  birthDate: z.string().regex(/^\d{4}(-\d{2}(-\d{2})?)?$/).optional(),
  identifier: z.array(identifier).optional(),
  // A merged record points to the one that replaced it.
  link: z.array(z.looseObject({ type: z.string().optional(), other: z.looseObject({ reference: z.string().optional() }).optional() })).optional(),
});
export type FhirPatient = z.infer<typeof fhirPatient>;

export const operationOutcome = z.looseObject({
  resourceType: z.literal('OperationOutcome'),
  issue: z.array(z.looseObject({ severity: z.string().optional(), code: z.string().optional(), diagnostics: z.string().optional(), details: z.looseObject({ text: z.string().optional() }).optional() })).optional(),
});
export type OperationOutcome = z.infer<typeof operationOutcome>;

export const searchBundle = z.looseObject({
  resourceType: z.literal('Bundle'),
  total: z.number().int().nonnegative().optional(),
  link: z.array(z.looseObject({ relation: z.string(), url: z.string() })).optional(),
  entry: z.array(z.looseObject({ resource: z.unknown().optional(), search: z.looseObject({ mode: z.string().optional() }).optional() })).optional(),
});

export const createdResource = z.looseObject({ resourceType: z.string(), id: z.string().min(1).max(64) });

/** The OperationOutcome's own words, as the server wrote them (shown to a person when it refused something). */
export function outcomeText(outcome: OperationOutcome): string {
  return (outcome.issue ?? [])
    .filter((issue) => issue.severity === undefined || issue.severity === 'error' || issue.severity === 'fatal')
    .map((issue) => issue.details?.text ?? issue.diagnostics ?? issue.code ?? '')
    .filter((text) => text !== '')
    .join(' · ')
    .slice(0, 500);
}
