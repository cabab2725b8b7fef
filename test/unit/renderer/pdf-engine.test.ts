// The preview's pdf.js settings for untrusted documents, checked where they are passed to pdf.js.
import fs from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const getDocument = vi.fn();
vi.mock('pdfjs-dist', () => ({
  AnnotationMode: { DISABLE: 0, ENABLE: 1, ENABLE_FORMS: 2, ENABLE_STORAGE: 3 },
  GlobalWorkerOptions: { workerSrc: '' },
  getDocument,
  PDFWorker: class {
    destroyed = false;
  },
  version: '0.0.0-mock',
}));
vi.mock('pdfjs-dist/build/pdf.worker.min.mjs?url', () => ({ default: '/assets/pdf.worker.min.mjs' }));

const { openPdf, PdfOpenError, safeDocumentOptions } = await import('../../../renderer/src/pdf/pdf-engine');

function versionAtLeast(version: string, minimum: string): boolean {
  const parts = (text: string) => text.split('.').map((part) => Number.parseInt(part, 10));
  const [a, b] = [parts(version), parts(minimum)];
  for (let index = 0; index < 3; index += 1) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return true;
}

beforeEach(() => {
  getDocument.mockReset();
});

describe('pdf.js for untrusted documents', () => {
  it('the installed pdfjs-dist is at least 4.2.67 (the CVE-2024-4367 fix)', () => {
    const { version } = JSON.parse(fs.readFileSync('node_modules/pdfjs-dist/package.json', 'utf8')) as { version: string };
    expect(versionAtLeast(version, '4.2.67')).toBe(true);
    expect(versionAtLeast('4.2.66', '4.2.67')).toBe(false);
  });

  it('opens bytes (a copy, never a URL) with eval off, XFA off, and no scripting', async () => {
    getDocument.mockReturnValue({ promise: Promise.resolve({ numPages: 1 }) });
    const bytes = new Uint8Array([37, 80, 68, 70]);
    await openPdf(bytes);
    const params = getDocument.mock.calls[0]?.[0] as Record<string, unknown>;
    expect(params).toMatchObject({ isEvalSupported: false, enableXfa: false });
    expect(params).not.toHaveProperty('url');
    // One shared worker for every document.
    await openPdf(bytes);
    expect((getDocument.mock.calls[1]?.[0] as Record<string, unknown>).worker).toBe(params.worker);
    expect(params).not.toHaveProperty('enableScripting');
    expect(params.data).toEqual(bytes);
    expect(params.data).not.toBe(bytes);
    expect(safeDocumentOptions.isEvalSupported).toBe(false);
    // Resources come from the app's own files only.
    for (const key of ['standardFontDataUrl', 'cMapUrl', 'wasmUrl', 'iccUrl'] as const) expect(safeDocumentOptions[key]).toMatch(/^\/pdfjs\//);
  });

  it('a password-protected or unreadable file gets a clear message', async () => {
    getDocument.mockReturnValueOnce({ promise: Promise.reject(Object.assign(new Error('x'), { name: 'PasswordException' })) });
    await expect(openPdf(new Uint8Array(1))).rejects.toEqual(new PdfOpenError('This PDF is password-protected and cannot be shown.'));
    getDocument.mockReturnValueOnce({ promise: Promise.reject(Object.assign(new Error('x'), { name: 'InvalidPDFException' })) });
    await expect(openPdf(new Uint8Array(1))).rejects.toEqual(new PdfOpenError('This file is not a readable PDF.'));
  });

  it("the renderer imports only pdf.js's core and worker: never its scripting sandbox or viewer layers", () => {
    const files = fs.readdirSync('renderer/src', { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file));
    const imports = files.flatMap((file) => [...fs.readFileSync(`renderer/src/${file}`, 'utf8').matchAll(/from '(pdfjs-dist[^']*)'/g)].map((match) => match[1]));
    expect(new Set(imports)).toEqual(new Set(['pdfjs-dist', 'pdfjs-dist/build/pdf.worker.min.mjs?url']));
    expect(files.map((file) => fs.readFileSync(`renderer/src/${file}`, 'utf8')).join('\n')).not.toMatch(/enableScripting|AnnotationLayer|pdf\.sandbox/);
  });
});
