/** `npm run policy:templates`: writes the IT templates made from the policy schema (see policy-templates.ts). */
import fs from 'node:fs';
import path from 'node:path';
import { policyTemplatesFolder, renderPolicyTemplates } from './policy-templates';

for (const [relative, text] of Object.entries(renderPolicyTemplates())) {
  const file = path.join(policyTemplatesFolder, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  console.log(`wrote ${file}`);
}
