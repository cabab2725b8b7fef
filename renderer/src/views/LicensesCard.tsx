/** The licenses of everything that ships in the app, generated at build time (scripts/build-licenses.ts). */
import { useEffect, useState } from 'react';
import { t } from '../i18n';

interface ShippedPackage {
  name: string;
  version: string;
  license: string;
  text: string | null;
  via: 'bundled' | 'installed' | 'runtime';
}

type Loaded = { state: 'loading' } | { state: 'ready'; packages: ShippedPackage[] } | { state: 'missing' };

function isPackageList(value: unknown): value is { packages: ShippedPackage[] } {
  return typeof value === 'object' && value !== null && Array.isArray((value as { packages?: unknown }).packages);
}

export function LicensesCard() {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    let cancelled = false;
    const isCancelled = () => cancelled;
    fetch('/licenses.json')
      .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
      .then((value) => {
        if (isCancelled()) return;
        setLoaded(isPackageList(value) ? { state: 'ready', packages: value.packages } : { state: 'missing' });
      })
      .catch(() => {
        if (!isCancelled()) setLoaded({ state: 'missing' });
      });
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <div className="card">
      <h2>{t('licensesCard.openSourceLicenses')}</h2>
      {loaded.state === 'loading' ? <p className="skeleton skeleton-line" /> : null}
      {loaded.state === 'missing' ? <p className="field-hint">{t('licensesCard.theLicenseListWas')}</p> : null}
      {loaded.state === 'ready' ? (
        <>
          <p className="field-hint">{t('licensesCard.faxDesktopIsBuilt', { length: loaded.packages.length })}</p>
          <ul className="license-list" data-testid="licenses">
            {loaded.packages.map((item) => (
              <li key={`${item.name}@${item.version}`}>
                <details>
                  <summary>
                    <span className="license-name">{item.name}</span> <span className="field-hint">{item.version}</span> <span className="chip">{item.license}</span>
                  </summary>
                  <pre className="license-text">{item.text ?? t('licensesCard.licensedUnderThePackage', { license: item.license })}</pre>
                </details>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
