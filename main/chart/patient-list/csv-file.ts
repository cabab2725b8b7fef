/**
 * A patient-list export as practice-management systems write it: CSV with commas, semicolons (German Excel) or tabs,
 * quoted fields with quotes doubled and line breaks inside, in UTF-8 (with or without a byte-order mark), UTF-16 (as
 * Excel's "Unicode text" writes it) or Windows-1252 (older exports). The text is decoded as the file says, or as
 * UTF-8 when it is valid UTF-8, else as Windows-1252 — never with replacement characters standing in for letters.
 */

export type ListEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export function decodeList(bytes: Uint8Array): { text: string; encoding: ListEncoding } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

export type Delimiter = ',' | ';' | '\t' | '|';
const delimiters: readonly Delimiter[] = [',', ';', '\t', '|'];

/** The delimiter of the header line: the one that splits it most, outside quotes. */
export function delimiterOf(text: string): Delimiter {
  const counts = new Map<Delimiter, number>();
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && delimiters.includes(char as Delimiter)) counts.set(char as Delimiter, (counts.get(char as Delimiter) ?? 0) + 1);
  }
  let best: Delimiter = ',';
  for (const delimiter of delimiters) if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

/** One row of the file and the line it starts on (1: the header), as a person finds it in a spreadsheet. */
export interface CsvRow {
  line: number;
  fields: string[];
}

/**
 * The file's rows, one at a time (a list of 100,000 is read between other work). A quote left open runs to the end
 * of the file: that last row is given as it is, and the import says where it began.
 */
export function* csvRows(text: string, delimiter: Delimiter): Generator<CsvRow> {
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let index = 0;
  const length = text.length;
  while (index < length) {
    const char = text[index] ?? '';
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 2;
          continue;
        }
        quoted = false;
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
      index += 1;
      continue;
    }
    if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      fields.push(field);
      if (fields.some((value) => value !== '')) yield { line: rowLine, fields };
      fields = [];
      field = '';
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      line += 1;
      rowLine = line;
    } else field += char;
    index += 1;
  }
  fields.push(field);
  if (fields.some((value) => value !== '')) yield { line: rowLine, fields };
}
