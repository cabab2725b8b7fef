/** Intake's kinds (the app's and the office's own), a person's kind for a fax, and a person's value for a field. */
import type { FaxId } from '../../../preload/fax-id';
import { faxApi } from './ipc';
import { createStore } from './store';
import { toast, toastError } from './toasts';
import { t } from '../i18n';
import { fieldName, kindName } from '../intake/intake-words';
import type { IntakeFieldName } from '../../../preload/intake';

export const intakeKindsStore = createStore<{ builtIn: string[]; office: string[] }>({ builtIn: [], office: [] });

export async function loadIntakeKinds(): Promise<void> {
  const result = await faxApi().getIntakeKinds();
  if (result.ok) intakeKindsStore.set(result.value);
}

export async function setFaxKind(id: FaxId, kind: string): Promise<boolean> {
  const result = await faxApi().setFaxKind({ id, kind });
  if (!result.ok) {
    toastError(result.error);
    return false;
  }
  toast('success', t('intake.kindSaved', { kind: kindName(kind) }));
  return true;
}

/** A person's value for a field of a fax ("": not on the fax); false (and the reason shown) when refused. */
export async function setFaxField(id: FaxId, name: IntakeFieldName, value: string): Promise<boolean> {
  const result = await faxApi().setFaxField({ id, name, value });
  if (!result.ok) {
    toastError(result.error);
    return false;
  }
  toast('success', t('intake.fieldSaved', { field: fieldName(name) }));
  return true;
}

/** Saves the office's own kinds; false (and the reason shown) when they were refused. */
export async function saveOfficeKinds(kinds: string[]): Promise<boolean> {
  const result = await faxApi().saveOfficeKinds({ kinds });
  if (!result.ok) {
    toastError(result.error);
    return false;
  }
  intakeKindsStore.set((current) => ({ ...current, office: result.value }));
  return true;
}
