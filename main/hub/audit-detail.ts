/**
 * What an audit entry changed, beyond its action: whom a fax was assigned to, which labels went on or off, whose
 * claim was taken over, which person or label the office gained or lost. Sealed with the office key and bound to
 * its entry (desk and number), so the hub holds no names in plaintext and a detail cannot be moved to another entry.
 */
import { z } from 'zod';
import { open, seal, type OfficeKeys } from './office-key';

const labelRef = z.object({ id: z.string().max(100), name: z.string().max(200) });

const auditDetailSchema = z
  .object({
    assignee: z.string().max(100).nullable(),
    labelsAdded: z.array(z.string().max(100)).max(200),
    labelsRemoved: z.array(z.string().max(100)).max(200),
    from: z.string().max(100),
    person: z.string().max(100),
    personName: z.string().max(200),
    label: labelRef,
    previousName: z.string().max(200),
    /** Where a fax was filed: the EHR over FHIR, an HL7 message, or a folder. */
    filedTo: z.enum(['fhir', 'mllp', 'folder']),
  })
  .partial();

export type AuditDetail = z.infer<typeof auditDetailSchema>;

const owner = (deskId: string, seq: number): string => `${deskId}/${seq}`;

export function sealAuditDetail(key: OfficeKeys, deskId: string, seq: number, detail: AuditDetail): string {
  return seal(key, 'audit', owner(deskId, seq), JSON.stringify(detail)).toString('base64');
}

/** The detail, or null when there is none; 'unreadable' when it does not open (another key, or altered). */
export function openAuditDetail(key: OfficeKeys, entry: { deskId: string; seq: number; detail: string | null }): AuditDetail | 'unreadable' | null {
  if (entry.detail === null) return null;
  try {
    const parsed = auditDetailSchema.safeParse(JSON.parse(open(key, 'audit', owner(entry.deskId, entry.seq), Buffer.from(entry.detail, 'base64'))));
    return parsed.success ? parsed.data : 'unreadable';
  } catch {
    return 'unreadable';
  }
}
