/**
 * The patient list of a large practice (issue 55): 100,000 patients written as a practice system exports them (CSV,
 * quoted where needed, day-first dates, a few broken rows), imported into an encrypted cache as the app imports it,
 * and one fax at a time matched against it. Measures the import, the longest the desk's event loop was held while it
 * ran, the first match (the index is built then) and each match after it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPatientList } from '../../main/chart/patient-list/patient-list';
import { createLogger } from '../../main/log/logger';
import { openCache } from '../../main/store/cache/cache';
import { population, reading, seeded } from '../../test/helpers/patient-population';
import { atMost, info, type Metric } from '../lib/metric';

const quote = (value: string): string => (/[";\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const dayFirst = (iso: string | null): string => (iso === null ? '' : `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`);

export async function patientListMetrics(seed: number, size: number): Promise<Metric[]> {
  const people = population(seed + 100, size, 'office');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-list-'));
  const file = path.join(dir, 'patients.csv');
  const lines = ['Pat.-Nr.;Nachname;Vorname;Geburtsdatum;Geburtsname;Versichertennummer'];
  // A practice system's numbers are its own and unique (the generator's random ones may meet).
  const numbers = new Set<string>();
  for (const patient of people.patients) {
    let number = patient.mrn ?? '';
    while (numbers.has(number)) number = `${number}9`;
    numbers.add(number);
    lines.push([number, patient.family, patient.given.join(' '), dayFirst(patient.birthDate), patient.formerFamilies?.[0] ?? '', (patient.memberIds ?? []).join('|')].map(quote).join(';'));
  }
  // An export's broken rows: no number, a date that is none, one quote left open near the end.
  lines.splice(1000, 0, ';Ohne;Nummer;01.01.1950;;', '99999999;Kaputt;Datum;31.02.1950;;');
  fs.writeFileSync(file, `${lines.join('\r\n')}\r\n`);
  const cache = openCache(dir, crypto.randomBytes(32).toString('hex'), createLogger({ sinks: [] }));
  const settings = { path: file, columns: { mrn: 'Pat.-Nr.', family: 'Nachname', given: 'Vorname', fullName: null, birthDate: 'Geburtsdatum', memberIds: 'Versichertennummer', formerFamily: 'Geburtsname' }, dateOrder: 'dmy' as const };
  const list = createPatientList({ cache, settings: () => settings, log: createLogger({ sinks: [] }) });
  // The longest the event loop waited while the import ran: a timer due every 5 ms, and how late it came.
  let longestHold = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    longestHold = Math.max(longestHold, now - last);
    last = now;
  }, 5);
  try {
    const started = performance.now();
    const status = await list.importList(settings);
    const importMs = performance.now() - started;
    const random = seeded(seed);
    const matchMs: number[] = [];
    let firstMatchMs = 0;
    for (let fax = 0; fax < 200; fax += 1) {
      const about = people.patients[Math.floor(random() * people.patients.length)];
      if (!about) continue;
      const read = reading(random, about, { thisYear: 2026, misreadRate: 0.1, confidentlyWrong: 0.3 });
      const at = performance.now();
      await list.match(read, 2026);
      if (fax === 0) firstMatchMs = performance.now() - at;
      else matchMs.push(performance.now() - at);
    }
    clearInterval(ticker);
    matchMs.sort((a, b) => a - b);
    const megabytes = (fs.statSync(file).size / 1024 / 1024).toFixed(1);
    return [
      atMost(`chart: patient list of ${size.toLocaleString('en-US')} rows imported`, importMs, 'ms', 3_000, `CSV of ${megabytes} MB read, ${String(status.patients)} patients kept in the encrypted cache, ${String(status.skipped)} rows left out (broken rows in the file)`),
      atMost('chart: longest hold of main\'s event loop during the import and the first match', longestHold, 'ms', 100, 'the import and the index build give way every 1,000 rows'),
      info('chart: first match after an import', firstMatchMs, 'ms', 'waits for the index, which the import starts building in parts when it is done'),
      atMost(`chart: one fax matched against ${size.toLocaleString('en-US')} patients, slowest of 199`, matchMs.at(-1) ?? 0, 'ms', 50, `median ${(matchMs[Math.floor(matchMs.length / 2)] ?? 0).toFixed(1)} ms; readings with misread values`),
    ];
  } finally {
    clearInterval(ticker);
    cache.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
