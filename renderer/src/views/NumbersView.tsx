import { EmptyState, SkeletonLines } from '../components/EmptyState';
import { ErrorNotice } from '../components/ErrorNotice';
import { loadNumbers } from '../data/directory';
import { useResult } from '../hooks/useResult';

export function NumbersView() {
  const [numbers] = useResult(loadNumbers);
  return (
    <section className="view" aria-labelledby="numbers-title">
      <div className="view-header">
        <h1 id="numbers-title">Fax numbers</h1>
      </div>
      <p className="view-subtitle">The account’s active numbers: faxes sent to them arrive in the inbox.</p>
      {numbers.state === 'loading' ? <SkeletonLines /> : null}
      {numbers.state === 'failed' ? <ErrorNotice error={numbers.error} /> : null}
      {numbers.state === 'ready' && numbers.value.items.length === 0 ? <EmptyState icon="numbers" title="No active numbers" /> : null}
      {numbers.state === 'ready' && numbers.value.items.length > 0 ? (
        <div className="card card-flush">
          <table className="table" aria-label="Fax numbers">
            <thead>
              <tr>
                <th>Number</th>
                <th>Label</th>
                <th>Can</th>
              </tr>
            </thead>
            <tbody>
              {numbers.value.items.map((number) => (
                <tr key={number.id}>
                  <td className="mono">{number.number}</td>
                  <td>{number.label ?? ''}</td>
                  <td>{number.capabilities.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {numbers.state === 'ready' && numbers.value.fromCache ? <p className="field-hint">Offline: saved on this computer.</p> : null}
    </section>
  );
}
