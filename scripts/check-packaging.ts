/** `npm run check:packaging`: see packaging-check.ts. Needs `npm run build` first. */
import { checkPackaging } from './packaging-check';

const problems = await checkPackaging(process.cwd());
for (const problem of problems) console.error(`packaging: ${problem}`);
console.log(problems.length === 0 ? 'packaging: electron-builder.yml is valid and everything it packs exists' : `packaging: ${String(problems.length)} problem(s)`);
if (problems.length > 0) process.exit(1);
