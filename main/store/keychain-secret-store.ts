/** The OS keychain (macOS Keychain, Windows Credential Vault, libsecret on Linux) through keytar. */
import keytar from 'keytar';
import { AppError } from '../errors';
import type { SecretName, SecretStore } from './secret-store';
import { msg } from '../../preload/i18n/translator';

export const defaultKeychainService = 'Fax Desktop';

function keychainUnavailable(): AppError {
  return new AppError(
    'keychain',
    msg('keychain.unavailable'),
  );
}

export function keychainSecretStore(service = defaultKeychainService): SecretStore {
  const guard = async <T>(operation: () => Promise<T>): Promise<T> => {
    try {
      return await operation();
    } catch {
      // keytar's messages name D-Bus internals; the user needs to know what to do instead.
      throw keychainUnavailable();
    }
  };
  return {
    get: (name: SecretName) => guard(() => keytar.getPassword(service, name)),
    set: (name: SecretName, value: string) => guard(() => keytar.setPassword(service, name, value)),
    delete: (name: SecretName) => guard(() => keytar.deletePassword(service, name)),
  };
}
