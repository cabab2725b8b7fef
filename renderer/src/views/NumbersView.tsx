import { EmptyState, SkeletonLines } from '../components/EmptyState';
import { ErrorNotice } from '../components/ErrorNotice';
import { loadNumbers } from '../data/directory';
import { useResult } from '../hooks/useResult';
import { capabilityText } from '../format';
import { t } from '../i18n';

export function NumbersView() {
  const [numbers] = useResult(loadNumbers);
  return (
    <section className="view" aria-labelledby="numbers-title">
      <div className="view-header">
        <h1 id="numbers-title">{t('numbers.faxNumbers')}</h1>
      </div>
      <p className="view-subtitle">{t('numbers.theAccountSActive')}</p>
      {numbers.state === 'loading' ? <SkeletonLines /> : null}
      {numbers.state === 'failed' ? <ErrorNotice error={numbers.error} /> : null}
      {numbers.state === 'ready' && numbers.value.items.length === 0 ? <EmptyState icon="numbers" title={t('numbers.noActiveNumbers')} /> : null}
      {numbers.state === 'ready' && numbers.value.items.length > 0 ? (
        <div className="card card-flush">
          <table className="table" aria-label={t('numbers.faxNumbers')}>
            <thead>
              <tr>
                <th>{t('numbers.number')}</th>
                <th>{t('numbers.label')}</th>
                <th>{t('numbers.can')}</th>
              </tr>
            </thead>
            <tbody>
              {numbers.value.items.map((number) => (
                <tr key={number.id}>
                  <td className="mono">{number.number}</td>
                  <td>{number.label ?? ''}</td>
                  <td>{number.capabilities.map(capabilityText).join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {numbers.state === 'ready' && numbers.value.fromCache ? <p className="field-hint">{t('numbers.offlineSavedOnThis')}</p> : null}
    </section>
  );
}
