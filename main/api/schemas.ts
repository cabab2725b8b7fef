/**
 * zod schemas for the Fax Service's replies. They accept unknown extra fields everywhere, treat every field the
 * spec marks "not shown" as optional (and of uncertain type), and parse list items one by one, so a single odd
 * item never sinks a whole page.
 */
import { z } from 'zod';

const idLike = z.union([z.string(), z.number()]).transform((value) => String(value));
const looseText = z.union([z.string(), z.number()]).transform((value) => String(value));

export const errorEnvelopeSchema = z.looseObject({
  error: z.looseObject({
    type: looseText.optional(),
    code: looseText.optional(),
    message: looseText.optional(),
  }),
  request_id: z.string().optional(),
});

export function singleEnvelopeSchema<T extends z.ZodType>(item: T) {
  return z.looseObject({ data: item, request_id: z.string().optional() });
}

export const listEnvelopeSchema = z.looseObject({
  data: z.looseObject({
    object: z.string().optional(),
    data: z.array(z.unknown()),
    total: z.number().int().nonnegative().optional(),
    limit: z.number().int().optional(),
    offset: z.number().int().optional(),
    has_more: z.boolean().optional(),
  }),
  request_id: z.string().optional(),
});

export const faxSchema = z.looseObject({
  id: z.number().int().nonnegative(),
  reference: looseText.optional(),
  object: z.string().optional(),
  status: looseText,
  direction: z.string().optional(),
  // E.164 per the spec; other services send an object or a list here, so the reader decides.
  to: z.unknown().optional(),
  pages: z.number().int().nonnegative().nullable().optional(),
  recipients: z.array(z.unknown()).optional(),
  created_at: z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'created_at is not a timestamp'),
});

/** The 202 of POST /faxes: an id at least; the rest is read when it is there (several recipients: not shown). */
export const sendReplySchema = z.looseObject({
  id: z.number().int().nonnegative(),
  reference: looseText.optional(),
  status: looseText.optional(),
  pages: z.number().int().nonnegative().nullable().optional(),
});

export const accountSchema = z.looseObject({});
export const contactSchema = z.looseObject({ id: idLike });
export const numberSchema = z.looseObject({ id: idLike.optional() });
export const webhookSchema = z.looseObject({ id: idLike, url: z.string().optional() });

export type FaxJson = z.infer<typeof faxSchema>;
