import { Icon } from './Icon';
import { t } from '../i18n';

/** The note under a setting or beside a button the organization's policies decide: a lock and the reason, in view. */
export function SetByOrganization({ id, text }: { id?: string; text?: string }) {
  return (
    <span className="field-hint policy-note" id={id} data-testid="set-by-organization">
      <Icon name="lock" size={13} />
      <span>{text ?? t('policy.setByOrganization')}</span>
    </span>
  );
}
