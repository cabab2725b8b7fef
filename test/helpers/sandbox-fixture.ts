/**
 * The fixture integration files share: a sandbox started before the file's tests and closed after, with every
 * core a test connected to it. One sandbox per file on purpose — its faults and its virtual clock are global to
 * it, and files run side by side.
 */
import { afterAll, beforeAll } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../fax-service/testkit';
import { connectedCore, type ConnectedCore } from './connected-core';
import { startTestCore, type TestCore } from './node-core';

export interface SandboxFixture {
  /** The file's sandbox (after beforeAll). */
  readonly t: TestSandbox;
  /** A started core connected to a new account of the sandbox (or the one given), closed after the file. */
  connect(options?: Parameters<typeof connectedCore>[1]): Promise<ConnectedCore>;
  /** A started core pointed at the sandbox, not connected yet, closed after the file. */
  core(options?: Parameters<typeof startTestCore>[0]): TestCore;
}

/** `idBase`: a sandbox whose fax ids are 64-bit, above this base (see test/fax-service/public-ids.ts). */
export function useSandbox(options: { idBase?: bigint } = {}): SandboxFixture {
  let sandbox: TestSandbox | null = null;
  const cores: TestCore[] = [];
  beforeAll(async () => {
    sandbox = await startTestSandbox(options);
  });
  afterAll(async () => {
    for (const core of cores.splice(0)) await core.close();
    await sandbox?.close();
  });
  const fixture: SandboxFixture = {
    get t(): TestSandbox {
      if (!sandbox) throw new Error('the sandbox starts in beforeAll');
      return sandbox;
    },
    async connect(options) {
      const app = await connectedCore(fixture.t, options);
      cores.push(app);
      return app;
    },
    core(options) {
      const started = startTestCore({ baseUrl: fixture.t.sandbox.baseUrl, caPath: fixture.t.sandbox.caCertPath, ...options });
      cores.push(started);
      return started;
    },
  };
  return fixture;
}
