// The join code's QR picture carries the whole code: the SVG drawn in the window is read back module by module and
// decoded with a QR reader — for a short code and for one holding an office CA certificate (the longest there is).
import crypto from 'node:crypto';
import { cleanup, render } from '@testing-library/react';
import jsQR from 'jsqr';
import { afterEach, describe, expect, it } from 'vitest';
import { JoinCodeQr } from '../../renderer/src/components/JoinCodeQr';
import { encodeJoinCode } from '../../main/hub/join-code';

afterEach(cleanup);

/** Reads the drawn modules back from the SVG path and decodes them as a camera would see them (4 px a module). */
function decodeDrawn(svg: SVGSVGElement): string | null {
  const size = Number(svg.getAttribute('viewBox')?.split(' ')[2]);
  const dark = new Set((svg.querySelector('path')?.getAttribute('d') ?? '').match(/M\d+ \d+/g)?.map((move) => move.slice(1)) ?? []);
  const scale = 4;
  const width = size * scale;
  const pixels = new Uint8ClampedArray(width * width * 4);
  for (let y = 0; y < width; y++) {
    for (let x = 0; x < width; x++) {
      const value = dark.has(`${Math.floor(x / scale)} ${Math.floor(y / scale)}`) ? 0 : 255;
      pixels.set([value, value, value, 255], (y * width + x) * 4);
    }
  }
  return jsQR(pixels, width, width)?.data ?? null;
}

const address = { host: 'hub.office.example', port: 5432, database: 'front_desk', user: 'maria_lopez', ca: null, clientCertificate: null };

describe('the join code as a QR picture', () => {
  it.each([
    ['a code without a CA', null],
    ['a code holding the office CA certificate', `-----BEGIN CERTIFICATE-----\n${crypto.randomBytes(560).toString('base64').replace(/(.{64})/g, '$1\n')}\n-----END CERTIFICATE-----\n`],
  ])('%s decodes to the very code', (_, ca) => {
    const code = encodeJoinCode({ address: { ...address, ca }, password: crypto.randomBytes(24).toString('base64url'), expiresAt: Date.now() + 86_400_000 });
    const { getByTestId } = render(<JoinCodeQr code={code} />);
    const svg = getByTestId('join-code-qr') as unknown as SVGSVGElement;
    expect(svg.getAttribute('aria-label')).toBe('The join code as a QR picture');
    expect(decodeDrawn(svg)).toBe(code);
  });
});
