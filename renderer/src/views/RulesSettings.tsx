import { useEffect, useState } from 'react';
import { defaultFileNameTemplate, templateFields, type Automation, type InboundRule, type PrinterInfo } from '../../../preload/automation';
import { automationStore, loadPrinters, recipientsFromText, recipientsText } from '../data/automation';
import { useAutomationItemForm } from '../hooks/useAutomationItemForm';
import { useStore } from '../data/store';
import { t } from '../i18n';

function newRule(): InboundRule {
  return { id: crypto.randomUUID(), enabled: true, action: 'save', folder: '', fileNameTemplate: defaultFileNameTemplate, printer: '', senders: [], activeSince: null };
}

function ruleTitle(rule: InboundRule): string {
  if (rule.action === 'print') return rule.printer ? t('rulesSettings.printOn', { printer: rule.printer }) : t('rulesSettings.newRule');
  return rule.folder ? t('rulesSettings.saveInto', { folder: rule.folder }) : t('rulesSettings.newRule');
}

/** One rule's form: saved as a whole with the others (main checks the set and says why it refuses). */
function RuleForm({ rule, automation, printers, isNew, onDone }: { rule: InboundRule; automation: Automation; printers: PrinterInfo[]; isNew: boolean; onDone: () => void }) {
  const [draft, setDraft] = useState(rule);
  const [senders, setSenders] = useState(recipientsText(rule.senders));
  const labelId = `rule-${rule.id}`;
  const { problem, saving, save, remove } = useAutomationItemForm({
    items: automation.inboundRules,
    withItems: (inboundRules) => ({ ...automation, inboundRules }),
    id: rule.id,
    isNew,
    saved: 'rulesSettings.saved',
    onDone,
  });
  const submit = () => save(async () => ({ ...draft, senders: await recipientsFromText(senders) }));
  // Copies in a folder are outside the app's encryption: said when a saving rule is (about to be) on.
  const warnUnencrypted = draft.action === 'save' && draft.enabled && (isNew || !rule.enabled || rule.action !== 'save');
  const printerChoices = draft.printer && !printers.some((printer) => printer.name === draft.printer) ? [...printers, { name: draft.printer, label: t('rulesSettings.notAvailable', { printer: draft.printer }) }] : printers;

  return (
    <form className="hot-folder" aria-labelledby={labelId} onSubmit={(event) => { event.preventDefault(); void submit(); }}>
      <h3 id={labelId}>{ruleTitle(rule)}</h3>
      <div className="form-grid">
        <label className="field">
          <span>{t('rulesSettings.whatToDo')}</span>
          <select className="select" value={draft.action} onChange={(event) => setDraft({ ...draft, action: event.target.value === 'print' ? 'print' : 'save' })}>
            <option value="save">{t('rulesSettings.saveACopy')}</option>
            <option value="print">{t('rulesSettings.print')}</option>
          </select>
        </label>
        {draft.action === 'save' ? (
          <>
            <label className="field">
              <span>{t('rulesSettings.folder')}</span>
              <input className="input" value={draft.folder} onChange={(event) => setDraft({ ...draft, folder: event.target.value })} spellCheck={false} required />
            </label>
            <label className="field">
              <span>{t('rulesSettings.fileName')}</span>
              <input className="input" value={draft.fileNameTemplate} maxLength={200} onChange={(event) => setDraft({ ...draft, fileNameTemplate: event.target.value })} spellCheck={false} />
              <span className="field-hint">{t('rulesSettings.fieldsHint', { fields: templateFields.map((field) => `{${field}}`).join(' ') })}</span>
            </label>
          </>
        ) : (
          <label className="field">
            <span>{t('rulesSettings.printer')}</span>
            <select className="select" value={draft.printer} onChange={(event) => setDraft({ ...draft, printer: event.target.value })} required>
              <option value="">{t('rulesSettings.choose')}</option>
              {printerChoices.map((printer) => (
                <option key={printer.name} value={printer.name}>{printer.label}</option>
              ))}
            </select>
          </label>
        )}
        <label className="field">
          <span>{t('rulesSettings.onlyFrom')}</span>
          <input className="input" value={senders} onChange={(event) => setSenders(event.target.value)} spellCheck={false} />
          <span className="field-hint">{t('rulesSettings.onlyFromHint')}</span>
        </label>
        <label className="field">
          <span>{t('rulesSettings.onlyContaining')}</span>
          <input className="input" value={draft.contains ?? ''} maxLength={200} onChange={(event) => setDraft({ ...draft, contains: event.target.value })} spellCheck={false} />
          <span className="field-hint">{t('rulesSettings.onlyContainingHint')}</span>
        </label>
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={draft.enabled} onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })} />
        {t('rulesSettings.ruleIsOn')}
      </label>
      {warnUnencrypted ? (
        <div className="notice notice-warning" role="alert">
          <p>{t('rulesSettings.copiesAreNotEncrypted')}</p>
        </div>
      ) : null}
      {problem ? <p className="field-error" role="alert">{problem}</p> : null}
      <div className="row">
        <button type="submit" className="button button-primary" disabled={saving}>{t('hotFolderSettings.save')}</button>
        {isNew ? (
          <button type="button" className="button" onClick={onDone}>{t('confirmDialog.cancel')}</button>
        ) : (
          <button type="button" className="button" onClick={() => void remove()}>{t('hotFolderSettings.remove')}</button>
        )}
      </div>
    </form>
  );
}

/** Rules for received faxes: save a copy into a folder, print on a printer — off until the user adds one. */
export function RulesSettings() {
  const automation = useStore(automationStore);
  const [adding, setAdding] = useState<InboundRule | null>(null);
  const [printers, setPrinters] = useState<PrinterInfo[]>([]);
  useEffect(() => {
    void loadPrinters().then(setPrinters);
  }, []);
  if (!automation) return null;
  return (
    <div className="card" aria-labelledby="rules-title">
      <div className="card-header">
        <h2 id="rules-title">{t('rulesSettings.receivedFaxes')}</h2>
        <button type="button" className="button" onClick={() => setAdding(newRule())} disabled={adding !== null}>{t('rulesSettings.addARule')}</button>
      </div>
      <p className="field-hint">{t('rulesSettings.intro')}</p>
      {automation.inboundRules.map((rule) => (
        <RuleForm key={`${rule.id}:${JSON.stringify(rule)}`} rule={rule} automation={automation} printers={printers} isNew={false} onDone={() => undefined} />
      ))}
      {/* Once saved, the new item is in the list above: its form there takes over (never two forms for one item). */}
      {adding && !automation.inboundRules.some((item) => item.id === adding.id) ? <RuleForm rule={adding} automation={automation} printers={printers} isNew onDone={() => setAdding(null)} /> : null}
    </div>
  );
}
