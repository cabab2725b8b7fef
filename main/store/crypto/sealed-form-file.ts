import type { FormFile } from '../../api/multipart-body';
import type { StagedFileKind } from '../../../preload/models';
import { contentTypes, extensions } from '../../files/file-kind';
import { SealedReader } from './sealed-file';

/** A FormFile that reads a sealed (encrypted) copy and decrypts it as it goes out. */
export function sealedFormFile(filePath: string, index: number, file: { kind: StagedFileKind; size: number }, key: Buffer): FormFile {
  return {
    name: 'files',
    // The user's own file name never leaves the machine: the service gets a neutral one.
    filename: `document-${index + 1}.${extensions[file.kind]}`,
    contentType: contentTypes[file.kind],
    size: file.size,
    async open() {
      const reader = await SealedReader.open(filePath, key);
      if (reader.plainSize !== file.size) {
        await reader.close();
        throw new Error('file changed during upload');
      }
      let index = 0;
      return {
        async next() {
          if (index >= reader.chunks) return Buffer.alloc(0);
          const chunk = await reader.chunk(index);
          index += 1;
          return chunk;
        },
        async finish() {
          await reader.close();
          if (index !== reader.chunks) throw new Error('file changed during upload');
        },
        close: () => reader.close().catch(() => undefined),
      };
    },
  };
}
