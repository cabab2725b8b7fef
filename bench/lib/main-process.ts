/**
 * Runs main's core in a child Node process (bench/lib/main-child.ts, bundled with esbuild) and offers it to the
 * harness's renderer window as its host, so the child's memory is main's alone.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { createEventBus } from '../../main/runtime/event-bus';
import type { EventName } from '../../preload/contract';
import type { RendererHost } from '../../test/harness/harness';
import type { FromMainChild, ToMainChild } from './main-child';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// Inside the repo so the bundle's bare imports (native modules) resolve from node_modules.
const bundlePath = path.join(repoRoot, 'node_modules', '.cache', 'fax-desktop', 'bench-main-child.mjs');

export interface MainProcess extends RendererHost {
  /** Main's resident set and V8 heap in MB, after a full garbage collection. */
  memory(): Promise<{ rssMb: number; heapUsedMb: number }>;
}

type Request = { kind: 'dispatch'; name: string; request: unknown } | { kind: 'start' | 'dispose' | 'memory' };

export async function startMainProcess(options: { userDataDir: string; baseUrl: string; caPath: string }): Promise<MainProcess> {
  await build({
    entryPoints: [path.join(repoRoot, 'bench', 'lib', 'main-child.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: bundlePath,
    logLevel: 'silent',
    // The bundle is ESM; node-main reads package.json relative to its own URL.
    define: { 'import.meta.url': JSON.stringify(`file://${path.join(repoRoot, 'test', 'harness', 'node-main.ts')}`) },
  });
  const child: ChildProcess = fork(bundlePath, [options.userDataDir, options.baseUrl, options.caPath], {
    serialization: 'advanced',
    execArgv: ['--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const events = createEventBus();
  const pending = new Map<number, (value: unknown) => void>();
  let nextId = 1;
  child.on('message', (message: FromMainChild) => {
    if (message.kind === 'event') events.emit(message.name as EventName, message.payload as never);
    else pending.get(message.id)?.(message.value);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ask = (request: Request): Promise<unknown> =>
    new Promise((resolve) => {
      const id = nextId;
      nextId += 1;
      pending.set(id, (value) => {
        pending.delete(id);
        resolve(value);
      });
      child.send({ ...request, id } satisfies ToMainChild);
    });
  return {
    dispatch: (name, request) => ask({ kind: 'dispatch', name, request }) as ReturnType<RendererHost['dispatch']>,
    rendererEvents: events,
    start: async () => {
      await ask({ kind: 'start' });
    },
    async dispose() {
      await ask({ kind: 'dispose' });
      child.disconnect();
      await exited;
    },
    async memory() {
      const usage = (await ask({ kind: 'memory' })) as NodeJS.MemoryUsage;
      return { rssMb: usage.rss / 1024 / 1024, heapUsedMb: usage.heapUsed / 1024 / 1024 };
    },
  };
}
