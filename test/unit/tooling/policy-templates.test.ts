/**
 * The IT templates (ADMX/ADML, macOS profile, JSON) are made from the policy schema and checked by
 * check:packaging: the committed ones pass; a stale or hand-edited one, a missing file, or a profile value the
 * schema refuses is caught.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkPolicyTemplates } from '../../../scripts/policy-templates-check';
import { examplePolicies, policyTemplatesFolder, renderPolicyTemplates } from '../../../scripts/policy-templates';
import { checkPolicies } from '../../../main/policy/policy-values';
import { policyNames } from '../../../preload/policy';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'policy-templates-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function copyWith(change: (files: Record<string, string>) => void): string {
  const root = fs.mkdtempSync(path.join(work, 'root-'));
  const files = renderPolicyTemplates();
  change(files);
  for (const [relative, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, policyTemplatesFolder, relative)), { recursive: true });
    fs.writeFileSync(path.join(root, policyTemplatesFolder, relative), text);
  }
  return root;
}

describe('policy templates', () => {
  it('the committed templates are what the schema makes, and every example passes the schema', () => {
    expect(checkPolicyTemplates(process.cwd())).toEqual([]);
    const read = checkPolicies(examplePolicies());
    expect(read.problems).toEqual([]);
    expect(Object.keys(read.policies).sort()).toEqual([...policyNames].sort());
  });

  it('every policy is in the ADMX with its words in English and German', () => {
    const files = renderPolicyTemplates();
    for (const name of policyNames) {
      expect(files['fax-desktop.admx']).toContain(`<policy name="${name}"`);
      expect(files['en-US/fax-desktop.adml']).toContain(`<string id="${name}">`);
      expect(files['de-DE/fax-desktop.adml']).toContain(`<string id="${name}">`);
    }
    expect(files['de-DE/fax-desktop.adml']).toContain('Spätestens sperren nach');
    expect(files['fax-desktop.admx']).toContain('key="Software\\Policies\\Fax Desktop"');
  });

  it('catches a hand-edited template and a missing one', () => {
    const edited = copyWith((files) => {
      files['fax-desktop.admx'] = (files['fax-desktop.admx'] ?? '').replace('<policies>', '<policies><policy>');
    });
    expect(checkPolicyTemplates(edited).join('\n')).toMatch(/fax-desktop\.admx is not what the policy schema makes/);
    const missing = copyWith((files) => {
      delete files['de-DE/fax-desktop.adml'];
    });
    expect(checkPolicyTemplates(missing).join('\n')).toMatch(/de-DE\/fax-desktop\.adml is missing/);
  });
});
