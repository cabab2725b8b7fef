/**
 * Global setup: a folder for this run's PostgreSQL templates (test/helpers/postgres-template.ts), made empty here —
 * the first private cluster asked for makes its template, so a run without hub tests pays nothing — and removed
 * with everything in it when the run ends.
 */
import fs from 'node:fs';
import { makeTemplatesFolder } from './helpers/postgres-template';

export default function setup(): () => void {
  const dir = makeTemplatesFolder();
  process.env.FAX_TEST_PG_TEMPLATES = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
