/**
 * Global setup: the page-render worker bundled once for the run from the current source, as the build bundles it
 * (test/helpers/test-page-renderer.ts gives it to the tests' cores; the SIGKILL tests' children inherit the
 * variable). A worker thread started through tsx compiled its TypeScript first: ~1 CPU-s more a start, ~20 a run.
 */
import { mainProcessExternals } from '../scripts/bundle-externals';
import { bundleForNode } from './helpers/node-bundle';

export default async function setup(): Promise<void> {
  process.env.FAX_TEST_PAGE_RENDER_WORKER = await bundleForNode('main/pages/page-render-worker.ts', 'page-render-worker', mainProcessExternals);
}
