/**
 * Policies from whatever the computer keeps them in, checked one by one against the policy schema: a value that
 * does not fit is left out with its reason (logged by name, never with its value), the rest apply. Each source's
 * format is read here: the Linux JSON file, `reg.exe query` output (Windows), `plutil -convert json` output of a
 * managed preferences plist (macOS).
 */
import { policyFields, policyNames, type Policies, type PolicyName } from '../../preload/policy';

export interface PolicyProblem {
  name: string;
  reason: string;
}

export interface ReadPolicies {
  policies: Policies;
  problems: PolicyProblem[];
}

const isPolicyName = (name: string): name is PolicyName => (policyNames as string[]).includes(name);

/** Checks raw values (numbers and booleans as the source gives them) against the schema, one by one. */
export function checkPolicies(raw: Record<string, unknown>): ReadPolicies {
  const policies: Record<string, unknown> = {};
  const problems: PolicyProblem[] = [];
  for (const [name, value] of Object.entries(raw)) {
    if (!isPolicyName(name)) {
      problems.push({ name, reason: 'not a policy of this app' });
      continue;
    }
    const parsed = policyFields[name].safeParse(value);
    if (parsed.success) policies[name] = parsed.data;
    else problems.push({ name, reason: parsed.error.issues[0]?.message ?? 'not valid' });
  }
  return { policies: policies, problems };
}

/** The Linux policy file's text (a JSON object). */
export function policiesFromJson(text: string): ReadPolicies {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { policies: {}, problems: [{ name: '(file)', reason: 'not JSON' }] };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { policies: {}, problems: [{ name: '(file)', reason: 'not a JSON object' }] };
  return checkPolicies(parsed as Record<string, unknown>);
}

/** Booleans in the registry are DWORDs (0 or 1); a list is a REG_MULTI_SZ. */
function registryValue(type: string, data: string): unknown {
  if (type === 'REG_DWORD' || type === 'REG_QWORD') {
    const number = Number.parseInt(data, 16);
    return Number.isNaN(number) ? data : number;
  }
  if (type === 'REG_MULTI_SZ') return data === '' ? [] : data.split('\\0').filter((item) => item !== '');
  return data;
}

/** Booleans the schema expects arrive as 0/1 from the registry: they are turned into booleans here, nothing else. */
function withBooleans(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    const expectsBoolean = isPolicyName(name) && policyFields[name].safeParse(true).success && !policyFields[name].safeParse(1).success;
    out[name] = expectsBoolean && (value === 0 || value === 1) ? value === 1 : value;
  }
  return out;
}

/**
 * The values of one key as `reg query "<key>"` prints them:
 *
 *     HKEY_LOCAL_MACHINE\Software\Policies\Fax Desktop
 *         ServiceUrl    REG_SZ    https://fax.example.com/v1
 *         DisableCsvExport    REG_DWORD    0x1
 */
export function policiesFromRegQuery(output: string): ReadPolicies {
  const raw: Record<string, unknown> = {};
  for (const line of output.split(/\r?\n/)) {
    const match = /^ {4}(\S(?:.*?\S)?) {4}(REG_[A-Z_]+)(?: {4}(.*))?$/.exec(line);
    if (!match) continue;
    const [, name = '', type = '', data = ''] = match;
    raw[name] = registryValue(type, data);
  }
  return checkPolicies(withBooleans(raw));
}

/** A managed preferences plist as `plutil -convert json -o - <file>` prints it. */
export function policiesFromPlutilJson(text: string): ReadPolicies {
  return policiesFromJson(text);
}

/** Policies of the machine (HKLM) win over the user's (HKCU), as Windows applies them. */
export function layered(machine: ReadPolicies, user: ReadPolicies): ReadPolicies {
  return { policies: { ...user.policies, ...machine.policies }, problems: [...machine.problems, ...user.problems] };
}
