/**
 * CSV for spreadsheets, safe against formula injection (a cell starting with = + - @ is prefixed with '), with the
 * separator the reader's spreadsheet expects: where the computer's region writes decimals with a comma (Germany,
 * France, …) Excel reads fields apart at semicolons, and a comma-separated file opens in one column.
 */
export type CsvSeparator = ',' | ';';

export function csvCell(value: string | number | null | undefined, separator: CsvSeparator = ','): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\n\r]/.test(text) || text.includes(separator) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: ReadonlyArray<string | number | null | undefined>, separator: CsvSeparator = ','): string {
  return `${values.map((value) => csvCell(value, separator)).join(separator)}\r\n`;
}

/** The separator a spreadsheet in this region (a BCP 47 tag, e.g. the computer's "de-DE") reads fields apart at. */
export function spreadsheetSeparator(region: string): CsvSeparator {
  try {
    const decimal = new Intl.NumberFormat(region).formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
    return decimal === ',' ? ';' : ',';
  } catch {
    return ',';
  }
}
