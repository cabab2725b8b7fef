/** The key and the app lock over IPC: connect, reconnect, sign out; lock, unlock, the PIN, activity. */
import type { ConnectionService } from '../connection/connection-service';
import type { LockService } from '../lock/lock-service';
import type { OrganizationPolicies } from '../policy/organization-policies';
import { AppError } from '../errors';
import { msg } from '../../preload/i18n/translator';
import type { Handlers } from './dispatcher';

type SessionHandlers = Pick<
  Handlers,
  'getConnection' | 'connect' | 'reconnect' | 'signOut' | 'getLockState' | 'lockNow' | 'unlock' | 'reportActivity' | 'setLockPin' | 'clearLockPin'
>;

export function sessionHandlers(deps: { connection: ConnectionService; lock: LockService; ensureLock: () => Promise<void>; policies: Pick<OrganizationPolicies, 'view'> }): SessionHandlers {
  const { connection, lock } = deps;
  return {
    getConnection: () => Promise.resolve(connection.state()),
    connect: (request) => connection.connect(request),
    reconnect: () => connection.reconnect(),
    signOut: () => connection.signOut(),
    getLockState: async () => {
      // Until the persisted lock has been read, the lock's state is not known.
      await deps.ensureLock();
      return lock.state();
    },
    lockNow: () => lock.lockNow(),
    unlock: (credential) => lock.unlock(credential),
    reportActivity: () => {
      lock.noteActivity();
      return Promise.resolve(null);
    },
    setLockPin: (request) => lock.setPin(request.pin, request.repeat, request.currentPin),
    clearLockPin: (request) => {
      if (deps.policies.view().pinRequired) return Promise.reject(new AppError('permission', msg('policy.pinRequired'), { code: 'policy_pin_required' }));
      return lock.clearPin(request.currentPin);
    },
  };
}
