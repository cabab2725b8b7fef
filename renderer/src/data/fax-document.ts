/**
 * A fax's document opened for the preview by range: main sends its size and first 64 KiB, and pdf.js asks for
 * the other parts as pages need them (the cross-reference table at the end, the page being drawn). Main decrypts
 * only those chunks of the cached file, so the first page of a 100-page, 10 MB fax is drawn after reading a few
 * hundred kilobytes, and the renderer never holds more of the document than it shows.
 */
import { PDFDataRangeTransport, type PDFDocumentProxy } from 'pdfjs-dist';
import { openDocument, PdfOpenError } from '../pdf/pdf-engine';
import { faxApi } from './ipc';
import type { FaxId } from '../../../preload/fax-id';

class FaxRangeTransport extends PDFDataRangeTransport {
  constructor(
    length: number,
    head: Uint8Array,
    private readonly faxId: FaxId,
  ) {
    super(length, head);
  }

  override requestDataRange(begin: number, end: number): void {
    void faxApi()
      .readFaxPdf({ id: this.faxId, begin, end })
      .then((result) => {
        // A failed read (locked, or the cache file gone) leaves that page undrawn; the view shows its placeholder.
        if (result.ok) this.onDataRange(begin, result.value);
      });
  }
}

export async function openFaxDocument(faxId: FaxId, purpose: 'preview' | 'print' = 'preview'): Promise<PDFDocumentProxy> {
  const opened = await faxApi().openFaxPdf({ id: faxId, purpose });
  if (!opened.ok) throw new PdfOpenError(opened.error.message);
  const { size, head } = opened.value;
  return openDocument({ range: new FaxRangeTransport(size, head, faxId), length: size });
}
