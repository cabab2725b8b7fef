import { useEffect, useState } from 'react';
import { defaultFileNameTemplate, templateFields, type Automation, type InboundRule, type PrinterInfo, type RuleActionKind } from '../../../preload/automation';
import type { PersonView } from '../../../preload/office';
import { labelsStore, listPeople, officeStore } from '../data/office';
import { intakeKindsStore, loadIntakeKinds } from '../data/intake';
import { kindName } from '../intake/intake-words';
import { automationStore, loadPrinters, recipientsFromText, recipientsText } from '../data/automation';
import { useAutomationItemForm } from '../hooks/useAutomationItemForm';
import { useStore } from '../data/store';
import { t } from '../i18n';

function newRule(): InboundRule {
  return { id: crypto.randomUUID(), enabled: true, action: 'save', folder: '', fileNameTemplate: defaultFileNameTemplate, printer: '', senders: [], activeSince: null };
}

function ruleTitle(rule: InboundRule, labelName: (id: string) => string, personName: (login: string) => string): string {
  if (rule.action === 'print') return rule.printer ? t('rulesSettings.printOn', { printer: rule.printer }) : t('rulesSettings.newRule');
  if (rule.action === 'label') return rule.labelId ? t('rulesSettings.labelAs', { label: labelName(rule.labelId) }) : t('rulesSettings.newRule');
  if (rule.action === 'assign') return rule.assignTo ? t('rulesSettings.giveTo', { name: personName(rule.assignTo) }) : t('rulesSettings.newRule');
  if (rule.action === 'notify') return t('rulesSettings.tellThisDesk');
  return rule.folder ? t('rulesSettings.saveInto', { folder: rule.folder }) : t('rulesSettings.newRule');
}

const actionWords: Record<RuleActionKind, 'rulesSettings.saveACopy' | 'rulesSettings.print' | 'rulesSettings.giveALabel' | 'rulesSettings.giveToAPerson' | 'rulesSettings.tellThisDesk'> = {
  save: 'rulesSettings.saveACopy',
  print: 'rulesSettings.print',
  label: 'rulesSettings.giveALabel',
  assign: 'rulesSettings.giveToAPerson',
  notify: 'rulesSettings.tellThisDesk',
};
const isAction = (value: string): value is RuleActionKind => Object.hasOwn(actionWords, value);

/** One rule's form: saved as a whole with the others (main checks the set and says why it refuses). */
function RuleForm({ rule, automation, printers, people, isNew, onDone }: { rule: InboundRule; automation: Automation; printers: PrinterInfo[]; people: PersonView[]; isNew: boolean; onDone: () => void }) {
  const [draft, setDraft] = useState(rule);
  const office = useStore(officeStore);
  const labels = useStore(labelsStore);
  const kinds = useStore(intakeKindsStore);
  const labelName = (id: string) => labels.find((label) => label.id === id)?.name ?? id;
  const personName = (login: string) => people.find((person) => person.login === login)?.name ?? login;
  // Labels and people are the office hub's: offered in an office, and kept in a rule made in one.
  const offered = (Object.keys(actionWords) as RuleActionKind[]).filter((action) => office.joined || (action !== 'label' && action !== 'assign') || action === rule.action);
  const chosenKinds = draft.kinds ?? [];
  const toggleKind = (kind: string, on: boolean) => setDraft({ ...draft, kinds: on ? [...chosenKinds, kind] : chosenKinds.filter((item) => item !== kind) });
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
      <h3 id={labelId}>{ruleTitle(rule, labelName, personName)}</h3>
      <div className="form-grid">
        <label className="field">
          <span>{t('rulesSettings.whatToDo')}</span>
          <select className="select" value={draft.action} onChange={(event) => isAction(event.target.value) && setDraft({ ...draft, action: event.target.value })} data-testid="rule-action">
            {offered.map((action) => (
              <option key={action} value={action}>{t(actionWords[action])}</option>
            ))}
          </select>
        </label>
        {draft.action === 'label' ? (
          <label className="field">
            <span>{t('rulesSettings.label')}</span>
            <select className="select" value={draft.labelId ?? ''} onChange={(event) => setDraft({ ...draft, labelId: event.target.value })} required data-testid="rule-label">
              <option value="">{t('rulesSettings.choose')}</option>
              {labels.filter((label) => !label.removed || label.id === draft.labelId).map((label) => (
                <option key={label.id} value={label.id}>{label.name}</option>
              ))}
            </select>
          </label>
        ) : draft.action === 'assign' ? (
          <label className="field">
            <span>{t('rulesSettings.person')}</span>
            <select className="select" value={draft.assignTo ?? ''} onChange={(event) => setDraft({ ...draft, assignTo: event.target.value })} required data-testid="rule-person">
              <option value="">{t('rulesSettings.choose')}</option>
              {people.filter((person) => !person.removed && person.joining === null).map((person) => (
                <option key={person.login} value={person.login}>{person.name}</option>
              ))}
            </select>
          </label>
        ) : draft.action === 'notify' ? (
          <p className="field-hint">{t('rulesSettings.tellThisDeskHint')}</p>
        ) : draft.action === 'save' ? (
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
        <fieldset className="field rule-kinds">
          <legend>{t('rulesSettings.onlyKinds')}</legend>
          <div className="rule-kind-choices">
            {[...kinds.builtIn, ...kinds.office].map((kind) => (
              <label key={kind} className="checkbox">
                <input type="checkbox" checked={chosenKinds.includes(kind)} onChange={(event) => toggleKind(kind, event.target.checked)} />
                {kindName(kind)}
              </label>
            ))}
          </div>
          <span className="field-hint">{t('rulesSettings.onlyKindsHint')}</span>
        </fieldset>
        <label className="checkbox">
          <input type="checkbox" checked={draft.urgentOnly === true} onChange={(event) => setDraft({ ...draft, urgentOnly: event.target.checked })} data-testid="rule-urgent" />
          {t('rulesSettings.onlyUrgent')}
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
  const [people, setPeople] = useState<PersonView[]>([]);
  const office = useStore(officeStore);
  useEffect(() => {
    void loadPrinters().then(setPrinters);
    void loadIntakeKinds();
  }, []);
  useEffect(() => {
    if (office.joined) void listPeople().then((result) => result.ok && setPeople(result.value));
  }, [office.joined]);
  if (!automation) return null;
  return (
    <div className="card" aria-labelledby="rules-title">
      <div className="card-header">
        <h2 id="rules-title">{t('rulesSettings.receivedFaxes')}</h2>
        <button type="button" className="button" onClick={() => setAdding(newRule())} disabled={adding !== null}>{t('rulesSettings.addARule')}</button>
      </div>
      <p className="field-hint">{t('rulesSettings.intro')}</p>
      {automation.inboundRules.map((rule) => (
        <RuleForm key={`${rule.id}:${JSON.stringify(rule)}`} rule={rule} automation={automation} printers={printers} people={people} isNew={false} onDone={() => undefined} />
      ))}
      {/* Once saved, the new item is in the list above: its form there takes over (never two forms for one item). */}
      {adding && !automation.inboundRules.some((item) => item.id === adding.id) ? <RuleForm rule={adding} automation={automation} printers={printers} people={people} isNew onDone={() => setAdding(null)} /> : null}
    </div>
  );
}
