import { describe, expect, it } from 'vitest';
import { createLogger, memorySink } from '../../../main/log/logger';
import { redactText, redactValue } from '../../../main/log/redact';

describe('redactText', () => {
  it.each([
    ['sending to +14155550123 now', '+14155550123'],
    ['to +1 (415) 555-0123 and +44 20 7946 0958', '555-0123'],
    ['digits 14155550123 without plus', '14155550123'],
    ['Authorization: Bearer fk_live_abcdef0123456789abcdef', 'fk_live_abcdef0123456789abcdef'],
    ['GET /v1/faxes?api_key=sekrit123', 'sekrit123'],
    ['key fk_test_9f8e7d6c5b4a39281706 leaked', 'fk_test_9f8e7d6c5b4a39281706'],
    ['opened /home/alice/Documents/referral.pdf', 'alice'],
    ['opened /Users/bob/x.txt', 'bob'],
    ['opened C:\\Users\\carol\\scan.tiff', 'carol'],
    ['file Patient Smith referral.pdf rejected', 'referral.pdf'],
    ['uploaded lab-results_2024.docx', 'lab-results_2024.docx'],
    ['mail dr.jones@clinic.example about it', 'dr.jones@clinic.example'],
    ['idempotency 3f1c2a9e-8b7d-4c6e-9a5f-1e2d3c4b5a69', '8b7d-4c6e-9a5f-1e2d3c4b5a69'],
  ])('removes the sensitive part of %j', (input, secret) => {
    expect(redactText(input)).not.toContain(secret);
  });

  it('removes the whole credential, scheme included (no "Bearer" in any log)', () => {
    expect(redactText('header Authorization: Bearer fk_live_abcdef0123456789abcdef sent')).toBe('header Authorization: [credential] sent');
  });

  it('keeps operational words readable', () => {
    expect(redactText('sync.completed in 120 ms, 3 new, status delivered, fax 42')).toBe('sync.completed in 120 ms, 3 new, status delivered, fax 42');
  });
});

describe('redactValue', () => {
  it('drops PHI fields wholesale, whatever their value looks like', () => {
    expect(
      redactValue({ subject: 'Biopsy results', to: ['+14155550123'], name: 'Jane Doe', notes: 'urgent', filename: 'x', count: 3, status: 'queued' }),
    ).toEqual({ subject: '[redacted]', to: '[redacted]', name: '[redacted]', notes: '[redacted]', filename: '[redacted]', count: 3, status: 'queued' });
  });

  it('summarises binary data instead of logging it', () => {
    expect(redactValue({ data: new Uint8Array(1234) })).toEqual({ data: '[1234 bytes]' });
  });

  it('redacts errors: message and stack paths', () => {
    const error = new Error('cannot open /home/alice/faxes/patient.pdf for +14155550123');
    const out = JSON.stringify(redactValue({ error }));
    expect(out).not.toMatch(/alice|patient\.pdf|4155550123/);
    expect(out).toContain('cannot open');
  });
});

describe('logger', () => {
  it('writes structured JSON lines through the redactor', () => {
    const sink = memorySink();
    const log = createLogger({ sinks: [sink], now: () => new Date('2026-01-01T00:00:00Z') }).child('outbox');
    log.info('send.accepted to +14155550123', { faxId: 7, subject: 'HIV test', detail: 'Bearer fk_live_0123456789abcdefghij' });
    expect(sink.lines).toHaveLength(1);
    const record = JSON.parse(sink.lines[0] ?? '{}') as Record<string, unknown>;
    expect(record).toMatchObject({ level: 'info', scope: 'outbox', faxId: 7, subject: '[redacted]', time: '2026-01-01T00:00:00.000Z' });
    expect(sink.lines[0]).not.toMatch(/4155550123|HIV|fk_live/);
  });

  it('honours the level and survives a broken sink', () => {
    const sink = memorySink();
    const broken = { write: () => { throw new Error('disk full'); } };
    const log = createLogger({ sinks: [broken, sink], level: 'warn' });
    log.info('ignored');
    log.warn('kept');
    expect(sink.lines.map((line) => (JSON.parse(line) as { event: string }).event)).toEqual(['kept']);
  });
});
