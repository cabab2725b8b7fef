/**
 * A person's corrections laid over what intake read: each corrected field stands as the person wrote it (sure, at
 * the spot of the value or label it replaces), "" takes a field off ("not on this fax"), and a corrected field is
 * no longer "not read". Pure, so a new reading of the fax gets the same corrections laid over it.
 */
import { intakeFieldNames, type FaxIntake, type IntakeField, type IntakeFieldName } from '../../../preload/intake';

export type FieldCorrections = Partial<Record<IntakeFieldName, string>>;

const order = (field: IntakeField): number => intakeFieldNames.indexOf(field.name);

export function withCorrections(intake: FaxIntake, corrections: FieldCorrections): FaxIntake {
  const names = intakeFieldNames.filter((name) => corrections[name] !== undefined);
  if (names.length === 0) return intake;
  const fields = intake.fields.filter((field) => !names.includes(field.name));
  for (const name of names) {
    const value = corrections[name] ?? '';
    if (value === '') continue;
    const spot = intake.fields.find((field) => field.name === name) ?? intake.unread?.find((label) => label.name === name);
    fields.push({ name, value, confidence: 100, needsLook: false, page: spot?.page ?? 1, box: spot?.box ?? [0, 0, 0, 0], byPerson: true });
  }
  const unread = (intake.unread ?? []).filter((label) => !names.includes(label.name));
  const { unread: _read, ...rest } = intake;
  return { ...rest, fields: fields.sort((a, b) => order(a) - order(b)), ...(unread.length > 0 ? { unread } : {}) };
}
