/**
 * Main in a process of its own for measuring its memory: the core as node-main assembles it, driven over the
 * process's IPC channel by bench/lib/main-process.ts. Bundled with esbuild and run by plain Node, so no loader
 * (tsx) or benchmark code shares its heap.
 */
import { createNodeMain } from '../../test/harness/node-main';

export type ToMainChild =
  | { kind: 'dispatch'; id: number; name: string; request: unknown }
  | { kind: 'start' | 'dispose' | 'memory'; id: number };

export type FromMainChild =
  | { kind: 'reply'; id: number; value: unknown }
  | { kind: 'event'; name: string; payload: unknown };

const [userDataDir, baseUrl, caPath] = process.argv.slice(2);
if (userDataDir === undefined || baseUrl === undefined || caPath === undefined) throw new Error('usage: main-child <userDataDir> <baseUrl> <caPath>');
const main = createNodeMain({ userDataDir, baseUrl, caPath });
const send = (message: FromMainChild) => process.send?.(message);
main.core.rendererEvents.subscribe((name, payload) => send({ kind: 'event', name, payload }));

process.on('message', (message: ToMainChild) => {
  const answer = async (): Promise<unknown> => {
    switch (message.kind) {
      case 'dispatch':
        return main.core.dispatch(message.name, message.request);
      case 'start':
        return main.core.start();
      case 'dispose':
        return main.core.dispose();
      case 'memory':
        // What the process holds after a full collection: what stays, not garbage waiting for the collector.
        globalThis.gc?.();
        return process.memoryUsage();
    }
  };
  void answer().then((value) => send({ kind: 'reply', id: message.id, value }));
});
