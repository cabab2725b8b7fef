/**
 * The office's patients indexed in memory for the matcher: a FHIR search's answer, the imported patient list (built
 * a part at a time, so a list of 100,000 never holds the desk up), tests and the bench.
 */
import { comparedParts, type PatientIndex } from './match-patient';
import type { PatientRecord } from './patient-record';
import { recordKeys } from './blocking-keys';

export interface PatientIndexBuilder {
  add(record: PatientRecord): void;
  index(): PatientIndex;
}

export function patientIndexBuilder(): PatientIndexBuilder {
  const records: PatientRecord[] = [];
  const byKey = new Map<string, number[]>();
  const byFamily = new Map<string, number[]>();
  const givenCounts = new Map<string, number>();
  const at = (positions: Iterable<number>): PatientRecord[] => [...positions].flatMap((position) => (records[position] ? [records[position]] : []));
  const index: PatientIndex = {
    size: () => records.length,
    byKeys(keys) {
      const seen = new Uint8Array(records.length);
      const found: PatientRecord[] = [];
      for (const key of keys) {
        for (const position of byKey.get(key) ?? []) {
          const record = records[position];
          if (seen[position] === 1 || record === undefined) continue;
          seen[position] = 1;
          found.push(record);
        }
      }
      return found;
    },
    familyCount: (family) => byFamily.get(family)?.length ?? 0,
    givenCount: (given) => givenCounts.get(given) ?? 0,
    withFamily: (family) => at(byFamily.get(family) ?? []),
  };
  return {
    add(record) {
      const position = records.push(record) - 1;
      for (const key of recordKeys(record)) {
        const list = byKey.get(key);
        if (list) list.push(position);
        else byKey.set(key, [position]);
      }
      const { familyKey, given } = comparedParts(record);
      const same = byFamily.get(familyKey);
      if (same) same.push(position);
      else byFamily.set(familyKey, [position]);
      givenCounts.set(given, (givenCounts.get(given) ?? 0) + 1);
    },
    index: () => index,
  };
}

export function memoryPatientIndex(records: readonly PatientRecord[]): PatientIndex {
  const builder = patientIndexBuilder();
  for (const record of records) builder.add(record);
  return builder.index();
}
