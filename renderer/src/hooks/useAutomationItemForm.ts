import { useState } from 'react';
import type { Automation } from '../../../preload/automation';
import type { MessageId } from '../../../preload/i18n/translator';
import { saveAutomation } from '../data/automation';
import type { IpcError } from '../data/ipc';
import { toast } from '../data/toasts';
import { t } from '../i18n';

/**
 * Saving and removing one item of the office automation (a hot folder, a rule): main checks the whole set, so the
 * item is saved as part of it, and a refusal shows its reason and keeps what was typed.
 */
export function useAutomationItemForm<T extends { id: string }>(options: {
  items: readonly T[];
  /** The whole set with these items in place of the list's. */
  withItems: (items: T[]) => Automation;
  id: string;
  isNew: boolean;
  saved: MessageId;
  onDone: () => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  /** `build` turns the form into the item (it may throw the reason, e.g. a contact that is not there). */
  const save = async (build: () => Promise<T>) => {
    setSaving(true);
    try {
      const next = await build();
      const others = options.items.filter((other) => other.id !== options.id);
      const items = options.isNew ? [...others, next] : options.items.map((other) => (other.id === options.id ? next : other));
      const refused = await saveAutomation(options.withItems(items));
      setProblem(refused?.message ?? null);
      if (!refused) {
        toast('info', t(options.saved));
        options.onDone();
      }
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  /** `first` undoes what depends on the item (a hot folder's printer); its refusal keeps the item. */
  const remove = async (first?: () => Promise<IpcError | null>) => {
    const blocked = first ? await first() : null;
    if (blocked) {
      setProblem(blocked.message);
      return;
    }
    const refused = await saveAutomation(options.withItems(options.items.filter((other) => other.id !== options.id)));
    setProblem(refused?.message ?? null);
    if (!refused) options.onDone();
  };

  return { problem, saving, save, remove };
}
