// What follows a submission the service accepted: the sent fax in the cache, and the change announced — a signed
// copy faxed back also changes the received fax it answers, so a detail of that fax open on screen shows the answer.
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../main/log/logger';
import { newSubmissionRecord, type NewSubmission } from '../../../main/outbox/new-submission';
import { recordSendOutcomes } from '../../../main/outbox/send-outcomes';
import { createEventBus, type EventPayload } from '../../../main/runtime/event-bus';
import { openCache, type Cache } from '../../../main/store/cache/cache';
import type { SubmissionRecord } from '../../../main/outbox/submission-journal';
import { tempDirsRemovedAfterEach } from '../../helpers/temp-dirs';

const tempDir = tempDirsRemovedAfterEach('fax-send-outcomes-');
const open: Cache[] = [];
afterEach(() => {
  for (const cache of open.splice(0)) cache.close();
});

function accepted(input: Partial<NewSubmission>, faxId: string): SubmissionRecord {
  const record = newSubmissionRecord({ recipients: [{ number: '+14155550100' }], fileIds: [], ...input }, { recipients: [{ number: '+14155550100' }], coverId: '', staged: [], at: 1_000, scheduledAt: null });
  return { ...record, state: 'accepted', faxId, reference: `FX-${faxId}`, acceptedAt: 2_000 };
}

function outcomes(): { cache: Cache; changes: Array<EventPayload<'faxesChanged'>>; record: (record: SubmissionRecord) => void } {
  const cache = openCache(tempDir(), 'ab'.repeat(32), createLogger({ sinks: [] }));
  open.push(cache);
  const events = createEventBus();
  const changes: Array<EventPayload<'faxesChanged'>> = [];
  events.on('faxesChanged', (change) => changes.push(change));
  const sent = recordSendOutcomes({ cache, events, now: () => 3_000 });
  return { cache, changes, record: (record) => sent.accepted(record) };
}

describe('a submission the service accepted', () => {
  it('a signed copy faxed back: the sent fax is added and the received fax it answers is changed, linked both ways', () => {
    const { cache, changes, record } = outcomes();
    record(accepted({ origin: 'fax_back', relatedFaxId: '41' }, '77'));
    expect(changes).toEqual([{ added: ['77'], updated: ['41'], unreadInbound: 0 }]);
    expect(cache.answers.answersTo('41')).toEqual([{ id: '77', reference: 'FX-77' }]);
  });

  it('any other fax: only the sent fax is added, whatever fax it came from', () => {
    const { cache, changes, record } = outcomes();
    record(accepted({}, '78'));
    record(accepted({ origin: 'forward', relatedFaxId: '42' }, '79'));
    expect(changes).toEqual([
      { added: ['78'], updated: [], unreadInbound: 0 },
      { added: ['79'], updated: [], unreadInbound: 0 },
    ]);
    expect(cache.answers.answersTo('42')).toEqual([]);
  });
});
