/**
 * Fill & sign a received fax: the signature drawn (or typed) once and the stamp image chosen once are kept on this
 * desk in the encrypted cache; a filled copy is made from the fax's document with what was placed on it (drawn
 * into the pages) and staged encrypted, ready to be saved, faxed back to the sender or sent on. The received fax
 * itself is never changed.
 */
import { z } from 'zod';
import { signatureInkSchema } from '../../preload/contract';
import type { FillItem, SignatureInk, StagedFile, StampImage } from '../../preload/models';
import type { FaxId } from '../../preload/fax-id';
import type { Staging } from '../compose/staging';
import { AppError } from '../errors';
import type { PdfStore } from '../pdf/pdf-store';
import { fillPdf } from '../pages/fill-form';
import { checkStampImage } from '../pages/stamp-image';
import type { Cache } from '../store/cache/cache';
import { msg } from '../../preload/i18n/translator';

const signatureKey = 'saved-signature';
const stampKey = 'saved-stamp';
const keptStamp = z.object({ base64: z.string().min(1), width: z.number().int().positive(), height: z.number().int().positive() }).strict();

export interface FillSign {
  savedSignature(): SignatureInk | null;
  saveSignature(ink: SignatureInk): void;
  forgetSignature(): void;
  savedStamp(): StampImage | null;
  /** Checks the image (PNG or JPEG, size) and keeps it; refused with the specific reason. */
  saveStamp(bytes: Uint8Array): Promise<StampImage>;
  forgetStamp(): void;
  /** A filled copy of the fax, staged (the fax's own document unchanged). */
  fill(faxId: FaxId, items: readonly FillItem[]): Promise<StagedFile>;
}

export function createFillSign(deps: { pdfs: PdfStore; staging: Staging; cache: Cache; now?: () => number }): FillSign {
  const savedSignature = (): SignatureInk | null => {
    return deps.cache.kv.get(signatureKey, signatureInkSchema);
  };
  const savedStamp = (): StampImage | null => {
    const kept = deps.cache.kv.get(stampKey, keptStamp);
    return kept ? { bytes: new Uint8Array(Buffer.from(kept.base64, 'base64')), width: kept.width, height: kept.height } : null;
  };
  return {
    savedSignature,
    savedStamp,
    async saveStamp(bytes) {
      const size = await checkStampImage(bytes);
      deps.cache.kv.set(stampKey, { base64: Buffer.from(bytes).toString('base64'), ...size });
      return { bytes, ...size };
    },
    forgetStamp: () => deps.cache.kv.delete(stampKey),
    saveSignature: (ink) => deps.cache.kv.set(signatureKey, signatureInkSchema.parse(ink)),
    forgetSignature: () => deps.cache.kv.delete(signatureKey),
    async fill(faxId, items) {
      const detail = deps.cache.faxes.detail(faxId);
      if (!detail) throw new AppError('not_found', msg('pageWork.faxNotFound'));
      if (items.length === 0) throw new AppError('invalid_input', msg('fillSign.nothingPlaced'), { code: 'fill_empty' });
      const kept = {
        signature: items.some((item) => item.kind === 'signature') ? savedSignature() : null,
        stamp: items.some((item) => item.kind === 'stamp') ? (savedStamp()?.bytes ?? null) : null,
      };
      const filled = await fillPdf(await deps.pdfs.bytes(faxId), items, kept);
      const staged = await deps.staging.stageBytes(filled.bytes, { name: `${detail.reference}-signed.pdf`.replace(/[^\w.-]/g, '_'), kind: 'pdf', pages: filled.pages, pagesEstimated: false });
      deps.cache.audit.record('fill_sign', { faxId });
      return staged;
    },
  };
}
