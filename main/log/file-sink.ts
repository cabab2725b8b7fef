/** Appends log lines to a file, rotating it when it grows past a cap (one previous file kept). */
import fs from 'node:fs';
import path from 'node:path';
import type { LogSink } from './logger';

export function fileSink(filePath: string, maxBytes = 5 * 1024 * 1024): LogSink {
  fs.mkdirSync(path.dirname(filePath), { recursive: true, mode: 0o700 });
  let size = fs.existsSync(filePath) ? fs.statSync(filePath).size : 0;
  return {
    write(line) {
      const data = `${line}\n`;
      if (size + data.length > maxBytes) {
        fs.renameSync(filePath, `${filePath}.1`);
        size = 0;
      }
      fs.appendFileSync(filePath, data, { mode: 0o600 });
      size += Buffer.byteLength(data);
    },
  };
}

export const stderrSink: LogSink = { write: (line) => process.stderr.write(`${line}\n`) };
