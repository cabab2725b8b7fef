/** The IPC contract's channels for intake (what a received fax is, and whom it is about), spread into contract.ts. */
import { z } from 'zod';
import { invoke } from './contract-kit';
import { faxIdSchema } from './fax-id';
import { intakeFieldNames, type FaxIntake } from './intake';

const noRequest = z.undefined();
const faxId = faxIdSchema;

export const intakeInvokes = {
  /** A person says what a received fax is (its kind): the office's own model learns from it. */
  setFaxKind: invoke<null>()(z.object({ id: faxId, kind: z.string().trim().min(1).max(64) }).strict()),
  /** A person's value for a field intake read (or did not): "" says the fax has none. */
  setFaxField: invoke<FaxIntake>()(z.object({ id: faxId, name: z.enum(intakeFieldNames), value: z.string().max(200) }).strict()),
  /** The kinds a received fax can be given: the app's, then the office's own. */
  getIntakeKinds: invoke<{ builtIn: string[]; office: string[] }>()(noRequest),
  /** The office's own kinds of fax (the whole list; the app's kinds are never in it). */
  saveOfficeKinds: invoke<string[]>()(z.object({ kinds: z.array(z.string().max(200)).max(100) }).strict()),
};
