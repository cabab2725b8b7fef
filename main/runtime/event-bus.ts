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
  /** Listens to one event, with its payload typed; returns the function that stops listening. */
  on<K extends EventName>(name: K, listener: (payload: EventPayload<K>) => void): () => void;
  /** Listens to every event (the shell and the harness forward them all); returns the function that stops listening. */
  subscribe(listener: EventListener): () => void;
}

/** `emit` pairs every payload with its own event's name, so the name is what types the payload. */
function isNamed<K extends EventName>(emitted: EventName, _payload: unknown, name: K): _payload is EventPayload<K> {
  return emitted === name;
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
    on(name, listener) {
      const forOne: EventListener = (emitted, payload) => {
        if (isNamed(emitted, payload, name)) listener(payload);
      };
      return this.subscribe(forOne);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
