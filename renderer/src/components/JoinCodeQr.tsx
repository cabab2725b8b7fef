import { useMemo } from 'react';
import QRCode from 'qrcode';
import { t } from '../i18n';

/** The QR modules of a text: true where a module is dark, row by row. */
export function qrModules(text: string): boolean[][] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, y) => Array.from({ length: modules.size }, (_, x) => Boolean(modules.get(x, y))));
}

/** A join code as a QR picture, drawn as SVG (no image data: the window's CSP allows none), with a quiet zone. */
export function JoinCodeQr({ code }: { code: string }) {
  const { size, path } = useMemo(() => {
    const modules = qrModules(code);
    const parts: string[] = [];
    modules.forEach((row, y) => row.forEach((dark, x) => dark && parts.push(`M${x + 4} ${y + 4}h1v1h-1z`)));
    return { size: modules.length + 8, path: parts.join('') };
  }, [code]);
  return (
    <svg className="join-code-qr" role="img" aria-label={t('office.joinCodeQr')} viewBox={`0 0 ${size} ${size}`} width={240} height={240} shapeRendering="crispEdges" data-testid="join-code-qr">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
