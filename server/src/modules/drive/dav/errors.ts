import {
  BadRequestError,
  ForbiddenError,
  InsufficientStorageError,
  MediaTypeNotSupportedError,
  ResourceNotFoundError,
  ResourceTreeNotCompleteError,
  ServiceUnavailableError,
  UnauthorizedError,
} from 'nephele';
import { AppError } from '../../../http/errors.js';
import { FileTooLargeError } from '../../../platform/files/storage.js';

const FILE_TOO_LARGE = '文件过大，超过网盘单个文件的大小上限';

/**
 * The drive's refusals as WebDAV's: a full disk is 507, a file past the size limit 413 (also
 * when a body without a length streams past it), a type the drive does not take 415.
 */
export function davError(err: unknown): unknown {
  if (err instanceof FileTooLargeError) return new AppError(413, FILE_TOO_LARGE);
  if (!(err instanceof AppError)) return err;
  const message = err.message;
  switch (err.statusCode) {
    case 400:
      return /格式|扩展名|内容为空/.test(message)
        ? new MediaTypeNotSupportedError(message)
        : new BadRequestError(message);
    case 401:
      return new UnauthorizedError(message);
    case 403:
      return new ForbiddenError(message);
    case 404:
      return new ResourceNotFoundError(message);
    case 409:
      return new ResourceTreeNotCompleteError(message);
    case 413:
      return message.startsWith('文件过大') ? err : new InsufficientStorageError(message);
    case 429:
      return new ServiceUnavailableError(message);
    default:
      return err;
  }
}

/** Runs a drive call, its refusal told the WebDAV way. */
export async function drive<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw davError(err);
  }
}
