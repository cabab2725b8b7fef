/** `npm run electron:download`: downloads the Electron binary now, even after an earlier failure. */
import { downloadElectronNow } from './electron-binary';

const binary = downloadElectronNow();
process.stdout.write(binary ? `Electron is ready: ${binary}\n` : 'The Electron binary is still not available.\n');
process.exit(binary ? 0 : 1);
