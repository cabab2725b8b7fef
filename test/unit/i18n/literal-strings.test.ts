import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findLiteralStrings } from '../../../scripts/i18n/find-literal-strings';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('user-facing words come from the message catalogue', () => {
  it('finds no literal words in the renderer', () => {
    const found = sourceFiles('renderer/src').flatMap((file) => findLiteralStrings(file));
    expect(found.map((literal) => `${literal.file}:${String(literal.line)} “${literal.text}”`)).toEqual([]);
  });

  it('catches JSX text, text attributes, words in conditions and sentences, and leaves code alone', () => {
    const source = `
      import { t } from './i18n';
      const kinds = { a: 'ok' };
      const frozen = t('app.close');
      export function View({ n, busy }: { n: number; busy: boolean }) {
        if (kinds.a === 'Some Value') document.querySelector('button, [href]');
        const why = 'This file is damaged.';
        return (
          <div className="card chip-warning" data-testid="view" title="Close the dialog">
            Send fax
            <span aria-label={\`Page \${n}\`}>{busy ? 'Sending…' : t('compose.sendFax')}</span>
            <p>{n === 1 ? 'page' : 'pages'}{why}</p>
          </div>
        );
      }`;
    const found = findLiteralStrings('fixture.tsx', source).map((literal) => literal.text);
    expect(found).toEqual(["t('app.close') (at module level)", 'This file is damaged.', 'Close the dialog', 'Send fax', 'Page', 'Sending…', 'page', 'pages']);
  });
});
