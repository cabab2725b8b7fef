/**
 * zod schemas for the Fax Service's replies. They accept unknown extra fields everywhere, treat every field the
 * spec marks "not shown" as optional (and of uncertain type), and parse list items one by one, so a single odd
 * item never sinks a whole page.
 */
import { z } from 'zod';
import { isFaxId, type FaxId } from '../../preload/fax-id';
import { ExactInteger } from './exact-json';

/** A number the service sent, written as it sent it (an id of any size keeps every digit). */
const digitsOf = (value: string | number | ExactInteger): string => (value instanceof ExactInteger ? value.digits : String(value));
const idLike = z.union([z.string(), z.number(), z.instanceof(ExactInteger)]).transform(digitsOf);
const looseText = z.union([z.string(), z.number(), z.instanceof(ExactInteger)]).transform(digitsOf);

/**
 * A fax id: an integer of any size (its exact digits), or the same written as a string of digits. A number that
 * is not an exact non-negative integer is not an id.
 */
export const faxIdJson = z.union([z.number(), z.string(), z.instanceof(ExactInteger)]).transform((value, context): FaxId => {
  const id = value instanceof ExactInteger ? value.digits : typeof value === 'number' ? (Number.isSafeInteger(value) && value >= 0 ? String(value) : '') : value.trim();
  if (!isFaxId(id)) {
    context.addIssue({ code: 'custom', message: 'not a fax id' });
    return z.NEVER;
  }
  return id;
});

/** A count (pages, totals): a non-negative integer a double holds; anything else reads as not given. */
const countOrNothing = z.number().int().nonnegative().optional().catch(undefined);

export const errorEnvelopeSchema = z.looseObject({
  error: z.looseObject({
    type: looseText.optional(),
    code: looseText.optional(),
    message: looseText.optional(),
  }),
  request_id: z.string().optional().catch(undefined),
});

export function singleEnvelopeSchema<T extends z.ZodType>(item: T) {
  return z.looseObject({ data: item, request_id: z.string().optional().catch(undefined) });
}

export const listEnvelopeSchema = z.looseObject({
  data: z.looseObject({
    object: z.string().optional(),
    data: z.array(z.unknown()),
    total: countOrNothing,
    limit: countOrNothing,
    offset: countOrNothing,
    has_more: z.boolean().optional().catch(undefined),
  }),
  request_id: z.string().optional().catch(undefined),
});

export const faxSchema = z.looseObject({
  id: faxIdJson,
  reference: looseText.optional().catch(undefined),
  object: z.string().optional(),
  status: looseText,
  direction: z.string().optional(),
  // E.164 per the spec; other services send an object or a list here, so the reader decides.
  to: z.unknown().optional(),
  pages: z.number().int().nonnegative().nullable().optional().catch(null),
  recipients: z.array(z.unknown()).optional().catch(undefined),
  created_at: z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'created_at is not a timestamp'),
});

/** The 202 of POST /faxes: an id at least; the rest is read when it is there (several recipients: not shown). */
export const sendReplySchema = z.looseObject({
  id: faxIdJson,
  reference: looseText.optional(),
  status: looseText.optional(),
  pages: z.number().int().nonnegative().nullable().optional().catch(null),
});

export const accountSchema = z.looseObject({});
export const contactSchema = z.looseObject({ id: idLike });
export const numberSchema = z.looseObject({ id: idLike.optional() });
export const webhookSchema = z.looseObject({ id: idLike, url: z.string().optional() });

export type FaxJson = z.infer<typeof faxSchema>;
