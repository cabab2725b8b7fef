import { useEffect, useState } from 'react';
import type { ContactPage, ContactView } from '../../../preload/models';
import { EmptyState, SkeletonLines } from '../components/EmptyState';
import { ErrorNotice } from '../components/ErrorNotice';
import { Icon } from '../components/Icon';
import { startFaxWith } from '../data/drafts';
import { toastError } from '../data/toasts';
import { searchContacts } from '../data/directory';
import type { IpcError } from '../data/ipc';
import { statusStore } from '../data/status';
import { useStore } from '../data/store';
import { clockTime } from '../format';
import { t } from '../i18n';

const pageSize = 25;

/** A contact's name as the service gave it; "No name" when it gave none (nothing is invented). */
export function contactName(contact: ContactView): string {
  return contact.name ?? t('contacts.noName');
}

/** A new fax to the contact: a draft in progress is set aside (compose offers it back), never sent with them. */
function faxTo(contact: ContactView, number: string): void {
  void startFaxWith({ recipients: [{ number, ...(contact.name ? { name: contact.name } : {}) }] }).then((refused) => {
    if (refused) toastError(refused);
  });
}

export function ContactsView() {
  const status = useStore(statusStore);
  const [query, setQuery] = useState('');
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<ContactPage | null>(null);
  const [error, setError] = useState<IpcError | null>(null);

  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(() => {
      void searchContacts({ q: query, offset, limit: pageSize }).then((result) => {
        if (cancelled) return;
        if (result.ok) {
          setPage(result.value);
          setError(null);
        } else setError(result.error);
      });
    }, 200);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [query, offset]);

  return (
    <section className="view" aria-labelledby="contacts-title">
      <div className="view-header">
        <h1 id="contacts-title">{t('contacts.contacts')}</h1>
      </div>
      <div className="row" role="search">
        <label className="visually-hidden" htmlFor="contacts-search">{t('contacts.searchContacts')}</label>
        <input
          id="contacts-search"
          className="input grow"
          type="search"
          placeholder={t('contacts.searchNamesFaxNumbers')}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setOffset(0);
          }}
          data-search
        />
      </div>
      {page?.fromCache ? <p className="field-hint">{t('contacts.offlineShowingTheContacts')}</p> : null}
      {error ? <ErrorNotice error={error} /> : null}
      {!page && !error && status.kind === 'rate_limited' ? (
        <p className="field-hint" role="status" data-testid="contacts-waiting">{t('contacts.theContactsLoadAs', { clockTime: clockTime(status.retryAt, true) })}</p>
      ) : null}
      {!page && !error ? <SkeletonLines count={5} /> : null}
      {page && page.items.length === 0 ? (
        <EmptyState icon="contacts" title={query ? t('contacts.noContactMatches') : t('contacts.theAddressBookIs')}>
          {query ? t('contacts.tryAnotherNameOr') : t('contacts.contactsAddedInYour')}
        </EmptyState>
      ) : null}
      {page && page.items.length > 0 ? (
        <div className="card card-flush">
          <table className="table" aria-label={t('contacts.contacts')} data-testid="contacts-table">
            <thead>
              <tr>
                <th>{t('contacts.name')}</th>
                <th>{t('contacts.faxNumber')}</th>
                <th>{t('contacts.company')}</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((contact) => (
                <tr key={contact.id} data-testid="contact-row">
                  <td className={contact.name ? undefined : 'field-hint'}>{contactName(contact)}</td>
                  <td>
                    {contact.faxNumbers.length === 0 ? <span className="field-hint">{t('contacts.noFaxNumber')}</span> : null}
                    <ul className="plain-list">
                      {contact.faxNumbers.map((found) => (
                        <li key={found.number} className="row row-tight">
                          <span className="mono">{found.number}</span>
                          {found.label ? <span className="field-hint">{found.label}</span> : null}
                          <button type="button" className="button button-small" onClick={() => faxTo(contact, found.number)} aria-label={t('contacts.faxAt', { contactName: contactName(contact), number: found.number })}>
                            <Icon name="compose" size={14} />{' '}{t('contacts.fax')}</button>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td>{contact.company ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {page ? (
        <div className="row">
          <button type="button" className="button button-small" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - pageSize))}>{t('contacts.previous')}</button>
          <span className="field-hint" data-testid="contacts-range">
            {page.items.length === 0 ? t('contacts.noneOf', { total: page.total }) : t('contacts.of', { first: offset + 1, last: offset + page.items.length, total: page.total })}</span>
          <button type="button" className="button button-small" disabled={!page.hasMore} onClick={() => setOffset(offset + pageSize)}>{t('contacts.next')}</button>
        </div>
      ) : null}
    </section>
  );
}
