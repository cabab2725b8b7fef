/** What `core.dispatch` answers, and the value of an answer a test expects to succeed. */
export type Reply<T> = { ok: true; value: T } | { ok: false; error: { kind: string; message: string } };

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- T names the reply the test expects
export function value<T>(reply: unknown): T {
  const typed = reply as Reply<T>;
  if (!typed.ok) throw new Error(`call failed: ${typed.error.kind}: ${typed.error.message}`);
  return typed.value;
}
