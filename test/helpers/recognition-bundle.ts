/**
 * The recognition process for the tests as the app's build makes it: main/ocr/recognition-process.ts bundled from
 * the current source (tesseract.js, pdf.js and the native packages outside, as in scripts/build-electron.ts), started
 * by plain `node`. Through tsx each start compiled the process's TypeScript first: ~1.7 CPU-s more a start.
 * `networkCut`: the process loads test/helpers/no-network.ts (bundled too) before anything else.
 */
import { forkRecognitionChild, type StartRecognitionChild } from '../../main/ocr/recognizer';
import { mainProcessExternals } from '../../scripts/bundle-externals';
import { bundleForNode } from './node-bundle';

let bundles: Promise<{ recognition: string; noNetwork: string }> | null = null;

export function recognitionBundles(): Promise<{ recognition: string; noNetwork: string }> {
  bundles ??= Promise.all([
    bundleForNode('main/ocr/recognition-process.ts', 'recognition-process', mainProcessExternals),
    bundleForNode('test/helpers/no-network.ts', 'no-network', []),
  ]).then(([recognition, noNetwork]) => ({ recognition, noNetwork }));
  return bundles;
}

/** Node's arguments for the recognition process with the network cut. */
export const networkCutArgs = (noNetwork: string): string[] => ['--require', noNetwork];

export async function bundledRecognitionStart(options: { networkCut?: boolean } = {}): Promise<StartRecognitionChild> {
  const { recognition, noNetwork } = await recognitionBundles();
  return forkRecognitionChild(recognition, options.networkCut ? networkCutArgs(noNetwork) : []);
}
