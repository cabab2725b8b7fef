/**
 * The IPC contract's channels for the office hub, spread into the one contract (contract.ts): creating, joining and
 * leaving the office, its people, the shared triage of a received fax (claims, notes, labels) and the audit trail.
 */
import { z } from 'zod';
import { invoke } from './contract-kit';
import { faxIdSchema } from './fax-id';
import type { ClaimOutcome, LabelView, OfficeView, PersonView, TriageNoteView, WaitingAction } from './office';

const noRequest = z.undefined();
const faxId = faxIdSchema;

export const officeInvokes = {
  /** The office hub: whether this desk is in an office, and how the hub answers. */
  getOffice: invoke<OfficeView>()(noRequest),
  /** Creates the office on a hub (the administrator's desk; IT's setup account makes the schema and is not kept). */
  createOffice: invoke<OfficeView>()(
    z
      .object({
        host: z.string().min(1).max(253),
        port: z.number().int().min(1).max(65_535),
        database: z.string().min(1).max(63),
        user: z.string().min(1).max(63),
        /** The administrator account's password, or a client certificate and its key (PEM) instead. */
        password: z.string().max(1000).optional(),
        clientCertificate: z.string().max(64 * 1024).optional(),
        clientKey: z.string().max(64 * 1024).optional(),
        ca: z.string().max(64 * 1024).optional(),
        name: z.string().trim().min(1).max(120),
        /** The server's setup account (IT's superuser), for this moment only. */
        setupUser: z.string().min(1).max(63),
        setupPassword: z.string().min(1).max(1000),
      })
      .strict(),
  ),
  /** Upgrades the hub's schema for this version of the app with IT's setup account (the administrator's desk). */
  upgradeOfficeHub: invoke<OfficeView>()(z.object({ setupUser: z.string().min(1).max(63), setupPassword: z.string().min(1).max(1000) }).strict()),
  joinOffice: invoke<OfficeView>()(z.object({ code: z.string().min(1).max(20_000) }).strict()),
  /** Leaves the office: this desk keeps its faxes, marks and notes; the hub keeps what was shared. */
  leaveOffice: invoke<OfficeView>()(z.object({ confirmed: z.literal(true) }).strict()),
  /** The actions waiting on this desk for the hub, oldest first (after the hub refused this desk they are kept here). */
  listOfficeWaiting: invoke<WaitingAction[]>()(noRequest),
  /** Asks the hub again after it refused this desk (a password reset, a removal undone). */
  retryOffice: invoke<OfficeView>()(noRequest),
  listOfficePeople: invoke<PersonView[]>()(noRequest),
  /** Adds a person (administrator only); the join code is shown once and taken for `validHours` (24 unless said). */
  addOfficePerson: invoke<{ joinCode: string }>()(
    z.object({ login: z.string().min(1).max(63), name: z.string().trim().min(1).max(120), validHours: z.number().int().min(1).max(168).optional() }).strict(),
  ),
  /** A new join code for a person already in the office; their old desk is out (administrator only). */
  resetOfficePerson: invoke<{ joinCode: string }>()(z.object({ login: z.string().min(1).max(63), validHours: z.number().int().min(1).max(168).optional(), confirmed: z.literal(true) }).strict()),
  /** Confirms a person waiting to join, whose screen shows this safety code (administrator only). */
  confirmOfficeJoin: invoke<null>()(z.object({ login: z.string().min(1).max(63), safetyCode: z.string().regex(/^\d{3} \d{3}$/), confirmed: z.literal(true) }).strict()),
  removeOfficePerson: invoke<null>()(z.object({ login: z.string().min(1).max(63) }).strict()),
  claimFax: invoke<ClaimOutcome>()(z.object({ faxId }).strict()),
  releaseFax: invoke<null>()(z.object({ faxId }).strict()),
  takeOverFax: invoke<null>()(z.object({ faxId, confirmed: z.literal(true) }).strict()),
  assignFax: invoke<null>()(z.object({ faxId, login: z.string().min(1).max(63).nullable() }).strict()),
  listTriageNotes: invoke<TriageNoteView[]>()(z.object({ faxId }).strict()),
  addTriageNote: invoke<null>()(z.object({ faxId, text: z.string().trim().min(1).max(5000) }).strict()),
  removeTriageNote: invoke<null>()(z.object({ faxId, noteId: z.uuid(), confirmed: z.literal(true) }).strict()),
  listOfficeLabels: invoke<LabelView[]>()(noRequest),
  /** Adds a label (id null) or renames one (administrator only). */
  saveOfficeLabel: invoke<{ id: string }>()(z.object({ id: z.uuid().nullable(), name: z.string().max(200) }).strict()),
  removeOfficeLabel: invoke<null>()(z.object({ id: z.uuid(), confirmed: z.literal(true) }).strict()),
  setFaxLabels: invoke<null>()(z.object({ faxId, labelIds: z.array(z.uuid()).max(50) }).strict()),
};
