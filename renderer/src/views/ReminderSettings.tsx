import { useState } from 'react';
import { automationStore, saveAutomation } from '../data/automation';
import { useStore } from '../data/store';
import { t } from '../i18n';

/** The daily reminder of received faxes nobody has marked handled. */
export function ReminderSettings() {
  const automation = useStore(automationStore);
  const [problem, setProblem] = useState<string | null>(null);
  if (!automation) return null;
  const save = async (reminderAt: string | null) => {
    const refused = await saveAutomation({ ...automation, reminderAt });
    setProblem(refused?.message ?? null);
  };
  return (
    <div className="card" aria-labelledby="reminder-title">
      <h2 id="reminder-title">{t('reminderSettings.dailyReminder')}</h2>
      <label className="checkbox">
        <input type="checkbox" checked={automation.reminderAt !== null} onChange={(event) => void save(event.target.checked ? '17:00' : null)} />
        {t('reminderSettings.remindMeOfFaxes')}
      </label>
      {automation.reminderAt !== null ? (
        <label className="field">
          <span>{t('reminderSettings.at')}</span>
          <input className="input" type="time" key={automation.reminderAt} defaultValue={automation.reminderAt} onBlur={(event) => event.target.value !== automation.reminderAt && void save(event.target.value)} />
        </label>
      ) : null}
      {problem ? <p className="field-error" role="alert">{problem}</p> : null}
    </div>
  );
}
