/** Polls until `probe` returns a value `accept` likes (tests wait on state, never on fixed sleeps). */
export async function waitUntil<T>(probe: () => T | Promise<T>, accept: (value: T) => boolean, options: { timeoutMs?: number; what?: string } = {}): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() - started > (options.timeoutMs ?? 15_000)) throw new Error(`timed out waiting for ${options.what ?? 'a condition'}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * vi.waitFor's options for a wait that must hold on a busy machine (its default is one second): the wait still
 * ends as soon as the state is there.
 */
export const longWait = { timeout: 15_000, interval: 20 } as const;
