import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';
import { t } from '../i18n';

export function EmptyState({ icon, title, children }: { icon: IconName; title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <Icon name={icon} size={44} />
      <strong>{title}</strong>
      {children}
    </div>
  );
}

export function SkeletonLines({ count = 3 }: { count?: number }) {
  return (
    <div aria-busy="true" aria-label={t('emptyState.loading')}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="skeleton skeleton-line" style={{ width: `${90 - index * 15}%` }} />
      ))}
    </div>
  );
}
