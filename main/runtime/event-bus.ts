/**
 * Main → renderer events, typed by the contract. Core services emit; the shell (Electron) or the harness
 * forwards every emission to the renderer, and the shell also turns some into OS notifications.
 */
import type { PayloadOf } from '../../preload/contract-kit';
import type { EventContract, EventName } from '../../preload/contract';

export type EventPayload<K extends EventName> = PayloadOf<EventContract[K]>;
export type EventListener = <K extends EventName>(name: K, payload: EventPayload<K>) => void;

export interface EventBus {
  emit<K extends EventName>(name: K, payload: EventPayload<K>): void;
  /** Listens to every event; returns the function that stops listening. */
  subscribe(listener: EventListener): () => void;
}

export function createEventBus(onListenerError?: (error: unknown) => void): EventBus {
  const listeners = new Set<EventListener>();
  return {
    emit(name, payload) {
      for (const listener of [...listeners]) {
        try {
          listener(name, payload);
        } catch (error) {
          onListenerError?.(error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
