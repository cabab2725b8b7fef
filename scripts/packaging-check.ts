/**
 * Checks the installer configuration without the Electron binary or a network: electron-builder's own schema
 * validation of electron-builder.yml, then that everything it packs exists (built main, preload and renderer, the
 * license list, icons, entitlements), that the security fuses are set, that native modules are unpacked from asar,
 * that "Open with" covers every file type the app opens, and the desktop integration: the self-update feed (a
 * generic HTTPS provider), the appId the app gives Windows, the Linux desktop name the launcher badge needs, and
 * the tray icons packed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { openableExtensions } from '../main/desktop-integration/open-with';
import { appId, desktopFileName } from '../main/shell/app-identity';
import { checkPolicyTemplates } from './policy-templates-check';

type BuilderConfig = Awaited<ReturnType<typeof getConfig>>;

export const requiredFuses: Readonly<Record<string, boolean>> = {
  runAsNode: false,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  grantFileProtocolExtraPrivileges: false,
};

const silentDebugLogger = { isEnabled: false, add: () => undefined } as unknown as Parameters<typeof validateConfiguration>[1];

function asList<T>(value: T | readonly T[] | null | undefined): T[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? [...(value as readonly T[])] : [value as T];
}

/** Native addons (.node files) of the production dependencies, relative to the project. */
function nativeAddons(root: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules') walk(full);
      else if (entry.isFile() && entry.name.endsWith('.node')) found.push(path.relative(root, full));
    }
  };
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    const dir = path.join(root, 'node_modules', name);
    if (fs.existsSync(dir)) walk(dir);
  }
  return found;
}

function globToRegExp(glob: string): RegExp {
  let pattern = '';
  for (let index = 0; index < glob.length; index += 1) {
    const character = glob.charAt(index);
    if (character === '*' && glob.charAt(index + 1) === '*') {
      pattern += '.*';
      index += 1;
      if (glob.charAt(index + 1) === '/') index += 1;
    } else if (character === '*') pattern += '[^/]*';
    else pattern += character.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${pattern}$`);
}

export async function checkPackaging(root: string, configFile = 'electron-builder.yml'): Promise<string[]> {
  // The templates IT uses for policies (ADMX/ADML, a macOS profile, a JSON file), against the policy schema.
  const problems: string[] = checkPolicyTemplates(root);
  let config: BuilderConfig;
  try {
    config = await getConfig(root, path.join(root, configFile), null);
    await validateConfiguration(config, silentDebugLogger);
  } catch (error) {
    return [`${configFile} is not a valid electron-builder configuration: ${error instanceof Error ? error.message.split('\n')[0] ?? '' : String(error)}`];
  }
  const exists = (relative: string | null | undefined, what: string): void => {
    if (!relative) problems.push(`${what} is not configured`);
    else if (!fs.existsSync(path.join(root, relative))) problems.push(`${what} is missing: ${relative}`);
  };

  // What the app runs from.
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { main?: string; desktopName?: string };
  exists(manifest.main, 'the main entry (package.json "main")');
  exists('dist/preload/index.cjs', 'the built preload');
  exists('dist/renderer/index.html', 'the built renderer');
  exists('dist/renderer/licenses.json', 'the license list for the About view');
  // electron-builder normalises `files` into file sets ({ filter: [...] }); plain strings are accepted too.
  const packed = asList(config.files as unknown)
    .flatMap((entry) => (typeof entry === 'string' ? [entry] : asList((entry as { filter?: string | string[] }).filter)))
    .filter((pattern) => !pattern.startsWith('!'));
  const trayIcons = ['assets/trayTemplate.png', 'assets/trayTemplate@2x.png', 'assets/icons/16x16.png', 'assets/icons/24x24.png'];
  for (const icon of trayIcons) exists(icon, 'a tray icon');
  for (const needed of [manifest.main ?? '', 'dist/preload/index.cjs', 'dist/renderer/index.html', 'dist/renderer/crashed.html', 'dist/renderer/licenses.json', 'package.json', ...trayIcons]) {
    if (!packed.some((pattern) => globToRegExp(pattern).test(needed))) problems.push(`"files" does not pack ${needed}`);
  }

  // Icons and platform resources.
  exists(config.win?.icon, 'the Windows icon');
  exists(config.mac?.icon, 'the macOS icon');
  exists(config.mac?.entitlements, 'the macOS entitlements');
  exists(config.mac?.entitlementsInherit, 'the macOS inherited entitlements');
  if (config.mac?.hardenedRuntime !== true) problems.push('macOS: hardenedRuntime must be on (notarization needs it)');
  exists(config.nsis?.installerIcon, 'the installer icon');
  const linuxIcons = config.linux?.icon;
  if (!linuxIcons || !fs.existsSync(path.join(root, linuxIcons))) problems.push('the Linux icon folder is missing');
  else {
    for (const size of [16, 32, 48, 64, 128, 256, 512]) exists(path.join(linuxIcons, `${String(size)}x${String(size)}.png`), `the ${String(size)} px Linux icon`);
  }
  const targets = (platform: { target?: unknown } | null | undefined) => asList(platform?.target as string | string[] | undefined).map(String);
  for (const [platform, wanted] of [
    ['win', 'nsis'],
    ['win', 'msi'],
    ['mac', 'dmg'],
    ['mac', 'pkg'],
    ['linux', 'AppImage'],
    ['linux', 'deb'],
  ] as const) {
    if (!targets(config[platform]).includes(wanted)) problems.push(`${platform} does not build ${wanted}`);
  }

  // Installers for IT: per machine and silent, upgrading in place.
  const msi = (config as { msi?: { perMachine?: boolean; upgradeCode?: string } }).msi;
  if (msi?.perMachine !== true) problems.push('msi: perMachine must be true (IT installs for every user)');
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(msi?.upgradeCode ?? '')) problems.push('msi: a fixed upgradeCode is needed (a newer MSI replaces an older one)');
  const pkg = (config as { pkg?: { installLocation?: string; allowCurrentUserHome?: boolean } }).pkg;
  if (pkg?.installLocation !== '/Applications' || pkg.allowCurrentUserHome !== false) problems.push('pkg: must install into /Applications for every user');

  // Security.
  if (config.asar === false) problems.push('asar must be on');
  const fuses = (config.electronFuses ?? {}) as Record<string, unknown>;
  for (const [fuse, value] of Object.entries(requiredFuses)) {
    if (fuses[fuse] !== value) problems.push(`the ${fuse} fuse must be ${String(value)}`);
  }
  const unpacked = asList(config.asarUnpack as string | string[] | undefined).map(globToRegExp);
  for (const addon of nativeAddons(root)) {
    if (!unpacked.some((pattern) => pattern.test(addon.replace(/\\/g, '/')))) problems.push(`the native module ${addon} is not unpacked from asar`);
  }

  // "Open with" matches what the app opens.
  const associated = new Set(asList(config.fileAssociations).flatMap((association) => asList(association.ext).map((ext) => `.${ext.toLowerCase()}`)));
  for (const extension of openableExtensions) if (!associated.has(extension)) problems.push(`no file association for ${extension}`);

  // Desktop integration.
  if (config.appId !== appId) problems.push(`appId must be ${appId} (the app sets it as its Windows AppUserModelID)`);
  if (manifest.desktopName !== desktopFileName) problems.push(`package.json "desktopName" must be ${desktopFileName} (the Linux launcher badge matches it)`);
  if (`${config.executableName ?? ''}.desktop` !== desktopFileName) problems.push(`executableName must name the desktop file ${desktopFileName}`);
  type Feed = { provider?: unknown; url?: unknown };
  const publish: Feed[] = asList(config.publish as Feed | Feed[] | null | undefined);
  const feed = publish.find((entry) => entry.provider === 'generic');
  if (!feed) problems.push('publish: a generic (self-hosted) update provider is not configured');
  else if (typeof feed.url !== 'string' || !feed.url.startsWith('https://')) problems.push('publish: the update feed must be an https:// URL');
  return problems;
}
