import { t } from '../i18n';

/** The note under a setting or beside a button the organization's policies decide. */
export function SetByOrganization({ id, text }: { id?: string; text?: string }) {
  return (
    <span className="field-hint policy-note" id={id} data-testid="set-by-organization">
      {text ?? t('policy.setByOrganization')}
    </span>
  );
}
