// Filing into the chart under SIGKILL (issue 55): the app is killed at every checkpoint of the filing's journal —
// matched, queued, the try started, the EHR's answer in (the document made, its reply not yet journaled), filed —
// restarted, and then each received fax is in its patient's chart exactly once: the EHR (a real FHIR server,
// test/ehr/) holds one DocumentReference per fax, the one the desk's journal names.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentReference, Patient } from '@medplum/fhirtypes';
import { backendScopes } from '../../main/chart/ehr-connection';
import { newBackendKey, publicJwks } from '../../main/ehr/smart-backend';
import { keychainSecretStore } from '../../main/store/keychain-secret-store';
import { bundleChild, doneReport, killAtEachPointChained, runChildApp, signInChildProfile } from '../helpers/child-app';
import { startTestSandbox, type TestSandbox } from '../fax-service/testkit';
import { startTestEhr, type TestEhr } from '../ehr/fhir-server';

const parallelRuns = 4;
const faxes = 2;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'chart-kill-'));
const caPath = path.join(work, 'ehr-ca.pem');
let bundle = '';
let t: TestSandbox;
let ehr: TestEhr;

beforeAll(async () => {
  [t, ehr, bundle] = await Promise.all([startTestSandbox(), startTestEhr(), bundleChild('test/fixtures/chart-child.ts', 'chart-child')]);
  fs.writeFileSync(caPath, ehr.ca);
  for (const [family, given, birthDate] of [['Gonzalez', 'Maria', '1980-03-04'], ['Okonkwo', 'Sarah', '1975-11-20']] as const) {
    await ehr.create<Patient>({ resourceType: 'Patient', name: [{ family, given: [given] }], birthDate });
  }
});

afterAll(async () => {
  await Promise.all([t.close(), ehr.close()]);
  fs.rmSync(work, { recursive: true, force: true });
});

interface Done {
  checkpoints: number;
  names: string[];
  filings: Array<{ faxId: string; state: string; patient: string; remoteId: string }>;
}

async function prepare(tag: string): Promise<{ env: Record<string, string> }> {
  const { accountId, key } = await t.fullAccess();
  await t.control('POST', `/accounts/${accountId}/faxes`, { direction: 'inbound', count: faxes, spacing_seconds: 2, newest_at: new Date(Date.now() - 5_000).toISOString() });
  const dataDir = path.join(work, tag, 'data');
  const service = `Fax Desktop chart kill test ${tag}`;
  await signInChildProfile(t, { dataDir, keychainService: service, key, downloadFolder: path.join(dataDir, 'Downloads') });
  // IT registered this desk's key with the EHR (the desk would have made it on first use; here it is given).
  const deskKey = newBackendKey();
  await keychainSecretStore(service).set('ehr-backend-key', JSON.stringify(deskKey));
  const clientId = `kill-${tag}`;
  ehr.auth.register({ kind: 'backend', clientId, keys: publicJwks(deskKey).keys, allowed: backendScopes });
  return { env: { CHILD_DATA: dataDir, CHILD_KEYCHAIN: service, CHILD_FAXES: String(faxes), CHILD_EHR: ehr.fhirBase, CHILD_EHR_CA: caPath, CHILD_EHR_CLIENT: clientId } };
}

/** What the EHR and the desk say of each fax: one document each, on its patient, the one the journal names. */
async function verdict(tag: string, done: Done): Promise<string[]> {
  const problems: string[] = [];
  if (done.filings.length !== faxes) problems.push(`${tag}: ${String(done.filings.length)} filings`);
  for (const filing of done.filings) {
    const documents = await ehr.search<DocumentReference>('DocumentReference', { identifier: filing.faxId });
    const wanted = filing.patient === 'Gonzalez, Maria' || filing.patient === 'Okonkwo, Sarah';
    if (filing.state !== 'filed' || !wanted) problems.push(`${tag}: fax ${filing.faxId} ${filing.state} to ${filing.patient}`);
    if (documents.length !== 1) problems.push(`${tag}: fax ${filing.faxId} has ${String(documents.length)} documents in the chart`);
    else if (documents[0]?.id !== filing.remoteId) problems.push(`${tag}: fax ${filing.faxId}: the journal names ${filing.remoteId}, the chart holds ${documents[0]?.id ?? '?'}`);
  }
  return problems;
}

describe('filing into the chart under SIGKILL', () => {
  let names: string[] = [];

  it('a run without a kill passes every checkpoint: each fax filed once', async () => {
    const { env } = await prepare('baseline');
    const run = await runChildApp(bundle, { ...env, CHILD_MODE: 'first' });
    expect(run.code, run.output).toBe(0);
    const done = doneReport(run.output) as Done | null;
    if (!done) throw new Error(run.output);
    expect(await verdict('baseline', done)).toEqual([]);
    names = done.names.filter((name) => name.startsWith('chart.'));
    expect(new Set(names)).toEqual(new Set(['chart.queued', 'chart.lease_taken', 'chart.try_started', 'chart.answered', 'chart.filed']));
    expect(done.names.length).toBeGreaterThanOrEqual(8);
    names = done.names;
  });

  it('killed at each checkpoint and restarted: every fax in its chart exactly once', async () => {
    expect(names.length).toBeGreaterThanOrEqual(8);
    const { failures, killedRuns, unreached } = await killAtEachPointChained(
      bundle,
      names.length,
      {
        prepare: async (point) => ({ point, ...(await prepare(`k${String(point)}`)) }),
        judge: async ({ point }, _first, resumed) => {
          const done = doneReport(resumed.output) as Done | null;
          const tag = `k${String(point)} (${names[point - 1] ?? '?'})`;
          if (resumed.code !== 0 || !done) return [`${tag}: resume failed: ${resumed.output.slice(0, 300)}`];
          return verdict(tag, done);
        },
      },
      parallelRuns,
    );
    console.log(`chart SIGKILL test: ${String(names.length)} kill points, ${String(killedRuns)} runs killed, ${String(failures.length)} failures`);
    expect(failures).toEqual([]);
    expect(unreached, 'kill points a first run never reached').toEqual([]);
    expect(killedRuns).toBe(names.length);
  }, 600_000);
});
