// While a fax's document loads, the preview says so to a screen reader as a status with its name ("Loading the
// document"): a name on a plain box is not allowed (axe: aria-prohibited-attr) and would not be read.
import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PdfViewer } from '../../renderer/src/pdf/PdfViewer';
import { installFakeFax } from './fake-fax';

afterEach(cleanup);

// jsdom has no IntersectionObserver or ResizeObserver (the viewer draws only the pages in view, at the width it
// has): ones that never report, for this file only — the renderer files share their jsdom.
class QuietObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
beforeAll(() => {
  for (const name of ['IntersectionObserver', 'ResizeObserver']) Object.defineProperty(globalThis, name, { value: QuietObserver, configurable: true, writable: true });
});
afterAll(() => {
  for (const name of ['IntersectionObserver', 'ResizeObserver']) Reflect.deleteProperty(globalThis, name);
});

describe('the preview while its document loads', () => {
  it('is a status named "Loading the document"', () => {
    installFakeFax({ openFaxPdf: () => new Promise(() => undefined) });
    render(<PdfViewer source={{ faxId: '7' }} label="Fax 7" />);
    expect(screen.getByRole('status', { name: 'Loading the document' }).classList.contains('skeleton')).toBe(true);
  });
});
