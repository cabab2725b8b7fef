// page.evaluate bodies run in the renderer, where the preload (or the harness) installed window.fax.
import type { FaxApi } from '../../preload/bridge';

declare global {
  interface Window {
    readonly fax: FaxApi;
  }
}
