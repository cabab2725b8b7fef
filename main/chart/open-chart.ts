/**
 * The chart service as the core opens it: the EHR connection made from the settings (and made again when they
 * change), the MLLP peer, the Fax Service the faxes come from. Without a patient source set, it does nothing.
 */
import fs from 'node:fs';
import type { SecretStore } from '../store/secret-store';
import type { SettingsStore } from '../store/settings-store';
import type { MllpAddress } from '../ehr/mllp-client';
import { msg } from '../../preload/i18n/translator';
import { AppError } from '../errors';
import { createChartService, type ChartService, type ChartServiceDeps } from './chart-service';
import { connectEhr, type EhrConnection } from './ehr-connection';
import type { ReadPatient } from './matching/patient-record';
import { createPatientList, type PatientList } from './patient-list/patient-list';

export interface OpenChartDeps extends Omit<ChartServiceDeps, 'settings' | 'ehr' | 'mllpAddress' | 'faxService' | 'matchList'> {
  settings: SettingsStore;
  secrets: SecretStore;
}

export interface OpenedChart extends ChartService {
  /** The EHR connection of the current settings (made on first use). */
  ehr(): EhrConnection;
  /** Drops the connection and the tokens it holds (signed in or out: the next call starts from the keychain). */
  reconnect(): void;
  /** The patient-list export matched against where the EHR has no FHIR access (source "list"). */
  patientList: PatientList;
}

export function openChart(deps: OpenChartDeps): OpenedChart {
  let made: { key: string; connection: EhrConnection } | null = null;
  const chartSettings = () => deps.settings.get().chart;
  const ehr = (): EhrConnection => {
    const settings = chartSettings();
    const key = JSON.stringify([settings.fhirBase, settings.fhirCaPath, settings.signIn, settings.clientId]);
    if (made?.key !== key) {
      made?.connection.close();
      made = { key, connection: connectEhr(settings, deps.secrets, deps.now) };
    }
    return made.connection;
  };
  const mllpAddress = (): MllpAddress => {
    const mllp = chartSettings().mllp;
    if (mllp === null) throw new AppError('invalid_input', msg('chart.giveTheEhrAddress'));
    return { host: mllp.host, port: mllp.port, tlsCa: mllp.tlsCaPath === null ? null : fs.readFileSync(mllp.tlsCaPath, 'utf8') };
  };
  const faxService = (): string | null => {
    try {
      const base = deps.settings.get().baseUrl;
      return base === '' ? null : new URL(base).host;
    } catch {
      return null;
    }
  };
  const patientList = createPatientList({ cache: deps.cache, settings: () => deps.settings.get().patientList, log: deps.log, ...(deps.now ? { now: deps.now } : {}) });
  const matchList = (read: ReadPatient, thisYear: number) => patientList.match(read, thisYear);
  const service = createChartService({ ...deps, settings: chartSettings, ehr, mllpAddress, faxService, matchList });
  return {
    ...service,
    ehr,
    patientList,
    reconnect() {
      made?.connection.close();
      made = null;
    },
    async stop() {
      await service.stop();
      made?.connection.close();
      made = null;
    },
  };
}
