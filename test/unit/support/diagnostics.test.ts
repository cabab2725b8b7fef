// "Copy diagnostics": versions, OS, connection and the last problems with request ids — and no PHI or secret.
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../main/log/logger';
import { recentProblems } from '../../../main/log/recent-problems';
import { diagnosticsText } from '../../../main/support/diagnostics';
import { FaxApiError } from '../../../main/api/api-error';

describe('diagnostics', () => {
  it('keeps only identifiers of the last problems, never a number, name, file name or key', () => {
    const problems = recentProblems(3);
    const log = createLogger({ sinks: [problems] });
    log.info('sync.pass', { faxes: 3 });
    log.warn('outbox.attempt_failed', { submissionId: 'abc', kind: 'network', requestId: 'req_123abc', to: '+14155550100', file: 'Jane Doe referral.pdf' });
    log.error('api.failed', { error: new FaxApiError({ kind: 'http', status: 503, type: 'api_error', code: 'unavailable', message: 'down for +14155550100', requestId: 'req_503x', retryAfterMs: null }) });
    log.warn('connection.key', { key: 'sk_live_abcdef1234567890', kind: 'authentication' });
    const text = diagnosticsText({
      appInfo: { name: 'Fax Desktop', version: '1.4.0', runtime: 'electron', platform: 'win32', versions: { node: '22.0.0', electron: '45.0.0' } },
      connection: { status: 'offline', baseUrl: 'https://api.fax.example/v1', message: 'x', capabilities: null, account: null, retryAt: null },
      status: { kind: 'offline', since: 0, retryAt: null, lastSuccessAt: null },
      outbox: { waiting: 2, failed: 1, held: 0 },
      problems: problems.list(),
      now: new Date('2026-11-23T10:00:00Z'),
      system: { type: 'Windows_NT', release: '10.0.22631', arch: 'x64', locale: 'en-US' },
    });
    expect(text).toContain('Fax Desktop 1.4.0 (electron)');
    expect(text).toContain('Fax Service: api.fax.example, offline');
    expect(text).toContain('Outbox: 2 waiting, 0 held, 1 failed');
    expect(text).toContain('request=req_123abc');
    expect(text).toContain('status=503');
    expect(text).toContain('request=req_503x');
    expect(text).toContain('kind=authentication');
    expect(problems.list()).toHaveLength(3);
    for (const secret of ['+14155550100', '14155550100', 'Jane', 'referral', 'sk_live', '/v1']) expect(text).not.toContain(secret);
  });

  it('says so when nothing went wrong', () => {
    const text = diagnosticsText({
      appInfo: { name: 'Fax Desktop', version: '1.0.0', runtime: 'harness', platform: 'linux', versions: { node: '24' } },
      connection: { status: 'signed_out', baseUrl: '' },
      status: { kind: 'signed_out' },
      outbox: { waiting: 0, failed: 0, held: 0 },
      problems: [],
      now: new Date('2026-11-23T10:00:00Z'),
    });
    expect(text).toContain('Fax Service: (not set), signed_out');
    expect(text).toContain('No recent problems.');
  });
});
