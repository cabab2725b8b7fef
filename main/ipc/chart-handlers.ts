/**
 * Filing into the chart over IPC: what waits in "To file", a person's decision among the patients shown for a fax
 * (never a patient the window names on its own), a look-up, taking a filing back, and the EHR's connection.
 */
import type { EhrStatus, ToFileRow } from '../../preload/contract-chart';
import { msg } from '../../preload/i18n/translator';
import { AppError } from '../errors';
import { backendPublicJwks, backendScopes, personScopes } from '../chart/ehr-connection';
import { signInPerson, SignInError } from '../ehr/smart-person';
import { say } from '../i18n/main-locale';
import type { Handlers } from './dispatcher';
import type { HandlerContext, Services } from './services';

type ChartHandlers = Pick<
  Handlers,
  'listToFile' | 'getFiling' | 'fileFax' | 'findChartPatients' | 'withdrawFiling' | 'retryFiling' | 'getEhrStatus' | 'signInEhr' | 'signOutEhr' | 'choosePatientList' | 'previewPatientList' | 'importPatientList' | 'getPatientListStatus'
>;

export function chartHandlers(context: HandlerContext): ChartHandlers {
  // The export a person chose in the system's dialog: the only file, besides the one set, main reads for the window.
  let chosenList: string | null = null;
  const listPath = (): string => {
    const path = chosenList ?? context.settings.get().patientList.path;
    if (path === null) throw new AppError('invalid_input', msg('patientList.chooseAFile'));
    return path;
  };

  async function status(services: Services, test: boolean): Promise<EhrStatus> {
    const settings = context.settings.get().chart;
    const backend = settings.signIn === 'backend';
    if (test) {
      if (settings.source !== 'fhir') throw new AppError('invalid_input', msg('chart.giveTheEhrAddress'));
      // One patient search with nothing in it: the token, the scopes and the FHIR endpoint, without a patient's words.
      await services.chart.ehr().fhir.searchPatients({ _id: 'fax-desktop-connection-check', _count: '1' });
    }
    return {
      publicJwks: backend ? JSON.stringify(await backendPublicJwks(context.secrets), null, 2) : null,
      grantedScopes: settings.source === 'fhir' ? services.chart.ehr().grantedScopes() : [],
      askedScopes: backend ? backendScopes : personScopes,
      signedIn: !backend && (await context.secrets.get('ehr-refresh-token')) !== null,
    };
  }

  return {
    async listToFile() {
      const services = await context.services();
      return services.chart.toFile().flatMap((filing): ToFileRow[] => {
        const fax = services.cache.faxes.detail(filing.faxId);
        if (!fax) return [];
        const intake = services.cache.intake.get(filing.faxId);
        return [{ filing, fax: { id: fax.id, reference: fax.reference, from: fax.senderName ?? fax.counterpart, receivedAt: fax.createdAt, pages: fax.pages, kind: intake?.kind.kind ?? null, kindSure: intake?.kind.sure ?? false } }];
      });
    },
    getFiling: async ({ id }) => (await context.services()).chart.get(id),
    async fileFax({ id, patientId, documentType }) {
      const services = await context.services();
      const shown = services.chart.get(id)?.candidates.find((candidate) => candidate.patient.id === patientId)?.patient;
      if (!shown) throw new AppError('invalid_input', msg('chart.chooseAPatientShown'), { code: 'chart_unknown_patient' });
      return services.chart.file(id, shown, documentType);
    },
    findChartPatients: async ({ id, name, birthDate }) => (await context.services()).chart.lookUp(id, name, birthDate),
    withdrawFiling: async ({ id }) => (await context.services()).chart.withdraw(id),
    async retryFiling({ id }) {
      const services = await context.services();
      await services.chart.retryNow(id);
      return services.chart.get(id);
    },
    getEhrStatus: async ({ test }) => status(await context.services(), test),
    async signInEhr() {
      const services = await context.services();
      const settings = context.settings.get().chart;
      if (settings.fhirBase === null || settings.signIn !== 'person') throw new AppError('invalid_input', msg('chart.giveTheEhrAddress'));
      try {
        const token = await signInPerson({
          endpoints: services.chart.ehr().endpoints,
          fhirBase: settings.fhirBase,
          clientId: settings.clientId,
          scopes: personScopes,
          openBrowser: (url) => context.desktop.openSignInPage(url),
          donePage: `<!doctype html><meta charset="utf-8"><title>Fax Desktop</title><p style="font:16px sans-serif;margin:3em">${say(msg('chart.signedInCloseTab'))}</p>`,
        });
        if (token.refreshToken !== null) await context.secrets.set('ehr-refresh-token', token.refreshToken);
        services.chart.reconnect();
      } catch (error) {
        if (error instanceof SignInError) {
          if (error.reason === 'timed-out') throw new AppError('offline', msg('chart.signInTookTooLong'));
          if (error.reason === 'no-sign-in-page') throw new AppError('server', msg('chart.theEhrHasNoSignIn'));
          throw new AppError('permission', error.words ? msg('chart.signInRefusedSaying', { words: error.words }) : msg('chart.signInRefused'));
        }
        throw error;
      }
      return status(services, false);
    },
    async signOutEhr() {
      await context.secrets.delete('ehr-refresh-token');
      const services = await context.services();
      services.chart.reconnect();
      return status(services, false);
    },
    async choosePatientList() {
      const [path] = await context.desktop.chooseOpenPaths({ title: say(msg('patientList.chooseTitle')), filters: [{ name: say(msg('patientList.csvFiles')), extensions: ['csv', 'txt', 'tsv'] }] });
      if (path === undefined) return null;
      const preview = await (await context.services()).chart.patientList.preview(path);
      chosenList = path;
      return preview;
    },
    previewPatientList: async () => (await context.services()).chart.patientList.preview(listPath()),
    async importPatientList({ columns, dateOrder }) {
      const services = await context.services();
      const settings = { path: listPath(), columns, dateOrder };
      const status = await services.chart.patientList.importList(settings);
      // Kept only once it read: the list is read again with these when the file changes.
      context.events.emit('settingsChanged', context.settings.update({ patientList: settings }));
      chosenList = null;
      return status;
    },
    getPatientListStatus: async () => (await context.services()).chart.patientList.status(),
  };
}
