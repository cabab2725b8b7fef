// jsdom has no DOMMatrix, and pdf.js makes one when it is imported: components that import the PDF engine could
// not be rendered here at all. This stand-in lets them load; no renderer test draws a page (the e2e tests do, in
// Chromium), so nothing ever calls it.
if (!('DOMMatrix' in globalThis)) {
  Object.defineProperty(globalThis, 'DOMMatrix', { value: function DOMMatrixStandIn() {}, configurable: true, writable: true });
}
