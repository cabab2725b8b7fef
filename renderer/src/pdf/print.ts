/**
 * Printing a fax: every page is drawn to an image (blob: URLs, allowed by the CSP) in a print-only container,
 * the system print dialog opens, and the images are released afterwards. No PDF plugin, no new window.
 */
import { openPdf, renderPage } from './pdf-engine';

export async function printPdf(bytes: Uint8Array): Promise<void> {
  const document = await openPdf(bytes);
  const root = window.document.createElement('div');
  root.className = 'print-root';
  const urls: string[] = [];
  try {
    for (let index = 1; index <= document.numPages; index += 1) {
      const page = await document.getPage(index);
      const canvas = window.document.createElement('canvas');
      await renderPage(page, canvas, 2, 0).done;
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      canvas.width = 0;
      if (!blob) continue;
      const url = URL.createObjectURL(blob);
      urls.push(url);
      const image = window.document.createElement('img');
      image.src = url;
      image.alt = `Page ${index}`;
      root.appendChild(image);
    }
    window.document.body.appendChild(root);
    window.print();
  } finally {
    root.remove();
    for (const url of urls) URL.revokeObjectURL(url);
    await document.destroy();
  }
}
