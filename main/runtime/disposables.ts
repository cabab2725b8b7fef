/**
 * What a service must undo when it stops (listeners, timers, watchers), collected as it starts, undone in one call
 * in reverse order. An undo that throws is reported and the rest still run.
 */
export interface Disposables {
  add(undo: () => void): void;
  /** Undoes everything added so far, newest first; the store can be filled again after. */
  dispose(): void;
}

export function createDisposables(onError: (error: unknown) => void = () => undefined): Disposables {
  const undos: Array<() => void> = [];
  return {
    add(undo) {
      undos.push(undo);
    },
    dispose() {
      for (let undo = undos.pop(); undo; undo = undos.pop()) {
        try {
          undo();
        } catch (error) {
          onError(error);
        }
      }
    },
  };
}
