import { ConfirmDialog } from '../components/ConfirmDialog';
import type { IpcError } from '../data/ipc';
import { leaveOffice } from '../data/office';
import { t } from '../i18n';

/** "Leave the office?" — asked wherever a person may leave (in the office, or refused by its hub). */
export function LeaveOfficeConfirm({ onClose, onRefused }: { onClose: () => void; onRefused: (error: IpcError) => void }) {
  return (
    <ConfirmDialog
      title={t('office.leaveTitle')}
      confirmLabel={t('office.leaveTheOffice')}
      onCancel={onClose}
      onConfirm={() => {
        onClose();
        void leaveOffice().then((refused) => refused && onRefused(refused));
      }}
    >
      {t('office.leaveBody')}
    </ConfirmDialog>
  );
}
