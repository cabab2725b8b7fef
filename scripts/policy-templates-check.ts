/**
 * Checks the IT templates in assets/policies: each is exactly what the policy schema makes now (a changed
 * schema without `npm run policy:templates` is caught), the ADMX and ADMLs are well-formed XML whose every
 * `$(string.…)` and `$(presentation.…)` is defined in both languages, and the JSON and profile examples pass the
 * policy schema with nothing ignored.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { checkPolicies } from '../main/policy/policy-values';
import { policyNames } from '../preload/policy';
import { policyTemplates, policyTemplatesFolder, renderPolicyTemplates } from './policy-templates';

// Loaded without their type declarations: @xmldom's pull the DOM's types into the whole main project.
const load = createRequire(import.meta.url);
const { DOMParser } = load('@xmldom/xmldom') as {
  DOMParser: new (options: { errorHandler: { warning: (message: string) => void; error: (message: string) => void; fatalError: (message: string) => void } }) => { parseFromString(text: string, type: string): unknown };
};
const plist = load('plist') as { parse(text: string): unknown };

function wellFormed(text: string, name: string, problems: string[]): void {
  const errors: string[] = [];
  new DOMParser({ errorHandler: { warning: () => undefined, error: (message) => errors.push(message), fatalError: (message) => errors.push(message) } }).parseFromString(text, 'text/xml');
  for (const error of errors) problems.push(`${name} is not well-formed XML: ${error.split('\n')[0] ?? ''}`);
}

export function checkPolicyTemplates(root: string): string[] {
  const problems: string[] = [];
  for (const name of policyNames) if (!(name in policyTemplates)) problems.push(`policy ${name} has no template entry`);
  const made = renderPolicyTemplates();
  const read = (relative: string): string | null => {
    const file = path.join(root, policyTemplatesFolder, relative);
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  };
  for (const [relative, text] of Object.entries(made)) {
    const committed = read(relative);
    if (committed === null) problems.push(`${policyTemplatesFolder}/${relative} is missing (npm run policy:templates)`);
    else if (committed !== text) problems.push(`${policyTemplatesFolder}/${relative} is not what the policy schema makes (npm run policy:templates)`);
  }

  const admx = made['fax-desktop.admx'] ?? '';
  wellFormed(admx, 'the ADMX', problems);
  const references = (kind: 'string' | 'presentation'): string[] => [...admx.matchAll(new RegExp(`\\$\\(${kind}\\.([A-Za-z0-9_]+)\\)`, 'g'))].map((match) => match[1] ?? '');
  for (const language of ['en-US', 'de-DE']) {
    const adml = made[`${language}/fax-desktop.adml`] ?? '';
    wellFormed(adml, `the ${language} ADML`, problems);
    for (const id of references('string')) if (!adml.includes(`<string id="${id}">`)) problems.push(`the ${language} ADML has no string ${id}`);
    for (const id of references('presentation')) if (!adml.includes(`<presentation id="${id}">`)) problems.push(`the ${language} ADML has no presentation ${id}`);
  }
  for (const name of policyNames) if (!admx.includes(`<policy name="${name}"`)) problems.push(`the ADMX has no policy ${name}`);

  const json = checkPolicies(JSON.parse(made['policies.example.json'] ?? '{}') as Record<string, unknown>);
  for (const problem of json.problems) problems.push(`policies.example.json: ${problem.name} ${problem.reason}`);
  if (Object.keys(json.policies).length !== policyNames.length) problems.push('policies.example.json does not set every policy');

  const profile = plist.parse(made['fax-desktop.mobileconfig'] ?? '') as { PayloadContent?: Array<Record<string, unknown>> };
  const payload = Object.fromEntries(Object.entries(profile.PayloadContent?.[0] ?? {}).filter(([key]) => !key.startsWith('Payload')));
  const fromProfile = checkPolicies(payload);
  for (const problem of fromProfile.problems) problems.push(`fax-desktop.mobileconfig: ${problem.name} ${problem.reason}`);
  if (Object.keys(fromProfile.policies).length !== policyNames.length) problems.push('fax-desktop.mobileconfig does not set every policy');
  return problems;
}
