/**
 * A triage sender for unit tests of its queue: the journal, the hub session and whether the hub answers come from the
 * test; what the sender tells the rest of the desk (applied, dropped, refused, held) goes nowhere unless given.
 */
import { createLogger } from '../../main/log/logger';
import { createTriageSender, type TriageSender, type TriageSenderDeps } from '../../main/triage/triage-sender';

export function testTriageSender(deps: Pick<TriageSenderDeps, 'journal' | 'session' | 'reachable'> & Partial<TriageSenderDeps>): TriageSender {
  return createTriageSender({
    applied: () => undefined,
    dropped: () => undefined,
    refusesDesk: () => Promise.resolve(false),
    refused: () => undefined,
    onHold: () => undefined,
    log: createLogger({ sinks: [] }),
    ...deps,
  });
}
