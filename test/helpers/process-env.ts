/**
 * Variables set for a while on process.env itself — the object Node watches, so a change of TZ reaches the clock —
 * and put back afterwards. Files share their worker: replacing process.env with a copy would stop that for every file
 * after it (the lint rule in eslint.test-clock.js refuses it).
 */
export function setEnvFor(values: Record<string, string>): () => void {
  const before = new Map(Object.keys(values).map((name) => [name, process.env[name]]));
  Object.assign(process.env, values);
  return () => {
    for (const [name, value] of before) {
      if (value === undefined) Reflect.deleteProperty(process.env, name);
      else process.env[name] = value;
    }
  };
}
