/**
 * Loads one IpcResult-returning call and tracks it: loading, value, or a precise error. `load` must be stable
 * (a module-level function or a useCallback); a new `load` loads again.
 */
import { useCallback, useEffect, useState } from 'react';
import type { IpcError, IpcResult } from '../data/ipc';

export type Loadable<T> =
  | { state: 'loading' }
  | { state: 'ready'; value: T }
  | { state: 'failed'; error: IpcError };

export function useResult<T>(load: () => Promise<IpcResult<T>>): [Loadable<T>, () => void] {
  const [loadable, setLoadable] = useState<Loadable<T>>({ state: 'loading' });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let current = true;
    void load().then((result) => {
      if (!current) return;
      setLoadable(result.ok ? { state: 'ready', value: result.value } : { state: 'failed', error: result.error });
    });
    return () => {
      current = false;
    };
  }, [load, generation]);
  const reload = useCallback(() => {
    setGeneration((value) => value + 1);
  }, []);
  return [loadable, reload];
}
