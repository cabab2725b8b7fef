/**
 * The page the Electron shell prints a received fax from: each fax page as an image filling one sheet. Chromium
 * prints a PDF it opens in its viewer unreliably when silent, so the fax's own pages are drawn by the render
 * worker and printed as images, one per sheet, at the printer's paper size.
 */
export interface PrintPage {
  png: Uint8Array;
  width: number;
  height: number;
}

export function printDocumentHtml(pages: readonly PrintPage[]): string {
  const images = pages
    .map((page, index) => `<img alt="" src="data:image/png;base64,${Buffer.from(page.png).toString('base64')}" width="${String(page.width)}" height="${String(page.height)}" data-page="${String(index + 1)}">`)
    .join('');
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; style-src 'unsafe-inline'\">",
    '<style>@page { margin: 0 } html, body { margin: 0 } img { display: block; width: 100%; height: auto; page-break-after: always; break-after: page } img:last-child { page-break-after: auto; break-after: auto }</style>',
    `</head><body>${images}</body></html>`,
  ].join('');
}

/** Renders every page of the job (the first call says how many there are). */
export async function allPages(pagePng: (page: number) => Promise<PrintPage & { pageCount: number }>): Promise<PrintPage[]> {
  const first = await pagePng(1);
  const pages: PrintPage[] = [first];
  for (let page = 2; page <= first.pageCount; page += 1) pages.push(await pagePng(page));
  return pages;
}
