/**
 * The one-page "Fax transmission report" as a PDF (pdf-lib): what was sent, when (with the time zone), to whom
 * with each recipient's result and reason, the request id, and the first page as the recipient's machine prints
 * it. Pure: the data in, the bytes out.
 */
import type { PDFFont, PDFPage } from '@cantoo/pdf-lib';
import { pdfLibrary } from '../pages/pdf-library';
import { displayNumber } from '../../preload/fax-number';
import type { FaxDetail } from '../../preload/models';

export interface ReportInput {
  fax: FaxDetail;
  /** The request id of the send (POST /faxes), or of the latest reply about the fax. */
  requestId: string | null;
  generatedAtMs: number;
  /** IANA time zone the times are written in (the computer's). */
  timeZone: string;
  /** The first page at fax resolution, reduced, as PNG; or why there is none. */
  firstPage: { png: Uint8Array; width: number; height: number } | { missing: string };
}

const resultWords: Record<string, string> = { queued: 'Queued', converting: 'Converting', sending: 'Sending', delivered: 'Delivered', failed: 'Failed', partial: 'Partly delivered' };

export function resultWord(status: string): string {
  return resultWords[status] ?? status;
}

/** "November 23, 2026, 5:32:16 AM UTC (2026-11-23T05:32:16+00:00)": readable, and exact with its offset. */
export function zonedTime(epochMs: number, timeZone: string): string {
  const readable = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'long', timeZone }).format(epochMs);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'longOffset' })
      .formatToParts(epochMs)
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  const offset = (parts.timeZoneName ?? 'GMT').replace('GMT', '') || '+00:00';
  return `${readable} (${parts.year ?? ''}-${parts.month ?? ''}-${parts.day ?? ''}T${parts.hour ?? ''}:${parts.minute ?? ''}:${parts.second ?? ''}${offset})`;
}

/** Text the standard font can draw: anything else becomes "?" (names may be in any script). */
function drawable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return Array.from(text)
    .map((character) => (known.has(character.codePointAt(0) ?? 0) ? character : '?'))
    .join('');
}

/** Splits text into lines no wider than `width`. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export async function buildReportPdf(input: ReportInput): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await pdfLibrary();
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Fax transmission report ${input.fax.reference}`);
  pdf.setProducer('Fax Desktop');
  pdf.setCreationDate(new Date(input.generatedAtMs));
  const page: PDFPage = pdf.addPage([612, 792]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const margin = 54;
  const width = 612 - 2 * margin;
  let y = 792 - margin;

  const text = (value: string, options: { size?: number; font?: PDFFont; x?: number; color?: [number, number, number] } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    page.drawText(drawable(font, value), { x: options.x ?? margin, y, size, font, color: rgb(...(options.color ?? [0, 0, 0])) });
  };
  const field = (label: string, value: string) => {
    text(label, { font: bold });
    const lines = wrap(regular, drawable(regular, value), 10, width - 120);
    for (const [index, line] of lines.entries()) {
      if (index > 0) y -= 13;
      text(line, { x: margin + 120 });
    }
    y -= 16;
  };

  text('Fax transmission report', { size: 20, font: bold });
  y -= 30;
  const fax = input.fax;
  field('Reference', fax.reference);
  field('Fax ID', fax.id);
  field('Submitted', zonedTime(Date.parse(fax.createdAt), input.timeZone));
  field('Result', resultWord(fax.status));
  field('Pages', fax.pages === null ? 'not reported by the Fax Service' : String(fax.pages));
  if (fax.subject) field('Subject', fax.subject);
  field('Request ID', input.requestId ?? (fax.submissionId === null ? 'not recorded (not sent from this app)' : 'not recorded'));
  field('Report made', zonedTime(input.generatedAtMs, input.timeZone));

  y -= 6;
  text('Recipients', { size: 12, font: bold });
  y -= 18;
  const columns = [margin, margin + 150, margin + 290, margin + 370];
  ['Number', 'Name', 'Result', 'Reason'].forEach((heading, index) => text(heading, { font: bold, x: columns[index] ?? margin }));
  y -= 4;
  page.drawLine({ start: { x: margin, y }, end: { x: margin + width, y }, thickness: 0.5 });
  y -= 13;
  const recipients = fax.recipients.length > 0 ? fax.recipients : fax.counterpart ? [{ to: fax.counterpart, name: null, status: fax.status, error: null, reason: null }] : [];
  for (const recipient of recipients.slice(0, 20)) {
    text(displayNumber(recipient.to), { x: columns[0] ?? margin });
    text(recipient.name ?? '—', { x: columns[1] ?? margin });
    text(resultWord(recipient.status), { x: columns[2] ?? margin });
    const reasonLines = wrap(regular, drawable(regular, recipient.reason ?? recipient.error ?? '—'), 9, margin + width - (columns[3] ?? margin));
    for (const [index, line] of reasonLines.slice(0, 3).entries()) {
      if (index > 0) y -= 11;
      text(line, { x: columns[3] ?? margin, size: 9 });
    }
    y -= 15;
  }

  y -= 8;
  text('First page as the recipient’s fax machine prints it (204 × 196 dpi, black and white)', { font: bold });
  y -= 10;
  const bottom = margin;
  if ('png' in input.firstPage) {
    const image = await pdf.embedPng(input.firstPage.png);
    // The fax image is 204 × 196 dpi: its height is stretched by 204/196 to keep the page's proportions.
    const aspect = (input.firstPage.height * (204 / 196)) / input.firstPage.width;
    const available = y - bottom;
    const drawHeight = Math.min(available, 230 * aspect);
    const drawWidth = drawHeight / aspect;
    page.drawImage(image, { x: margin, y: y - drawHeight, width: drawWidth, height: drawHeight });
    page.drawRectangle({ x: margin, y: y - drawHeight, width: drawWidth, height: drawHeight, borderWidth: 0.5, borderColor: rgb(0.5, 0.5, 0.5) });
  } else {
    y -= 12;
    text(`Not shown: ${input.firstPage.missing}`, { color: [0.35, 0.35, 0.35] });
  }
  return pdf.save();
}
