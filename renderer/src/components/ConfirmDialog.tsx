/** "Are you sure?" for an action that cannot be undone: Cancel, and a red button that says what happens. */
import type { ReactNode } from 'react';
import { Dialog } from './Dialog';
import { t } from '../i18n';

export function ConfirmDialog({ title, confirmLabel, onCancel, onConfirm, children }: { title: string; confirmLabel: string; onCancel: () => void; onConfirm: () => void; children: ReactNode }) {
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="button" onClick={onCancel}>{t('confirmDialog.cancel')}</button>
          <button type="button" className="button button-danger" onClick={onConfirm}>
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
