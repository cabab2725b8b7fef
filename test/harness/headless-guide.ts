/**
 * What to tell someone who started the app on a machine without a display (a server, a container, SSH): the app
 * runs, but its window cannot be shown there — and how to see it anyway.
 */
export function hasDisplay(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): boolean {
  if (platform !== 'linux') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

export function headlessGuide(cdpUrl: string, command = 'npm run demo'): string {
  const port = new URL(cdpUrl).port;
  return [
    '',
    'Fax Desktop is running, but this machine has no display, so its window cannot be shown here.',
    'To see it, either:',
    `  • stop it (Ctrl+C) and start it on a virtual display:   xvfb-run -a ${command}`,
    `  • or open it from Chrome or Chromium: go to chrome://inspect, choose "Configure…", add 127.0.0.1:${port},`,
    '    then click "inspect" under Fax Desktop. From another computer, first forward the port over SSH:',
    `      ssh -L ${port}:127.0.0.1:${port} <this machine>`,
    `  • or drive it with Playwright: chromium.connectOverCDP('${cdpUrl}')`,
    `The DevTools address is ${cdpUrl} (this computer only).`,
    '',
  ].join('\n');
}
