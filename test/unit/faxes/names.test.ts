// Names where a person expects them: a received fax from a contact's number is listed under the contact's name
// (the fax machine's own header can say anything — it stays in the detail), a sent fax under the contact's name or
// the name it was sent with, each recipient in the detail by its contact's name, and numbers typed into "To" get
// their contact's name.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FaxRecord } from '../../../main/api/read/fax-reader';
import type { ConnectionService } from '../../../main/connection/connection-service';
import { createFaxDetails } from '../../../main/faxes/fax-details';
import { createRecipientGuard } from '../../../main/guard/recipient-guard';
import { createLogger } from '../../../main/log/logger';
import type { PdfStore } from '../../../main/pdf/pdf-store';
import { createEventBus } from '../../../main/runtime/event-bus';
import { openCache, type Cache } from '../../../main/store/cache/cache';
import type { ContactView } from '../../../preload/models';

const open: Array<{ cache: Cache; dir: string }> = [];
afterEach(() => {
  for (const { cache, dir } of open.splice(0)) {
    cache.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'names-'));
  const cache = openCache(dir, 'cd'.repeat(32), createLogger({ sinks: [] }));
  open.push({ cache, dir });
  const contact = (id: string, name: string, number: string): ContactView => ({ id, name, faxNumber: number, faxNumbers: [{ number, label: null }], company: null, email: null });
  cache.directory.saveContacts([contact('c1', 'Carla Diaz', '+14155550103'), contact('c2', 'Dev Patel', '+14155550104')], { replaceAll: true, firstPosition: 0 });
  const details = createFaxDetails({ cache, pdfs: { isCached: () => false } as unknown as PdfStore, connection: { usable: () => false } as unknown as ConnectionService, events: createEventBus() });
  return { cache, details };
}

function fax(id: string, overrides: Partial<FaxRecord>): FaxRecord {
  return { id, reference: `FX-${id}`, direction: 'inbound', status: 'received', pages: 1, createdAt: '2026-11-23T10:00:00.000Z', createdMs: Date.parse('2026-11-23T10:00:00Z'), to: null, from: null, subject: null, senderName: null, cost: null, providerError: null, recipients: [], ...overrides };
}

describe('names where a person expects them', () => {
  it('received from a contact’s number: the contact’s name, whatever the fax machine’s header says', async () => {
    const { cache, details } = setup();
    cache.faxes.upsertMany([fax('1', { from: '+14155550103', senderName: 'RADIOLOGY 2ND FL' }), fax('2', { from: '+14155550199', senderName: 'Unknown Clinic' })], { markNewInboundUnread: false });
    const items = details.list({ direction: 'inbound', offset: 0, limit: 10 }).items;
    expect(items.find((item) => item.id === '1')).toMatchObject({ counterpartName: 'Carla Diaz', senderName: 'RADIOLOGY 2ND FL' });
    expect(items.find((item) => item.id === '2')?.counterpartName).toBeUndefined();
    expect(await details.detail('1', false)).toMatchObject({ counterpartName: 'Carla Diaz', senderName: 'RADIOLOGY 2ND FL' });
  });

  it('sent: the contact’s name, else the name it was sent with; each recipient by its contact’s name in the detail', async () => {
    const { cache, details } = setup();
    const recipient = (to: string, name: string | null) => ({ to, name, status: 'delivered', error: null, reason: null });
    cache.faxes.upsertMany(
      [
        fax('10', { direction: 'outbound', status: 'delivered', to: '+14155550104', recipients: [recipient('+14155550104', null), recipient('+14155550103', null)] }),
        fax('11', { direction: 'outbound', status: 'delivered', to: '+14155550177', recipients: [recipient('+14155550177', 'Front desk')] }),
        fax('12', { direction: 'outbound', status: 'delivered', to: '+14155550178', recipients: [recipient('+14155550178', null)] }),
      ],
      { markNewInboundUnread: false },
    );
    const names = Object.fromEntries(details.list({ direction: 'outbound', offset: 0, limit: 10 }).items.map((item) => [item.id, item.counterpartName ?? null]));
    expect(names).toEqual({ '10': 'Dev Patel', '11': 'Front desk', '12': null });
    expect((await details.detail('10', false)).recipients.map((item) => item.name)).toEqual(['Dev Patel', 'Carla Diaz']);
  });

  it('numbers typed into "To" are matched to their contacts, in any notation', () => {
    const { cache } = setup();
    const guard = createRecipientGuard({ repository: cache.guard, settings: () => ({ guardNewNumbers: true, guardNearMisses: true, guardNameMismatch: true, guardChangedNumbers: true }) });
    expect(guard.contactNames(['+1 (415) 555-0103', '+14155550104', '+14155550199', 'not a number'])).toEqual([
      { number: '+1 (415) 555-0103', name: 'Carla Diaz' },
      { number: '+14155550104', name: 'Dev Patel' },
    ]);
  });
});
