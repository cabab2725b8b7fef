/**
 * The hot folders and inbound rules, kept sealed in the data folder (they name fax numbers). Saving checks what
 * the schema cannot: folders are absolute, none is inside the app's own data folder, no folder is watched twice,
 * a rule never saves into a hot folder (its copies would be faxed out again), and fixed recipients are valid
 * numbers (stored in their international form).
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { automationSchema, emptyAutomation, type Automation } from '../../preload/automation';
import { messageOrVerbatim, msg } from '../../preload/i18n/translator';
import { AppError } from '../errors';
import { checkRecipients } from '../files/submission-rules';
import { isInside } from './hotfolders/file-names';
import type { EventBus } from '../runtime/event-bus';
import { readSealedJson, writeSealedJson } from '../store/crypto/sealed-file';
import { unknownFields } from './rules/file-name-template';
import { templateFields } from '../../preload/automation';
import { numberKey } from '../../preload/fax-number';

export interface AutomationStore {
  get(): Automation;
  /** Validates and saves the whole set; an invalid one throws an AppError and changes nothing. */
  save(next: unknown): Promise<Automation>;
}

async function resolved(folder: string): Promise<string> {
  return fsp.realpath(folder).catch(() => path.resolve(folder));
}

export async function openAutomationStore(options: { dataDir: string; fileKey: Buffer; events: EventBus; now?: () => number }): Promise<AutomationStore> {
  const now = options.now ?? Date.now;
  const file = path.join(options.dataDir, 'automation.sealed');
  const stored = automationSchema.safeParse(await readSealedJson(file, options.fileKey).catch(() => null));
  let current: Automation = stored.success ? stored.data : emptyAutomation;

  async function check(candidate: Automation): Promise<Automation> {
    const dataDir = await resolved(options.dataDir);
    const hotFolders: string[] = [];
    for (const folder of candidate.hotFolders) {
      if (!path.isAbsolute(folder.path)) throw new AppError('invalid_input', msg('automation.useTheFolderS'));
      const where = await resolved(folder.path);
      if (isInside(where, dataDir) || isInside(dataDir, where)) throw new AppError('invalid_input', msg('hotFolders.thisFolderIsInside'));
      if (hotFolders.some((other) => isInside(where, other) || isInside(other, where))) throw new AppError('invalid_input', msg('automation.thisFolderIsAlready'));
      hotFolders.push(where);
    }
    for (const rule of candidate.inboundRules) {
      const unknown = unknownFields(rule.fileNameTemplate)[0];
      if (rule.action === 'save' && unknown !== undefined) {
        throw new AppError('invalid_input', msg('rules.unknownField', { field: `{${unknown}}`, fields: templateFields.map((field) => `{${field}}`).join(' ') }));
      }
      const unreadable = rule.senders.find((sender) => numberKey(sender.number) === null);
      if (unreadable) throw new AppError('invalid_input', msg('rules.notAFaxNumber', { number: unreadable.number }));
      if (rule.action !== 'save') continue;
      if (!path.isAbsolute(rule.folder)) throw new AppError('invalid_input', msg('automation.useTheFolderS'));
      const where = await resolved(rule.folder);
      if (isInside(where, dataDir)) throw new AppError('invalid_input', msg('hotFolders.thisFolderIsInside'));
      if (hotFolders.some((hot) => isInside(where, hot))) throw new AppError('invalid_input', msg('automation.copiesSavedIntoA'));
    }
    return {
      ...candidate,
      hotFolders: candidate.hotFolders.map((folder) => ({
        ...folder,
        path: path.resolve(folder.path),
        recipients: folder.mode === 'send' || folder.recipients.length > 0 ? checkRecipients(folder.recipients) : [],
      })),
      inboundRules: candidate.inboundRules.map((rule) => {
        // A rule acts on faxes received after it was turned on: the time is main's, whatever the window sent.
        const before = current.inboundRules.find((earlier) => earlier.id === rule.id);
        const activeSince = !rule.enabled ? null : before?.enabled && before.activeSince !== null ? before.activeSince : now();
        return { ...rule, folder: rule.folder === '' ? '' : path.resolve(rule.folder), activeSince };
      }),
    };
  }

  return {
    get: () => current,
    async save(next) {
      const parsed = automationSchema.safeParse(next);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]?.message;
        throw new AppError('invalid_input', issue ? messageOrVerbatim(issue) : msg('settings.notValid'));
      }
      const checked = await check(parsed.data);
      await fsp.mkdir(options.dataDir, { recursive: true, mode: 0o700 });
      await writeSealedJson(file, options.fileKey, checked);
      current = checked;
      options.events.emit('automationChanged', current);
      return current;
    },
  };
}
