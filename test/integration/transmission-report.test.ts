// Transmission reports against the sandbox: saved on their own into the reports folder once the fax this app sent
// has finished (once, even after more syncs), saved where the user chooses, and the request id of the send is
// the one the service answered with.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SubmissionView } from '../../preload/models';
import { onePagePdf } from '../fax-service/testkit';
import { readBackPdf } from '../helpers/pdf-text';
import { useSandbox } from '../helpers/sandbox-fixture';
import { waitUntil } from '../helpers/wait';
import { setEnvFor } from '../helpers/process-env';

const fixture = useSandbox();

describe('transmission reports', () => {
  it('a sent fax that finishes gets its report in the reports folder, once; Save writes one where the user chooses', async () => {
    const app = await fixture.connect();
    const services = await app.core.services();
    const folder = path.join(app.dataDir, 'Reports');
    expect(await app.call('updateSettings', { reportFolder: folder })).toMatchObject({ ok: true });

    const file = path.join(app.dataDir, 'letter.pdf');
    fs.writeFileSync(file, onePagePdf);
    const { value } = (await app.call('stageFiles', { paths: [file] })) as { ok: true; value: { staged: Array<{ id: string }> } };
    const sent = (await app.call('sendFax', { recipients: [{ number: '+14155550100', name: 'Dr. Lee' }], subject: 'Referral', fileIds: value.staged.map((item) => item.id) })) as { ok: true; value: SubmissionView };
    const accepted = await waitUntil(() => services.outbox.record(sent.value.id), (record) => record?.state === 'accepted', { what: 'accepted' });
    const faxId = accepted?.faxId ?? '';
    expect(accepted?.acceptedRequestId).toMatch(/\S/);
    // Nothing yet: the fax is still on its way.
    expect(fs.existsSync(folder) ? fs.readdirSync(folder) : []).toEqual([]);

    await fixture.t.advance(120);
    await app.call('syncNow');
    const saved = await waitUntil(
      () => (fs.existsSync(folder) ? fs.readdirSync(folder) : []),
      (names) => names.length > 0 && !names.some((name) => name.endsWith('.part')),
      { what: 'report saved', timeoutMs: 20_000 },
    );
    const reference = services.cache.faxes.detail(faxId)?.reference ?? '';
    expect(saved).toEqual([expect.stringMatching(new RegExp(`^Fax report ${reference} \\d{4}-\\d{2}-\\d{2}\\.pdf$`))]);
    const read = await readBackPdf(new Uint8Array(fs.readFileSync(path.join(folder, saved[0] ?? ''))));
    expect(read.pages).toBe(1);
    expect(read.text[0]).toContain(`Reference ${reference}`);
    expect(read.text[0]).toContain(`Fax ID ${faxId}`);
    expect(read.text[0]).toContain('Result Delivered');
    expect(read.text[0]).toContain('+1 415 555 0100 Dr. Lee Delivered');
    expect(read.text[0]).toContain(`Request ID ${accepted?.acceptedRequestId ?? '?'}`);
    // The first page, drawn from the fax's own document.
    expect(read.images[0]).toBe(1);

    // More syncs never save it again.
    await fixture.t.advance(60);
    await app.call('syncNow');
    await app.call('syncNow');
    expect(fs.readdirSync(folder)).toHaveLength(1);

    expect(await app.call('saveTransmissionReport', { id: faxId })).toEqual({ ok: true, value: { saved: true } });
    const downloads = fs.readdirSync(app.settings.get().downloadFolder);
    expect(downloads).toEqual([expect.stringMatching(/^Fax report .+\.pdf$/)]);
    // The time on a report is in the zone the computer is in when the report is made (a laptop that travelled since
    // the app started), not the zone of the app's start.
    for (const [zone, offset] of [['Asia/Tokyo', '+09:00'], ['America/Sao_Paulo', '-03:00']] as const) {
      const restoreZone = setEnvFor({ TZ: zone });
      try {
        expect(Intl.DateTimeFormat().resolvedOptions().timeZone, 'TZ reaches the clock (has a file before this one in the worker replaced process.env?)').toBe(zone);
        const report = (await app.call('getTransmissionReport', { id: faxId })) as { ok: true; value: Uint8Array };
        expect((await readBackPdf(report.value)).text[0]).toMatch(new RegExp(`\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\${offset}\\)`));
      } finally {
        restoreZone();
      }
    }
    // A received fax has no transmission report.
    const { json } = await fixture.t.control<{ fax_id: number }>('POST', `/accounts/${app.accountId}/inbound`, { pages: 1 });
    await app.call('syncNow');
    await waitUntil(() => services.cache.faxes.detail(String(json.fax_id)), (detail) => detail !== null, { what: 'inbound synced' });
    expect(await app.call('getTransmissionReport', { id: String(json.fax_id) })).toMatchObject({ ok: false, error: { kind: 'not_found', message: 'A transmission report exists only for a sent fax.' } });
    await app.close();
  });
});
