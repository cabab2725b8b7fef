/** The recognition process as an Electron utility process (the app's fuses forbid running Electron as Node). */
import { utilityProcess } from 'electron';
import { recognitionProcessEnv } from '../ocr/recognition-allocator';
import type { RecognitionReply } from '../ocr/recognition-protocol';
import type { StartRecognitionChild } from '../ocr/recognizer';

export function utilityRecognitionChild(script: string): StartRecognitionChild {
  return () => {
    const child = utilityProcess.fork(script, [], { serviceName: 'Fax Desktop text recognition', stdio: 'ignore', env: recognitionProcessEnv() });
    return {
      post: (message) => child.postMessage(message),
      onMessage: (handler) => void child.on('message', (message: unknown) => handler(message as RecognitionReply)),
      onExit: (handler) => void child.on('exit', handler),
      kill: () => void child.kill(),
    };
  };
}
