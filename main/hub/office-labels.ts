/**
 * The office's labels (Referral, Lab, Records request): defined by the administrator, names sealed with the office
 * key, read by every desk. A removed label keeps its row (marked removed) so a fax that carries it still reads; it
 * is no longer offered. Adding, renaming and removing go through the hub's functions, which only the administrator
 * may call; the desk role may only read them.
 */
import crypto from 'node:crypto';
import type { ClientBase } from 'pg';
import { AppError } from '../errors';
import { msg } from '../../preload/i18n/translator';
import { openOrNull, seal, type OfficeKeys } from './office-key';
import type { SealedDetail } from './audit-append';

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

/** A new label's id (the desk makes it, so that the change's audit entry can name the label it adds). */
export const newLabelId = (): string => crypto.randomUUID();

/**
 * Adds a label (`add`, with a new id) or renames one; a name another label already has is refused. The hub's
 * function writes it with its audit entry (`entry`, sealed for the entry's number).
 */
export async function saveLabel(client: ClientBase, officeKey: OfficeKeys, label: { id: string; name: string; add: boolean }, entry: SealedDetail): Promise<string> {
  const name = cleanLabelName(label.name);
  const existing = await listLabels(client, officeKey);
  const clash = existing.find((other) => !other.removed && other.id !== label.id && other.name.toLocaleLowerCase() === name.toLocaleLowerCase());
  if (clash) throw new AppError('conflict', msg('office.labelExists'), { code: 'office_label_exists' });
  const saved = await client.query<{ saved: boolean }>('SELECT fax_hub.save_label($1, $2, $3, $4, $5, $6) AS saved', [label.id, label.add, seal(officeKey, 'label', label.id, name), entry.deskId, entry.seq, entry.detail]);
  if (saved.rows[0]?.saved !== true) throw new AppError('not_found', msg('office.noSuchLabel'), { code: 'office_no_label' });
  return label.id;
}

export async function removeLabel(client: ClientBase, labelId: string, entry: SealedDetail): Promise<void> {
  await client.query('SELECT fax_hub.remove_label($1, $2, $3, $4)', [labelId, entry.deskId, entry.seq, entry.detail]);
}
