/**
 * Secrets (the API key, the cache encryption key) live in the OS keychain behind this interface. There is no
 * plaintext fallback: if the keychain cannot be used, callers get an AppError of kind 'keychain'.
 */
export interface SecretStore {
  get(account: SecretName): Promise<string | null>;
  set(account: SecretName, value: string): Promise<void>;
  delete(account: SecretName): Promise<boolean>;
}

export type SecretName = 'api-key' | 'cache-key' | 'lock-pin' | 'lock-state' | 'hub-password' | 'hub-client-key' | 'hub-office-key' | 'hub-desk-key' | 'ehr-backend-key' | 'ehr-refresh-token';

/** In-memory secrets for unit tests of logic that needs a SecretStore but not a keychain. */
export function memorySecretStore(initial: Partial<Record<SecretName, string>> = {}): SecretStore & { values: Map<SecretName, string> } {
  const values = new Map<SecretName, string>(Object.entries(initial) as Array<[SecretName, string]>);
  return {
    values,
    get: (name) => Promise.resolve(values.get(name) ?? null),
    set: (name, value) => {
      values.set(name, value);
      return Promise.resolve();
    },
    delete: (name) => Promise.resolve(values.delete(name)),
  };
}
