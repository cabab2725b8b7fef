/** Lints a sample of code as if it were the named file, with the given configs only: for tests of our lint rules. */
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';

export function sampleLinter(configs: Linter.Config[]): (filePath: string, code: string) => Promise<string[]> {
  const eslint = new ESLint({ overrideConfigFile: true, overrideConfig: [{ files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } }, ...configs] });
  return async (filePath, code) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).map((message) => message.message);
  };
}
