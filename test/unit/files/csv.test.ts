/**
 * CSV as the reader's spreadsheet reads it: the separator of the computer's region (semicolons where decimals take a
 * comma, as German and French Excel expect), every cell read back whole by a CSV reader whatever it holds (separators,
 * quotes, line breaks), and a cell that would start a formula defused.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvRows } from '../../../main/chart/patient-list/csv-file';
import { csvRow, spreadsheetSeparator, type CsvSeparator } from '../../../main/files/csv';

describe('CSV for spreadsheets', () => {
  it("takes the separator the region's spreadsheet reads fields apart at", () => {
    expect(spreadsheetSeparator('de-DE')).toBe(';');
    expect(spreadsheetSeparator('de-AT')).toBe(';');
    expect(spreadsheetSeparator('fr-FR')).toBe(';');
    expect(spreadsheetSeparator('en-US')).toBe(',');
    expect(spreadsheetSeparator('en-GB')).toBe(',');
    expect(spreadsheetSeparator('not a region!')).toBe(',');
  });

  it('every row reads back cell for cell with either separator, whatever the cells hold (formulas defused)', () => {
    const cell = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('Weiß; Jörg', 'a,b', '"quoted"', 'two\r\nlines', '=1+1', '-5', '@x', ''));
    fc.assert(
      fc.property(fc.constantFrom<CsvSeparator>(',', ';'), fc.array(cell, { minLength: 2, maxLength: 6 }), (separator, cells) => {
        // A first column that always holds something: a reader skips an empty row.
        const row = ['id', ...cells];
        const [read] = [...csvRows(`${csvRow(['h', ...cells.map((_, index) => `c${String(index)}`)], separator)}${csvRow(row, separator)}`, separator)].slice(1);
        const defused = row.map((value) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value));
        expect(read?.fields).toEqual(defused);
      }),
      { numRuns: 400, seed: 5_710 },
    );
  });
});
