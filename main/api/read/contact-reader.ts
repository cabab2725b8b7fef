/**
 * Contacts from whatever shape the service chose: a name whole, split in first and last, or only an
 * organisation; one fax number or several (strings, or objects with a type or label), under fax-like names or in
 * a list of phone numbers labelled "fax". A number labelled as a voice line is never taken for a fax number.
 */
import type { ContactView } from '../../../preload/models';
import { e164, isRecord, pick, text, type Json } from './json-shape';

const voiceLabel = /\b(mobile|cell|home|voice|phone|tel|landline|sms|whatsapp)\b/i;
const faxLabel = /fax/i;

interface FoundNumber {
  number: string;
  label: string | null;
  /** What the entry says it is, from every field that says so (type "phone" and label "Front desk": a voice line). */
  kind: 'fax' | 'voice' | null;
}

function labelOf(entry: Json): string | null {
  return text(pick(entry, 'label', 'display_name', 'displayName', 'name', 'description', 'type', 'kind', 'usage'));
}

function kindOf(entry: Json, inherited: string | null): FoundNumber['kind'] {
  const says = ['type', 'kind', 'usage', 'category', 'channel', 'label', 'name', 'description'].map((key) => text(pick(entry, key))).filter((word): word is string => word !== null);
  if (inherited !== null) says.push(inherited);
  if (says.some((word) => faxLabel.test(word))) return 'fax';
  if (says.some((word) => voiceLabel.test(word))) return 'voice';
  return null;
}

/** Numbers in a value: a string, an array of strings, an object or an array of objects (each with its label). */
function numbersIn(value: unknown, inheritedLabel: string | null): FoundNumber[] {
  if (Array.isArray(value)) return value.flatMap((item) => numbersIn(item, inheritedLabel));
  if (isRecord(value)) {
    const number = e164(pick(value, 'number', 'fax_number', 'faxNumber', 'phone_number', 'phoneNumber', 'telephone', 'e164', 'value', 'address'));
    return number ? [{ number, label: labelOf(value) ?? inheritedLabel, kind: kindOf(value, inheritedLabel) }] : [];
  }
  const number = e164(value);
  return number ? [{ number, label: inheritedLabel, kind: inheritedLabel === null ? null : faxLabel.test(inheritedLabel) ? 'fax' : voiceLabel.test(inheritedLabel) ? 'voice' : null }] : [];
}

function readNumbers(raw: Json): Array<{ number: string; label: string | null }> {
  const faxKeyed: FoundNumber[] = [];
  const listed: FoundNumber[] = [];
  const generic: FoundNumber[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (faxLabel.test(key)) faxKeyed.push(...numbersIn(value, /^fax(_?numbers?)?$/i.test(key) ? null : key));
    else if (/^(numbers|phones|phone_numbers|phoneNumbers|telephones|contact_methods|contactMethods|channels)$/i.test(key)) listed.push(...numbersIn(value, null));
    else if (/^(number|e164|fax|phone_number|phoneNumber)$/i.test(key)) generic.push(...numbersIn(value, null));
  }
  const labelledFax = listed.filter((found) => found.kind === 'fax');
  const unlabelled = [...listed, ...generic].filter((found) => found.kind === null);
  const candidates = faxKeyed.length > 0 || labelledFax.length > 0 ? [...faxKeyed.filter((found) => found.kind !== 'voice'), ...labelledFax] : unlabelled;
  const unique = new Map<string, { number: string; label: string | null }>();
  for (const found of candidates) if (!unique.has(found.number)) unique.set(found.number, { number: found.number, label: found.label });
  return [...unique.values()];
}

function readName(raw: Json): string | null {
  const whole = pick(raw, 'name', 'display_name', 'displayName', 'full_name', 'fullName', 'contact_name', 'contactName');
  if (typeof whole === 'string' && whole.trim() !== '') return whole.trim();
  const nameObject = isRecord(whole) ? whole : {};
  const first = text(pick(raw, 'first_name', 'firstName', 'given_name', 'givenName', 'first')) ?? text(pick(nameObject, 'first', 'given', 'first_name', 'givenName'));
  const last = text(pick(raw, 'last_name', 'lastName', 'family_name', 'familyName', 'surname', 'last')) ?? text(pick(nameObject, 'last', 'family', 'last_name', 'familyName'));
  const joined = [first, last].filter((part): part is string => part !== null).join(' ');
  return joined === '' ? null : joined;
}

function readCompany(raw: Json): string | null {
  const company = pick(raw, 'company', 'organization', 'organisation', 'companyName', 'company_name', 'org', 'business_name', 'businessName', 'practice');
  return isRecord(company) ? text(pick(company, 'name', 'display_name')) : text(company);
}

function readEmail(raw: Json): string | null {
  const email = pick(raw, 'email', 'email_address', 'emailAddress', 'emails', 'emailAddresses');
  const first: unknown = Array.isArray(email) ? (email as unknown[])[0] : email;
  return isRecord(first) ? text(pick(first, 'address', 'email', 'value')) : text(first);
}

export function readContact(raw: Json): ContactView {
  const faxNumbers = readNumbers(raw);
  const company = readCompany(raw);
  return {
    id: String(raw.id),
    name: readName(raw) ?? company,
    faxNumber: faxNumbers[0]?.number ?? null,
    faxNumbers,
    company,
    email: readEmail(raw),
  };
}
