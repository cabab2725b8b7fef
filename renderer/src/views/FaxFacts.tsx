/** What is known about a fax besides its pages: its facts (status, subject, numbers, reply, cost, request id) and each recipient's result. */
import type { FaxDetail as Detail } from '../../../preload/models';
import { RequestId } from '../components/RequestId';
import { StatusChip } from '../components/StatusChip';
import { moneyText } from '../format';
import { t } from '../i18n';
import { ReplyFacts } from './ReplyParts';

export function FaxFacts({ detail, onHistory, onLink }: { detail: Detail; onHistory: (number: string) => void; onLink: () => void }) {
  const counterpart = detail.counterpart;
  return (
    <dl className="facts">
      <dt>{t('faxDetail.status')}</dt>
      <dd>
        <StatusChip status={detail.status} direction={detail.direction} />
      </dd>
      {detail.subject ? (
        <>
          <dt>{t('faxDetail.subject')}</dt>
          <dd>{detail.subject}</dd>
        </>
      ) : null}
      {detail.direction === 'inbound' && detail.senderName && detail.counterpartName && detail.senderName !== detail.counterpartName ? (
        <>
          <dt>{t('faxDetail.senderHeader')}</dt>
          <dd>{detail.senderName}</dd>
        </>
      ) : null}
      {detail.direction === 'inbound' && counterpart ? (
        <>
          <dt>{t('faxDetail.fromNumber')}</dt>
          <dd>
            {counterpart}{' '}
            <button type="button" className="button button-small" onClick={() => onHistory(counterpart)}>{t('faxDetail.allFaxesWithThis')}</button>
          </dd>
        </>
      ) : null}
      <ReplyFacts detail={detail} onLink={onLink} />
      {detail.cost ? (
        <>
          <dt>{t('faxDetail.cost')}</dt>
          <dd>{moneyText(detail.cost)}</dd>
        </>
      ) : null}
      {detail.providerError && detail.providerReason ? (
        <>
          <dt>{t('faxDetail.failureReason')}</dt>
          <dd data-testid="provider-reason">
            {detail.providerReason}
            {/* The carrier's own words stay at hand for the support desk, folded away. */}
            <details className="carrier-words">
              <summary>{t('faxDetail.carrierWords')}</summary>
              <code>{detail.providerError}</code>
            </details>
          </dd>
        </>
      ) : detail.providerError ? (
        <>
          <dt>{t('faxDetail.carrierSays')}</dt>
          <dd className="mono" data-testid="provider-reason">{detail.providerError}</dd>
        </>
      ) : null}
      {detail.requestId ? (
        <>
          <dt>{t('faxDetail.requestId')}</dt>
          <dd>
            <RequestId id={detail.requestId} label={false} />
          </dd>
        </>
      ) : null}
    </dl>
  );
}

export function RecipientResults({ detail, onHistory }: { detail: Detail; onHistory: (number: string) => void }) {
  if (detail.recipients.length === 0) return null;
  return (
    <table className="table" aria-label={t('faxDetail.recipients')}>
      <thead>
        <tr>
          <th>{detail.direction === 'inbound' ? t('faxDetail.receivedOn') : t('faxDetail.recipient')}</th>
          <th>{t('faxDetail.result')}</th>
        </tr>
      </thead>
      <tbody>
        {detail.recipients.map((recipient, index) => (
          <tr key={`${recipient.to}-${index}`} data-testid="recipient-row">
            <td>
              {recipient.name ? <div>{recipient.name}</div> : null}
              <span className="mono">{recipient.to}</span>{' '}
              {detail.direction === 'outbound' ? (
                <button type="button" className="link-button" onClick={() => onHistory(recipient.to)} aria-label={t('faxDetail.allFaxesWith', { to: recipient.to })}>{t('faxDetail.history')}</button>
              ) : null}
            </td>
            <td>
              <StatusChip status={recipient.status} direction={detail.direction} />
              {recipient.reason ? <div className="reason">{recipient.reason}</div> : null}
              {recipient.error && !recipient.reason ? <div className="reason mono">{recipient.error}</div> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
