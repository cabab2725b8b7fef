/**
 * "Copy diagnostics": what support needs to help, and nothing that could be PHI or a secret — the version, the
 * OS, the connection's state (the service's host, never the key), the sync state and the last problems with their
 * request ids. No fax number, name, file name or document is ever part of it.
 */
import os from 'node:os';
import type { AppInfo, AppStatus, ConnectionState } from '../../preload/models';
import type { Problem } from '../log/recent-problems';

export interface DiagnosticsInput {
  appInfo: AppInfo;
  connection: ConnectionState;
  status: AppStatus;
  outbox: { waiting: number; failed: number; held: number };
  problems: readonly Problem[];
  now: Date;
  system?: { type: string; release: string; arch: string; locale: string };
}

function hostOf(baseUrl: string): string {
  try {
    return baseUrl === '' ? '(not set)' : new URL(baseUrl).host;
  } catch {
    return '(not a URL)';
  }
}

export function diagnosticsText(input: DiagnosticsInput): string {
  const system = input.system ?? { type: os.type(), release: os.release(), arch: os.arch(), locale: Intl.DateTimeFormat().resolvedOptions().locale };
  const { appInfo, connection } = input;
  const versions = Object.entries(appInfo.versions)
    .map(([name, version]) => `${name} ${version}`)
    .join(', ');
  const lines = [
    `${appInfo.name} ${appInfo.version} (${appInfo.runtime})`,
    `Generated: ${input.now.toISOString()}`,
    `OS: ${system.type} ${system.release} ${system.arch} (${appInfo.platform}), locale ${system.locale}`,
    `Runtime: ${versions}`,
    `Fax Service: ${hostOf(connection.baseUrl)}, ${connection.status}`,
    `Status: ${input.status.kind}`,
    `Outbox: ${input.outbox.waiting} waiting, ${input.outbox.held} held, ${input.outbox.failed} failed`,
    '',
    input.problems.length === 0 ? 'No recent problems.' : `Last ${input.problems.length} problems (newest last):`,
    ...input.problems.map((problem) =>
      [
        `  ${problem.time} ${problem.level} ${problem.event}`,
        problem.kind ? `kind=${problem.kind}` : '',
        problem.code ? `code=${problem.code}` : '',
        problem.status !== undefined ? `status=${problem.status}` : '',
        problem.requestId ? `request=${problem.requestId}` : '',
      ]
        .filter(Boolean)
        .join(' '),
    ),
  ];
  return `${lines.join('\n')}\n`;
}
