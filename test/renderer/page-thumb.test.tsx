// A thumbnail is a button named "Page N" that shows the number N. Until its page is drawn (out of view, waiting for
// the page in view, or not drawable) the placeholder's words sit inside it too: they must not become part of what
// is read, or the visible words and the name disagree (axe: label-content-name-mismatch), and "Page 3" is read twice.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { afterEach, describe, expect, it } from 'vitest';
import { PageThumb } from '../../renderer/src/pdf/PageThumb';
import { installFakeFax } from './fake-fax';

afterEach(cleanup);

type PageSource = Pick<PDFDocumentProxy, 'getPage'>;
const neverDrawn: PageSource = { getPage: () => new Promise<PDFPageProxy>(() => undefined) };
const notDrawable: PageSource = { getPage: () => Promise.reject(new Error('bad page')) };

/** The words a sighted user sees in the node, without those hidden from assistive technology. */
function spokenText(node: Node): string {
  if (node instanceof Element && node.getAttribute('aria-hidden') === 'true') return '';
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  return Array.from(node.childNodes, spokenText).join(' ');
}

function showThumb(document: PageSource, index: number, renderPage: boolean) {
  render(<PageThumb document={document} index={index} current={false} scale={0.2} rotation={0} size={{ width: 612, height: 792 }} render={renderPage} observe={() => undefined} onPick={() => undefined} />);
  return screen.getByRole('button', { name: `Page ${String(index + 1)}` });
}

describe('a page thumbnail before its page is drawn', () => {
  it('waiting to be drawn: the placeholder is shown but its words are not read — only the number, which the name contains', () => {
    installFakeFax({});
    const thumb = showThumb(neverDrawn, 2, true);
    expect(thumb.textContent).toContain('Page 3');
    expect(spokenText(thumb).trim()).toBe('3');
  });

  it('out of view (not drawn at all): the same', () => {
    installFakeFax({});
    const thumb = showThumb(neverDrawn, 0, false);
    expect(spokenText(thumb).trim()).toBe('1');
  });

  it('a page that cannot be drawn says so on screen, but the button is still read as its page', async () => {
    installFakeFax({});
    const thumb = showThumb(notDrawable, 4, true);
    await waitFor(() => expect(thumb.textContent).toContain('This page could not be drawn'));
    expect(spokenText(thumb).trim()).toBe('5');
  });
});
