/**
 * The office's labels as this desk knows them: read from the hub at start and whenever the office's lists change
 * (the live feed says so), kept in memory only (names are sealed on the hub and never written to the cache), and
 * changed by the administrator. A fax's labels are ids; a name comes from here.
 */
import type { LabelView } from '../../preload/office';
import { cleanLabelName, listLabels, newLabelId, removeLabel, saveLabel, type OfficeLabel } from '../hub/office-labels';
import type { HubSession } from '../hub/hub-session';

export interface OfficeLabelBook {
  refresh(): Promise<void>;
  /** Every label, the removed ones included (a fax may still carry one). */
  all(): LabelView[];
  /** The named labels among these ids, in the office's order; an id no longer known is left out. */
  named(labelIds: readonly string[]): LabelView[];
  has(labelId: string): boolean;
  save(label: { id: string | null; name: string }): Promise<string>;
  remove(labelId: string): Promise<void>;
  clear(): void;
}

export function createOfficeLabelBook(deps: { withSession: <T>(work: (session: HubSession) => Promise<T>) => Promise<T> }): OfficeLabelBook {
  let labels: OfficeLabel[] = [];
  const order = new Map<string, number>();

  const keep = (listed: OfficeLabel[]): void => {
    labels = listed;
    order.clear();
    listed.forEach((label, index) => order.set(label.id, index));
  };

  const book: OfficeLabelBook = {
    async refresh() {
      keep(await deps.withSession((session) => session.withClient((client) => listLabels(client, session.officeKey))));
    },
    all: () => labels.map((label) => ({ ...label })),
    named(labelIds) {
      return labelIds
        .filter((id) => order.has(id))
        .sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0))
        .flatMap((id) => {
          const label = labels[order.get(id) ?? -1];
          return label ? [{ ...label }] : [];
        });
    },
    has: (labelId) => labels.some((label) => label.id === labelId && !label.removed),
    async save(label) {
      const previousName = label.id === null ? undefined : labels.find((known) => known.id === label.id)?.name;
      const id = label.id ?? newLabelId();
      const detail = { label: { id, name: cleanLabelName(label.name) }, ...(previousName === undefined ? {} : { previousName }) };
      await deps.withSession((session) => session.changeOffice(detail, (client, entry) => saveLabel(client, session.officeKey, { id, name: label.name, add: label.id === null }, entry)));
      await book.refresh();
      return id;
    },
    async remove(labelId) {
      const name = labels.find((known) => known.id === labelId)?.name ?? '';
      await deps.withSession((session) => session.changeOffice({ label: { id: labelId, name } }, (client, entry) => removeLabel(client, labelId, entry)));
      await book.refresh();
    },
    clear() {
      keep([]);
    },
  };
  return book;
}
