/**
 * Why a file could not be written where the user (or a rule, or Settings) said, in words for people: a full disk,
 * a folder that cannot be reached, a folder this computer does not allow writing into — never a bare error code.
 */
import { msg, type Message } from '../../preload/i18n/translator';
import { isAppError } from '../errors';

export function writeProblem(error: unknown): Message {
  if (isAppError(error)) return error.text;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') return msg('fileWrite.diskFull');
  if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EHOSTDOWN' || code === 'ENOTCONN' || code === 'ETIMEDOUT' || code === 'ESTALE') return msg('fileWrite.folderAway');
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return msg('fileWrite.notAllowed');
  if (code === 'EBUSY' || code === 'ETXTBSY') return msg('fileWrite.busy');
  return msg('fileWrite.failed', { code: code ?? '?' });
}
