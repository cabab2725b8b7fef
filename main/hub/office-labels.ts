/**
 * The office's labels (Referral, Lab, Records request): defined by the administrator, names sealed with the office
 * key, read by every desk. A removed label keeps its row (marked removed) so a fax that carries it still reads; it
 * is no longer offered. Adding, renaming and removing run on the administrator's connection (the schema's owner):
 * the desk role may only read them.
 */
import crypto from 'node:crypto';
import type { ClientBase } from 'pg';
import { AppError } from '../errors';
import { msg } from '../../preload/i18n/translator';
import { openOrNull, seal, type OfficeKeys } from './office-key';

export interface OfficeLabel {
  id: string;
  name: string;
  removed: boolean;
}

export const labelNameMax = 40;

export function cleanLabelName(name: string): string {
  const cleaned = name.replace(/\s+/g, ' ').trim();
  if (cleaned === '' || cleaned.length > labelNameMax) throw new AppError('invalid_input', msg('office.labelNameInvalid', { max: labelNameMax }), { code: 'office_label_name' });
  return cleaned;
}

export async function listLabels(client: ClientBase, officeKey: OfficeKeys): Promise<OfficeLabel[]> {
  const rows = await client.query<{ id: string; name_sealed: Buffer; removed_at: Date | null }>('SELECT id, name_sealed, removed_at FROM fax_hub.labels ORDER BY created_at, id');
  // A name that does not open (altered on the hub) is left out rather than shown as something it is not.
  return rows.rows.flatMap((row) => {
    const name = openOrNull(officeKey, 'label', row.id, row.name_sealed);
    return name === null ? [] : [{ id: row.id, name, removed: row.removed_at !== null }];
  });
}

/** Adds a label (id null) or renames one; a name another label already has is refused. Returns the label's id. */
export async function saveLabel(client: ClientBase, officeKey: OfficeKeys, label: { id: string | null; name: string }): Promise<string> {
  const name = cleanLabelName(label.name);
  const existing = await listLabels(client, officeKey);
  const clash = existing.find((other) => !other.removed && other.id !== label.id && other.name.toLocaleLowerCase() === name.toLocaleLowerCase());
  if (clash) throw new AppError('conflict', msg('office.labelExists'), { code: 'office_label_exists' });
  if (label.id === null) {
    const id = crypto.randomUUID();
    await client.query('INSERT INTO fax_hub.labels (id, name_sealed) VALUES ($1, $2)', [id, seal(officeKey, 'label', id, name)]);
    return id;
  }
  const updated = await client.query('UPDATE fax_hub.labels SET name_sealed = $2 WHERE id = $1 AND removed_at IS NULL', [label.id, seal(officeKey, 'label', label.id, name)]);
  if (updated.rowCount === 0) throw new AppError('not_found', msg('office.noSuchLabel'), { code: 'office_no_label' });
  return label.id;
}

export async function removeLabel(client: ClientBase, labelId: string): Promise<void> {
  await client.query('UPDATE fax_hub.labels SET removed_at = clock_timestamp() WHERE id = $1 AND removed_at IS NULL', [labelId]);
}
