/**
 * What the main-process bundles leave to Node's require: electron, the native modules, and packages that find their
 * own files beside them (tesseract.js its worker script and WebAssembly, pdf.js its ES module and fonts). The build
 * (scripts/build-electron.ts) and the tests that bundle the recognition process the same way read it here.
 */
export const mainProcessExternals: readonly string[] = ['electron', 'keytar', 'better-sqlite3-multiple-ciphers', 'pdfjs-dist', '@napi-rs/canvas', 'tesseract.js'];
