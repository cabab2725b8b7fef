// A thumbnail is a button named "Page N" that shows the number N. Until its page is drawn (out of view, waiting for
// the page in view, or not drawable) it shows a placeholder: with words of its own ("Page 3", "This page could not
// be drawn") the visible words would not be part of the name (axe: label-content-name-mismatch, WCAG 2.5.3 — which
// compares what is seen, so hiding the words from assistive technology is not enough). The only words shown are
// the number.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { afterEach, describe, expect, it } from 'vitest';
import { PageThumb } from '../../renderer/src/pdf/PageThumb';
import { installFakeFax } from './fake-fax';

afterEach(cleanup);

type PageSource = Pick<PDFDocumentProxy, 'getPage'>;
const neverDrawn: PageSource = { getPage: () => new Promise<PDFPageProxy>(() => undefined) };
const notDrawable: PageSource = { getPage: () => Promise.reject(new Error('bad page')) };

/** The words shown in the node (hidden from assistive technology or not: a sighted user sees them). */
const shownWords = (node: HTMLElement): string => node.textContent.replace(/\s+/g, ' ').trim();

function showThumb(document: PageSource, index: number, renderPage: boolean) {
  render(<PageThumb document={document} index={index} current={false} scale={0.2} rotation={0} size={{ width: 612, height: 792 }} render={renderPage} observe={() => undefined} onPick={() => undefined} />);
  return screen.getByRole('button', { name: `Page ${String(index + 1)}` });
}

describe('a page thumbnail before its page is drawn', () => {
  it('waiting to be drawn: a wordless placeholder — the only word shown is the number, which the name contains', () => {
    installFakeFax({});
    const thumb = showThumb(neverDrawn, 2, true);
    expect(shownWords(thumb)).toBe('3');
  });

  it('out of view (not drawn at all): the same', () => {
    installFakeFax({});
    const thumb = showThumb(neverDrawn, 0, false);
    expect(shownWords(thumb)).toBe('1');
  });

  it('a page that cannot be drawn shows a warning sign, no words; the button is still named and numbered as its page', async () => {
    installFakeFax({});
    const thumb = showThumb(notDrawable, 4, true);
    await waitFor(() => expect(thumb.querySelector('.page-placeholder svg')).not.toBeNull());
    expect(shownWords(thumb)).toBe('5');
  });
});
