/** Node arguments that let a child process run a TypeScript file, whatever its working directory. */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const tsxLoaderArgs: readonly string[] = ['--import', pathToFileURL(path.resolve('node_modules/tsx/dist/loader.mjs')).href];
