/** Values vitest's globalSetup files give the tests (`inject`). */
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The e2e project's shared Chromium: its Playwright endpoint (ws://…), see test/e2e/browser-server.ts. */
    e2eBrowser: string;
  }
}
