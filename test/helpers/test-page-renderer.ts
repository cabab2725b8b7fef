/**
 * Where the tests' cores find the page-render worker: the bundle this run made of its current source
 * (test/page-render-worker-setup.ts), started by plain Node as the app starts its own; outside a vitest run (the
 * harness's command line, the demo), the source through tsx.
 */
import { sourcePageRendererLocation, type PageRendererLocation } from '../../main/pages/page-renderer';

export function testPageRendererLocation(): PageRendererLocation {
  const fromSource = sourcePageRendererLocation();
  const bundle = process.env.FAX_TEST_PAGE_RENDER_WORKER;
  return bundle ? { ...fromSource, script: bundle, execArgv: [] } : fromSource;
}
