import { describe, expect, it } from 'vitest';
import { mainWindowOptions } from '../../../main/shell/window-options';

describe('mainWindowOptions', () => {
  const options = mainWindowOptions('/app/preload/index.cjs', { devTools: false });
  const prefs = options.webPreferences ?? {};

  it('isolates the renderer: contextIsolation, sandbox, no Node anywhere', () => {
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
  });

  it('keeps web security on and the risky features off', () => {
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.allowRunningInsecureContent).toBe(false);
    expect(prefs.experimentalFeatures).toBe(false);
    expect(prefs.webviewTag).toBe(false);
    expect(prefs.navigateOnDragDrop).toBe(false);
    expect(prefs).not.toHaveProperty('enableBlinkFeatures');
    expect(prefs.devTools).toBe(false);
  });

  it('loads our preload only', () => {
    expect(prefs.preload).toBe('/app/preload/index.cjs');
  });
});
