import { useState, type SyntheticEvent } from 'react';
import { ErrorNotice } from '../components/ErrorNotice';
import type { IpcError } from '../data/ipc';
import { createOffice, joinOffice } from '../data/office';
import { t } from '../i18n';

/** Settings → Office without an office: join one with a code, or create one (IT's setup account makes its hub). */
export function NoOffice() {
  const [code, setCode] = useState('');
  const [error, setError] = useState<IpcError | null>(null);
  const [busy, setBusy] = useState(false);
  const [form, setForm] = useState({ host: '', port: '5432', database: '', user: '', password: '', ca: '', name: '', clientCertificate: '', clientKey: '', setupUser: '', setupPassword: '' });
  const byCertificate = form.clientCertificate.trim() !== '' || form.clientKey.trim() !== '';

  const join = async (event: SyntheticEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(await joinOffice(code.trim()));
    setBusy(false);
  };

  const create = async (event: SyntheticEvent) => {
    event.preventDefault();
    const port = Number(form.port);
    setBusy(true);
    setError(
      await createOffice({
        host: form.host.trim(),
        port: Number.isInteger(port) ? port : 0,
        database: form.database.trim(),
        user: form.user.trim(),
        ...(form.password ? { password: form.password } : {}),
        name: form.name.trim(),
        ...(form.ca.trim() ? { ca: form.ca } : {}),
        ...(byCertificate ? { clientCertificate: form.clientCertificate, clientKey: form.clientKey } : {}),
        setupUser: form.setupUser.trim(),
        setupPassword: form.setupPassword,
      }),
    );
    // The setup account is IT's: not left in the form once used.
    setForm((previous) => ({ ...previous, setupPassword: '' }));
    setBusy(false);
  };

  const field = (key: keyof typeof form, label: string, type = 'text') => (
    <label className="field">
      <span>{label}</span>
      <input className="input" type={type} value={form[key]} required={key !== 'ca' && !(key === 'password' && byCertificate)} onChange={(event) => setForm({ ...form, [key]: event.target.value })} autoComplete="off" />
    </label>
  );

  return (
    <>
      <p className="field-hint">{t('office.whatAnOfficeIs')}</p>
      {error ? <ErrorNotice error={error} /> : null}
      <form onSubmit={(event) => void join(event)}>
        <label className="field">
          <span>{t('office.joinCode')}</span>
          <textarea className="input" rows={3} value={code} onChange={(event) => setCode(event.target.value)} placeholder={t('office.joinCodePlaceholder')} spellCheck={false} />
          <span className="field-hint">{t('office.joinCodeHint')}</span>
        </label>
        <button type="submit" className="button button-primary" disabled={busy || code.trim() === ''}>{t('office.joinTheOffice')}</button>
      </form>
      <details className="office-create">
        <summary>{t('office.createTheOffice')}</summary>
        <p className="field-hint">{t('office.createHint')}</p>
        <form onSubmit={(event) => void create(event)}>
          {field('host', t('office.hubHost'))}
          {field('port', t('office.hubPort'), 'number')}
          {field('database', t('office.hubDatabase'))}
          {field('user', t('office.hubUser'))}
          {field('password', t('office.hubPassword'), 'password')}
          <label className="field">
            <span>{t('office.hubCa')}</span>
            <textarea className="input" rows={3} value={form.ca} onChange={(event) => setForm({ ...form, ca: event.target.value })} placeholder={t('office.caPlaceholder')} spellCheck={false} />
            <span className="field-hint">{t('office.hubCaHint')}</span>
          </label>
          <details>
            <summary>{t('office.clientCertificate')}</summary>
            <p className="field-hint">{t('office.clientCertificateHint')}</p>
            <label className="field">
              <span>{t('office.clientCertificateLabel')}</span>
              <textarea className="input" rows={3} value={form.clientCertificate} onChange={(event) => setForm({ ...form, clientCertificate: event.target.value })} placeholder={t('office.caPlaceholder')} spellCheck={false} />
            </label>
            <label className="field">
              <span>{t('office.clientKeyLabel')}</span>
              <textarea className="input" rows={3} value={form.clientKey} onChange={(event) => setForm({ ...form, clientKey: event.target.value })} spellCheck={false} autoComplete="off" />
            </label>
          </details>
          {field('name', t('office.yourName'))}
          <fieldset className="office-setup-account">
            <legend>{t('office.setupAccount')}</legend>
            <p className="field-hint">{t('office.setupAccountHint')}</p>
            {field('setupUser', t('office.setupUser'))}
            {field('setupPassword', t('office.setupPassword'), 'password')}
          </fieldset>
          <button type="submit" className="button" disabled={busy}>{t('office.createTheOffice')}</button>
        </form>
      </details>
    </>
  );
}
