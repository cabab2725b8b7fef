/**
 * Reads a long fax list in windows of 100 from the local cache, as the list scrolls. When faxes change (events
 * from main), the windows in view are read again; a change of filters starts over — showing the previous rows
 * until the first window of the new ones arrives, so the list changes once instead of flashing empty.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FaxSummary } from '../../../preload/models';
import { faxesVersionStore } from './faxes';
import { faxApi, type IpcError } from './ipc';
import type { ListQuery } from './list-filters';
import { useStore } from './store';

export const windowSize = 100;

export interface FaxWindow {
  total: number | null;
  rowAt: (index: number) => FaxSummary | undefined;
  request: (first: number, last: number) => void;
  error: IpcError | null;
  /** Increases each time any window arrives (so the list re-renders). */
  revision: number;
  /** False while the rows and total shown still belong to the previous filters. */
  current: boolean;
  /** The filters the rows and total shown belong to. */
  shownQuery: ListQuery | null;
}

export function useFaxWindow(filter: ListQuery): FaxWindow {
  const version = useStore(faxesVersionStore).version;
  const pages = useRef(new Map<number, FaxSummary[]>());
  const loading = useRef(new Set<number>());
  const generation = useRef(0);
  const wanted = useRef<[number, number]>([0, 0]);
  /** True between a change of filters and the first window for them. */
  const replacing = useRef(false);
  // The total shown until the new filters' own arrives is the previous one (the rows are the previous ones too).
  const [counted, setCounted] = useState<{ key: string; total: number } | null>(null);
  const [revision, setRevision] = useState(0);
  const [error, setError] = useState<IpcError | null>(null);
  const filterKey = JSON.stringify(filter);

  const load = useCallback(
    (page: number, gen: number) => {
      if (loading.current.has(page)) return;
      loading.current.add(page);
      void faxApi()
        .listFaxes({ ...(JSON.parse(filterKey) as ListQuery), offset: page * windowSize, limit: windowSize })
        .then((result) => {
          loading.current.delete(page);
          if (gen !== generation.current) return;
          if (!result.ok) {
            setError(result.error);
            return;
          }
          setError(null);
          if (replacing.current) {
            pages.current = new Map();
            replacing.current = false;
          }
          pages.current.set(page, result.value.items);
          setCounted({ key: filterKey, total: result.value.total });
          setRevision((value) => value + 1);
        });
    },
    [filterKey],
  );

  // New filters: start over (the old rows stay until the new ones are here).
  useEffect(() => {
    generation.current += 1;
    replacing.current = pages.current.size > 0;
    loading.current = new Set();
    load(0, generation.current);
  }, [load]);

  // Faxes changed: read the windows in view again (others are dropped and read when needed).
  useEffect(() => {
    if (version === 0) return;
    generation.current += 1;
    const [first, last] = wanted.current;
    const keep = new Set<number>();
    for (let page = Math.floor(first / windowSize); page <= Math.floor(last / windowSize); page += 1) keep.add(page);
    for (const page of [...pages.current.keys()]) if (!keep.has(page)) pages.current.delete(page);
    loading.current = new Set();
    for (const page of keep) load(page, generation.current);
    if (keep.size === 0) load(0, generation.current);
  }, [version, load]);

  const request = useCallback(
    (first: number, last: number) => {
      wanted.current = [first, last];
      for (let page = Math.floor(first / windowSize); page <= Math.floor(last / windowSize); page += 1) {
        if (!pages.current.has(page)) load(page, generation.current);
      }
    },
    [load],
  );

  const rowAt = useCallback((index: number) => pages.current.get(Math.floor(index / windowSize))?.[index % windowSize], []);

  return { total: counted ? counted.total : null, rowAt, request, error, revision, current: counted?.key === filterKey, shownQuery: counted ? (JSON.parse(counted.key) as ListQuery) : null };
}
